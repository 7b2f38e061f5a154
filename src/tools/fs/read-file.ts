import { defineTool, fileCapabilities, ToolError } from '../../core/index.js';
import { formatBytes } from '../../output/index.js';
import { openForRead } from '../../sandbox/index.js';
import { BUILTIN_TOOL_FACETS, type ToolSpec } from '../../types/index.js';
import { intentPaths, mustRead } from '../shared/file-checks.js';
import { notFound } from './not-found.js';
import { pagedOutputPolicy } from './output-policy.js';
import { sniff } from './read/file-kind.js';
import { type LineIndex, readPage } from './read/pager.js';

export interface ReadFileOptions {
  /** Lines per page (default 2,000). */
  pageLines?: number;
  /** Characters per line before it is cut (default 2,000). */
  maxLineChars?: number;
  /** Bytes of numbered text per page, kept under the model-visible bound (default 30 KiB). */
  maxPageBytes?: number;
  /** Largest image returned as an image part (default 5 MiB). */
  maxImageBytes?: number;
  /** Files up to this size have their lines counted for "of N" (default 512 MiB); larger ones show bytes. */
  countLinesUpTo?: number;
}

/** UTF-16 files are decoded whole, so only up to this size. */
const MAX_UTF16_BYTES = 16 * 1024 * 1024;
/** Line indexes one turn keeps. */
const MAX_INDEXES = 64;

/**
 * read_file: numbered lines, a page at a time, with memory bounded by the page rather than the file.
 * Images come back as image parts; other binary files are described, never dumped.
 */
export function readFileTool(options: ReadFileOptions = {}): ToolSpec {
  const pageLines = options.pageLines ?? 2000;
  const maxLineChars = options.maxLineChars ?? 2000;
  const maxPageBytes = options.maxPageBytes ?? 30 * 1024;
  const maxImageBytes = options.maxImageBytes ?? 5 * 1024 * 1024;
  const countLinesUpTo = options.countLinesUpTo ?? 512 * 1024 * 1024;

  return defineTool({
    name: 'read_file',
    facets: BUILTIN_TOOL_FACETS.read_file,
    capabilities: fileCapabilities,
    description: `Read a file as numbered lines (like cat -n), ${pageLines.toLocaleString('en-US')} lines per page; use offset and limit to page through long files. Images (png, jpeg, gif, webp) are returned as images; other binary files are described.`,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File to read, relative to the current directory or absolute.' },
        offset: { type: 'integer', minimum: 1, description: 'Line to start from (1-based). Default 1.' },
        limit: {
          type: 'integer',
          minimum: 1,
          description: `Lines to read. Default and maximum ${pageLines}.`,
        },
      },
      required: ['path'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, title: 'Read file' },
    // The page is already bounded; leave room for its notes so projection never cuts a page in the middle.
    outputPolicy: pagedOutputPolicy(maxPageBytes, { maxLines: pageLines + 20 }),
    source: 'builtin',
    classify: (args, { cwd }) => ({
      action: 'file_read',
      summary: `read ${args.path}`,
      scope: { operation: 'read_file', paths: intentPaths(cwd, [args.path]) },
    }),
    async execute(args, ctx) {
      const { files, fileVersions: versions } = ctx.capabilities;
      const file = await mustRead(files, args.path, 'any');
      if (!file.stat) throw await notFound(files, file.path, 'File');
      if (file.stat.isDirectory()) {
        throw new ToolError(
          'invalid_arguments',
          `${file.display} is a directory, not a file. Use list_dir to see what it contains.`,
        );
      }
      const { handle, stat } = await openForRead(file);
      try {
        versions.record(file.path, stat);
        if (stat.size === 0) return `(${file.display} is empty)`;
        const head = Buffer.alloc(Math.min(8192, stat.size));
        await handle.read(head, 0, head.length, 0);
        const kind = sniff(head);
        if (kind.kind === 'image') {
          if (stat.size > maxImageBytes) {
            return `${file.display} is ${kind.description} of ${formatBytes(stat.size)}, over the ${formatBytes(maxImageBytes)} limit for images, so it is not shown.`;
          }
          const data = await handle.readFile();
          return {
            content: [
              {
                type: 'text',
                text: `${file.display}: ${kind.description.replace(/^an? /, '')}, ${formatBytes(stat.size)}`,
              },
              { type: 'image', data: data.toString('base64'), mimeType: kind.mimeType! },
            ],
            details: { path: file.display, bytes: stat.size, mimeType: kind.mimeType },
          };
        }
        if (kind.kind === 'binary') {
          return `${file.display} (${formatBytes(stat.size)}) is ${kind.description}; its contents are not shown as text.`;
        }
        const offset = args.offset ?? 1;
        const limit = Math.min(args.limit ?? pageLines, pageLines);
        if (kind.kind === 'utf16') {
          return readUtf16(handle, stat.size, file.display, offset, limit, maxLineChars, maxPageBytes);
        }

        const index = lineIndex(ctx.turnState, file.path, stat);
        const page = await readPage(handle, {
          offset,
          limit,
          maxLineChars,
          maxBytes: maxPageBytes,
          countTotal: stat.size <= countLinesUpTo,
          index,
          ...(kind.lineBreak === 'cr' ? { loneCr: true } : {}),
        });
        return formatPage(file.display, page.lines, offset, page.totalLines, {
          size: stat.size,
          stoppedByBytes: page.stoppedByBytes,
          cutLines: page.cutLines,
          maxLineChars,
          maxPageBytes,
        });
      } finally {
        await handle.close();
      }
    },
  });
}

