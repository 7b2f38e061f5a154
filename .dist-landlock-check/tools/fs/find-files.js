import { promises as fs } from 'node:fs';
import { defineTool, fileCapabilities, ToolError } from '../../core/index.js';
import { BUILTIN_TOOL_FACETS } from '../../types/index.js';
import { intentPaths, mustRead } from '../shared/file-checks.js';
import { notFound } from './not-found.js';
import { pagedOutputPolicy } from './output-policy.js';
import { count, counted, where } from './search/format.js';
import { compileGlob, mayContain } from './search/glob.js';
import { newestFirst, withMtimes } from './search/mtime.js';
import { cappedResult, listPaths } from './search/results.js';
import { walk } from './search/walk.js';
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
/** Entries the walk visits before it stops. */
const MAX_VISITED = 500_000;
/** Matches kept for sorting; past this the search stops and says so. */
const MAX_MATCHES = 100_000;
/** find_files: files whose path matches a glob, newest first, ignore files respected. */
export function findFilesTool(options = {}) {
    const maxOutputBytes = options.maxOutputBytes ?? 30 * 1024;
    return defineTool({
        name: 'find_files',
        facets: BUILTIN_TOOL_FACETS.find_files,
        capabilities: fileCapabilities,
        description: 'Find files by glob, newest first. A pattern without "/" matches file names at any depth ("*.ts", "*.{js,jsx}", "README*"); a pattern with "/" matches the path relative to `path` ("src/**/*.test.ts", "**/fixtures/*.json"). Files ignored by .gitignore or .ignore and .git are skipped; hidden files are included.',
        inputSchema: {
            type: 'object',
            properties: {
                pattern: {
                    type: 'string',
                    minLength: 1,
                    description: 'Glob to match, e.g. "*.ts" or "src/**/*.test.ts".',
                },
                path: {
                    type: 'string',
                    description: 'Directory to search, relative to the current directory. Default: the current directory.',
                },
                limit: {
                    type: 'integer',
                    minimum: 1,
                    maximum: MAX_LIMIT,
                    description: `Most paths to show. Default ${DEFAULT_LIMIT}.`,
                },
            },
            required: ['pattern'],
            additionalProperties: false,
        },
        annotations: { readOnlyHint: true, idempotentHint: true, title: 'Find files' },
        outputPolicy: pagedOutputPolicy(maxOutputBytes),
        timeoutMs: 120_000,
        source: 'builtin',
        classify: (args, { cwd }) => ({
            action: 'file_read',
            summary: `find ${JSON.stringify(args.pattern)} in ${args.path ?? '.'}`,
            scope: { operation: 'find_files', paths: intentPaths(cwd, [args.path ?? '.']) },
        }),
        async execute(raw, ctx) {
            const args = raw;
            const { files } = ctx.capabilities;
            const target = await mustRead(files, args.path ?? '.', 'any');
            if (!target.stat)
                throw await notFound(files, target.path, 'Directory');
            if (!target.stat.isDirectory()) {
                throw new ToolError('invalid_arguments', `${target.display} is a file, not a directory; give the directory to search as path and the file name as pattern.`);
            }
            const glob = compileGlob(args.pattern, target.path, 'pattern');
            const matches = [];
            let overflow = false;
            const summary = await walk(target.path, {
                files,
                signal: ctx.signal,
                maxEntries: MAX_VISITED,
                descend: (entry) => mayContain(glob.base, entry.rel),
            }, (entry) => {
                if ((entry.kind !== 'file' && entry.kind !== 'symlink') || !glob.test(entry.rel))
                    return;
                if (matches.length < MAX_MATCHES)
                    matches.push({ path: entry.path, link: entry.kind === 'symlink' });
                else
                    overflow = true;
            });
            const complete = !summary.capped && !overflow;
            const kept = await keepFiles(files, matches);
            const found = await withMtimes(kept, ctx.signal);
            found.sort(newestFirst);
            const details = { files: found.length, visited: summary.visited, ignored: summary.ignored };
            if (found.length === 0) {
                return { content: noMatches(files, args, target.path, summary, complete), details };
            }
            const lines = listPaths(files, found, args.limit ?? DEFAULT_LIMIT, maxOutputBytes);
            if (lines.length === found.length && complete)
                return { content: lines.join('\n'), details };
            const of = complete ? count(found.length) : `more than ${count(found.length)}`;
            return cappedResult(lines, `[Showing ${count(lines.length)} of ${of} matches, newest first. Narrow the pattern or the path to see the rest.]`, { ...details, shown: lines.length });
        },
    });
}
/**
 * Regular files, and symbolic links that resolve to a regular file the policy lets us read (the link is
 * listed under its own name; one pointing outside the roots or at a directory is left out).
 */
async function keepFiles(files, matches) {
    const kept = [];
    for (const match of matches) {
        if (!match.link) {
            kept.push({ path: match.path });
            continue;
        }
        const real = await fs.realpath(match.path).catch(() => undefined);
        if (!real || !files.isReadable(real))
            continue;
        const stat = await fs.stat(real).catch(() => undefined);
        if (stat?.isFile())
            kept.push({ path: match.path });
    }
    return kept;
}
function noMatches(files, args, dir, summary, complete) {
    const notes = [`No files match ${JSON.stringify(args.pattern)} in ${where(files, dir)}.`];
    if (summary.ignored > 0) {
        notes.push(`${counted(summary.ignored, 'ignored entry', 'ignored entries')} (.gitignore or .ignore) ${summary.ignored === 1 ? 'was' : 'were'} not searched.`);
    }
    if (args.pattern.includes('/')) {
        notes.push(`A pattern with "/" is matched against the whole path relative to ${where(files, dir)}; "**/" matches any directories.`);
    }
    if (!complete)
        notes.push('The search stopped early at its size limit; search a narrower path.');
    return notes.join(' ');
}
//# sourceMappingURL=find-files.js.map