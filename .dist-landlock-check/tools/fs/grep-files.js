import path from 'node:path';
import { defineTool, fileCapabilities } from '../../core/index.js';
import { isWithin } from '../../sandbox/index.js';
import { BUILTIN_TOOL_FACETS } from '../../types/index.js';
import { intentPaths, mustRead } from '../shared/file-checks.js';
import { notFound } from './not-found.js';
import { pagedOutputPolicy } from './output-policy.js';
import { compileGlob } from './search/glob.js';
import { contentResult, filesResult, noMatches } from './search/grep-output.js';
import { javascriptEngine } from './search/js-engine.js';
import { newestFirst, withMtimes } from './search/mtime.js';
import { normalizePattern } from './search/regex.js';
import { ripgrepEngine } from './search/rg-engine.js';
import { findRipgrep } from './search/rg-process.js';
import { readableUnder } from './search/walked-check.js';
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
/**
 * grep_files: search file contents with a regex, through ripgrep when it is installed and a JavaScript
 * implementation with the same results when it is not (see search/engine.ts for the two passes).
 */
export function grepFilesTool(options = {}) {
    const maxLineChars = options.maxLineChars ?? 500;
    const maxOutputBytes = options.maxOutputBytes ?? 30 * 1024;
    const javascript = javascriptEngine();
    // Looked up per set of roots (rg must not come from inside one of them), then reused.
    const ripgrepByRoots = new Map();
    const engine = (roots) => {
        if (options.ripgrep === false)
            return javascript;
        const key = roots.join('\u0000');
        if (!ripgrepByRoots.has(key)) {
            const rg = typeof options.ripgrep === 'string' ? options.ripgrep : findRipgrep(process.env.PATH, roots);
            if (ripgrepByRoots.size > 16)
                ripgrepByRoots.clear();
            ripgrepByRoots.set(key, rg ? ripgrepEngine(rg) : undefined);
        }
        return ripgrepByRoots.get(key) ?? javascript;
    };
    return defineTool({
        name: 'grep_files',
        facets: BUILTIN_TOOL_FACETS.grep_files,
        capabilities: fileCapabilities,
        description: 'Search file contents with a regular expression (Rust regex syntax, as in ripgrep). output_mode "files" (default) lists the matching files, newest first; "content" shows matching lines as path:line:text, with `context` lines around them as path-line-text. Files ignored by .gitignore or .ignore, binary files and .git are skipped; hidden files are searched. `include` limits the search to files matching a glob ("*.ts" matches by name at any depth, "src/**/*.ts" by path).',
        inputSchema: {
            type: 'object',
            properties: {
                pattern: {
                    type: 'string',
                    minLength: 1,
                    description: 'Regular expression to search for, e.g. "function\\s+load" or "TODO".',
                },
                path: {
                    type: 'string',
                    description: 'Directory or file to search, relative to the current directory. Default: the current directory.',
                },
                include: {
                    type: 'string',
                    description: 'Only search files matching this glob, e.g. "*.ts" or "src/**/*.{js,jsx}".',
                },
                output_mode: {
                    type: 'string',
                    enum: ['files', 'content'],
                    description: '"files" (default): matching file paths. "content": the matching lines.',
                },
                context: {
                    type: 'integer',
                    minimum: 0,
                    maximum: 10,
                    description: 'Lines of context around each match in content mode. Default 0.',
                },
                case_insensitive: { type: 'boolean', description: 'Ignore case. Default false.' },
                limit: {
                    type: 'integer',
                    minimum: 1,
                    maximum: MAX_LIMIT,
                    description: `Most files (files mode) or matching lines (content mode) to show. Default ${DEFAULT_LIMIT}.`,
                },
            },
            required: ['pattern'],
            additionalProperties: false,
        },
        annotations: { readOnlyHint: true, idempotentHint: true, title: 'Search file contents' },
        outputPolicy: pagedOutputPolicy(maxOutputBytes),
        timeoutMs: 120_000,
        source: 'builtin',
        classify: (args, { cwd }) => ({
            action: 'file_read',
            summary: `search for ${JSON.stringify(args.pattern)} in ${args.path ?? '.'}`,
            scope: { operation: 'grep_files', paths: intentPaths(cwd, [args.path ?? '.']) },
        }),
        async execute(raw, ctx) {
            const args = raw;
            const { files } = ctx.capabilities;
            const target = await mustRead(files, args.path ?? '.', 'any');
            if (!target.stat)
                throw await notFound(files, target.path, 'Path');
            const isFile = target.stat.isFile();
            const dir = isFile ? path.dirname(target.path) : target.path;
            const query = {
                files,
                dir,
                pattern: normalizePattern(args.pattern),
                ignoreCase: args.case_insensitive === true,
                signal: ctx.signal,
            };
            if (isFile)
                query.file = target.path;
            if (args.include !== undefined)
                query.include = compileGlob(args.include, dir, 'include');
            const { used, counted } = await countWithFallback(engine(files.roots.map((r) => r.path)), javascript, query);
            const dated = await withMtimes(keepVisible(files, query, counted.files), ctx.signal);
            dated.sort(newestFirst);
            const matches = sum(dated);
            const details = { engine: used.name, files: dated.length, matches };
            if (dated.length === 0) {
                return { content: noMatches(files, args, target.path, counted.complete), details };
            }
            const found = { files: dated, matches, complete: counted.complete, details };
            const limit = args.limit ?? DEFAULT_LIMIT;
            if ((args.output_mode ?? 'files') === 'files')
                return filesResult(files, found, limit, maxOutputBytes);
            const context = args.context ?? 0;
            return contentResult(used, query, found, { limit, context, maxLineChars, maxBytes: maxOutputBytes });
        },
    });
}
/** The first pass; if ripgrep cannot run (gone, not executable, broken), the JavaScript search does it. */
async function countWithFallback(preferred, javascript, query) {
    try {
        return { used: preferred, counted: await preferred.count(query) };
    }
    catch (error) {
        const code = error.code;
        // A bad pattern is the model's to fix, whichever engine found it.
        if (preferred === javascript || (code !== 'ENOENT' && code !== 'EACCES' && code !== 'ERIPGREP')) {
            throw error;
        }
        return { used: javascript, counted: await javascript.count(query) };
    }
}
/**
 * What the model may see of the first pass: inside the searched directory, readable by the policy along
 * the whole way down (deny-read applies to what ripgrep reports as much as to the walk), and matching the
 * include glob by its path, which ripgrep's file-type filter only approximates.
 */
function keepVisible(files, query, found) {
    const cache = new Map();
    const skip = query.dir === '/' ? 1 : query.dir.length + 1;
    return found.filter((match) => {
        if (query.file ? match.path !== query.file : match.path === query.dir || !isWithin(match.path, query.dir)) {
            return false;
        }
        if (!readableUnder(files, match.path, query.dir, cache))
            return false;
        return !query.include || query.include.test(match.path.slice(skip));
    });
}
function sum(found) {
    let total = 0;
    for (const file of found)
        total += file.count;
    return total;
}
//# sourceMappingURL=grep-files.js.map