function formatPage(
  display: string,
  lines: string[],
  offset: number,
  totalLines: number | undefined,
  info: {
    size: number;
    stoppedByBytes: boolean;
    cutLines: number;
    maxLineChars: number;
    maxPageBytes: number;
  },
): string {
  if (lines.length === 0) {
    const total = totalLines ?? 0;
    throw new ToolError(
      'invalid_arguments',
      `${display} has ${total.toLocaleString('en-US')} line${total === 1 ? '' : 's'}; offset ${offset.toLocaleString('en-US')} is past the end.`,
      { hint: total > 0 ? `Use an offset from 1 to ${total}.` : 'The file has no lines to read.' },
    );
  }
  const numbered = lines.map((text, i) => `${String(offset + i).padStart(6)}\t${text}`).join('\n');
  const lastShown = offset + lines.length - 1;
  const notes: string[] = [];
  const more = totalLines === undefined || lastShown < totalLines;
  if (more) {
    const of =
      totalLines === undefined
        ? ` of a ${formatBytes(info.size)} file`
        : ` of ${totalLines.toLocaleString('en-US')}`;
    const why = info.stoppedByBytes ? ` (page cut at ${formatBytes(info.maxPageBytes)})` : '';
    if (totalLines === undefined || lastShown < totalLines) {
      notes.push(
        `[Showing lines ${offset}-${lastShown}${of}${why}. Use offset=${lastShown + 1} to continue.]`,
      );
    }
  }
  if (info.cutLines > 0) {
    notes.push(
      `[${info.cutLines} line${info.cutLines === 1 ? ' was' : 's were'} longer than ${info.maxLineChars} characters and cut.]`,
    );
  }
  return notes.length > 0 ? `${numbered}\n\n${notes.join('\n')}` : numbered;
}

/** The turn's line index for this version of the file (a changed file gets a fresh one). */
function lineIndex(
  turnState: Map<string, unknown>,
  file: string,
  stat: { ino: number; size: number; mtimeMs: number },
): LineIndex {
  let indexes = turnState.get('lineIndexes') as Map<string, { key: string; index: LineIndex }> | undefined;
  if (!indexes) {
    indexes = new Map();
    turnState.set('lineIndexes', indexes);
  }
  const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const found = indexes.get(file);
  if (found && found.key === key) return found.index;
  const index: LineIndex = { checkpoints: new Map() };
  indexes.delete(file);
  indexes.set(file, { key, index });
  if (indexes.size > MAX_INDEXES) indexes.delete(indexes.keys().next().value as string);
  return index;
}

async function readUtf16(
  handle: import('node:fs/promises').FileHandle,
  size: number,
  display: string,
  offset: number,
  limit: number,
  maxLineChars: number,
  maxPageBytes: number,
): Promise<string> {
  if (size > MAX_UTF16_BYTES) {
    return `${display} is UTF-16 text of ${formatBytes(size)}; only UTF-16 files up to ${formatBytes(MAX_UTF16_BYTES)} are read.`;
  }
  const data = await handle.readFile();
  const bigEndian = data[0] === 0xfe;
  const body = data.subarray(2, data.length - ((data.length - 2) % 2));
  const text = bigEndian ? Buffer.from(body).swap16().toString('utf16le') : body.toString('utf16le');
  const all = text.split(/\r?\n/);
  if (all.at(-1) === '') all.pop();
  // The same page rules as UTF-8 text: at most `limit` lines and `maxPageBytes` of numbered text.
  const lines: string[] = [];
  let bytes = 0;
  let cutLines = 0;
  let stoppedByBytes = false;
  for (const raw of all.slice(offset - 1, offset - 1 + limit)) {
    const line =
      raw.length > maxLineChars
        ? `${raw.slice(0, maxLineChars)}… [line cut at ${maxLineChars} characters]`
        : raw;
    const size = Buffer.byteLength(line) + 8;
    if (lines.length > 0 && bytes + size > maxPageBytes) {
      stoppedByBytes = true;
      break;
    }
    if (line !== raw) cutLines++;
    bytes += size;
    lines.push(line);
  }
  return formatPage(display, lines, offset, all.length, {
    size,
    stoppedByBytes,
    cutLines,
    maxLineChars,
    maxPageBytes,
  });
}
