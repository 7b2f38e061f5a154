import { defineTool, fileCapabilities, ToolError } from '../../core/index.js';
import { BUILTIN_TOOL_FACETS } from '../../types/index.js';
import { intentPaths, mustRead } from '../shared/file-checks.js';
import { notFound } from './not-found.js';
import { pagedOutputPolicy } from './output-policy.js';
import { count, counted } from './search/format.js';
import { collectPage, renderTree } from './search/tree-page.js';
const DEFAULT_DEPTH = 2;
const MAX_DEPTH = 10;
const DEFAULT_LIMIT = 500;
/** list_dir: an indented, sorted tree of a directory, paged, ignore files respected. */
export function listDirTool(options = {}) {
    const maxPageBytes = options.maxPageBytes ?? 30 * 1024;
    return defineTool({
        name: 'list_dir',
        facets: BUILTIN_TOOL_FACETS.list_dir,
        capabilities: fileCapabilities,
        description: 'List a directory as an indented tree (directories first, then files, by name), a few levels deep. Directories end with "/", symbolic links show as "name@ -> target". Entries ignored by .gitignore or .ignore are left out unless include_ignored is true; .git is never listed. Long listings come in pages: use offset to continue.',
        inputSchema: {
            type: 'object',
            properties: {
                path: {
                    type: 'string',
                    description: 'Directory to list, relative to the current directory. Default: the current directory.',
                },
                depth: {
                    type: 'integer',
                    minimum: 1,
                    maximum: MAX_DEPTH,
                    description: `Levels to show: 1 lists only the directory's own entries. Default ${DEFAULT_DEPTH}.`,
                },
                offset: {
                    type: 'integer',
                    minimum: 1,
                    description: 'Entry to start from (1-based), to continue a long listing.',
                },
                limit: { type: 'integer', minimum: 1, description: `Entries per page. Default ${DEFAULT_LIMIT}.` },
                include_ignored: {
                    type: 'boolean',
                    description: 'Also list entries ignored by .gitignore or .ignore (marked "ignored"). Default false.',
                },
            },
            additionalProperties: false,
        },
        annotations: { readOnlyHint: true, idempotentHint: true, title: 'List directory' },
        outputPolicy: pagedOutputPolicy(maxPageBytes),
        timeoutMs: 60_000,
        source: 'builtin',
        classify: (args, { cwd }) => ({
            action: 'file_read',
            summary: `list ${args.path ?? '.'}`,
            scope: { operation: 'list_dir', paths: intentPaths(cwd, [args.path ?? '.']) },
        }),
        async execute(raw, ctx) {
            const args = raw;
            const { files } = ctx.capabilities;
            const target = await mustRead(files, args.path ?? '.', 'any');
            if (!target.stat)
                throw await notFound(files, target.path, 'Directory');
            if (!target.stat.isDirectory()) {
                throw new ToolError('invalid_arguments', `${target.display} is a file, not a directory; use read_file to read it.`);
            }
            const depth = args.depth ?? DEFAULT_DEPTH;
            const offset = args.offset ?? 1;
            const limit = args.limit ?? DEFAULT_LIMIT;
            const page = await collectPage(files, target.path, {
                depth,
                offset,
                limit,
                maxBytes: maxPageBytes,
                includeIgnored: args.include_ignored === true,
                signal: ctx.signal,
            });
            const { total, summary } = page;
            const header = `${target.display === '.' ? target.path : target.display}/`;
            const totalText = summary.capped ? `more than ${count(total)}` : count(total);
            if (total === 0) {
                const hidden = summary.ignored > 0
                    ? `; ${counted(summary.ignored, 'ignored entry', 'ignored entries')} not shown (include_ignored: true lists them)`
                    : '';
                return {
                    content: `${header}\n(empty directory${hidden})`,
                    details: { entries: 0, ignored: summary.ignored },
                };
            }
            if (page.entries.length === 0) {
                throw new ToolError('invalid_arguments', `offset ${count(offset)} is past the end: ${header} has ${totalText} ${total === 1 ? 'entry' : 'entries'} at depth ${depth}.`, { hint: 'Use an offset within the listing, or omit it to start at the first entry.' });
            }
            const lines = await renderTree(header, page);
            const last = offset + page.entries.length - 1;
            const more = summary.capped || last < total;
            const notes = [];
            const range = `[Showing entries ${count(offset)}-${count(last)} of ${totalText}`;
            if (more)
                notes.push(`${range}. Use offset=${last + 1} to continue.]`);
            else if (offset > 1)
                notes.push(`${range}.]`);
            if (summary.ignored > 0) {
                notes.push(`[${counted(summary.ignored, 'entry', 'entries')} ignored by .gitignore or .ignore ${summary.ignored === 1 ? 'is' : 'are'} not shown; include_ignored: true lists them.]`);
            }
            if (summary.unreadable > 0) {
                notes.push(`[${counted(summary.unreadable, 'directory', 'directories')} could not be read.]`);
            }
            if (notes.length > 0)
                lines.push('', ...notes);
            const details = {
                entries: total,
                shown: page.entries.length,
                offset,
                ignored: summary.ignored,
                truncated: more,
            };
            return { content: lines.join('\n'), details };
        },
    });
}
//# sourceMappingURL=list-dir.js.map