import path from 'node:path';
import { ToolError } from '../../../core/index.js';
import { MAX_MATCHING_FILES } from './engine.js';
import { insideRepository } from './ignore-rules.js';
import { invalidRegex } from './regex.js';
import { runRipgrep } from './rg-process.js';
/** stdout read from the counting pass (paths and counts) before ripgrep is stopped. */
const MAX_COUNT_OUTPUT_BYTES = 32 * 1024 * 1024;
/** stdout read from the printing pass; the collector needs far less. */
const MAX_CONTENT_OUTPUT_BYTES = 8 * 1024 * 1024;
/** Argument bytes of file paths per printing run (well under ARG_MAX). */
const MAX_ARGV_PATH_BYTES = 256 * 1024;
/**
 * Flags every run gets. The argv is fixed here and the model's text only ever follows `--`: the pattern,
 * then paths we checked. No config file (`--no-config`, and an empty environment), no preprocessor, no
 * symlink following; hidden files searched and `.git` skipped (the JavaScript walk does the same); ignore
 * files respected (with --no-require-git outside a repository, see insideRepository) but not the user's
 * global git excludes, which the JavaScript walk cannot see; `\r\n` treated as a line ending.
 */
const COMMON_ARGS = [
    '--no-config',
    '--no-messages',
    '--color=never',
    '--hidden',
    '--no-ignore-global',
    '--crlf',
    '--glob=!.git',
    // Paths always, even when one file is searched.
    '--with-filename',
];
/** grep_files through ripgrep. */
export function ripgrepEngine(rg) {
    return {
        name: 'ripgrep',
        async count(query) {
            const args = [...COMMON_ARGS, '--count', '--null', caseFlag(query), ...includeArgs(query.include)];
            if (!(await insideRepository(query.files, query.dir)))
                args.push('--no-require-git');
            if (query.file)
                args.push('--max-depth=1', `--glob=${globLiteral(path.basename(query.file))}`);
            args.push('--', query.pattern, query.dir);
            const files = [];
            let complete = true;
            const run = await runRipgrep(rg, args, {
                cwd: query.dir,
                signal: query.signal,
                maxStdoutBytes: MAX_COUNT_OUTPUT_BYTES,
                onLine(line) {
                    const nul = line.indexOf(0);
                    if (nul <= 0)
                        return true;
                    const count = Number.parseInt(line.subarray(nul + 1).toString('latin1'), 10);
                    if (count > 0)
                        files.push({ path: line.subarray(0, nul).toString('utf8'), count });
                    if (files.length < MAX_MATCHING_FILES)
                        return true;
                    complete = false;
                    return false;
                },
            });
            if (run.overflowed)
                complete = false;
            failIfBroken(run, query, files.length > 0);
            return { files, complete };
        },
        async content(query, paths, { context, maxMatches }, sink) {
            const args = [
                ...COMMON_ARGS,
                '--line-number',
                '--null',
                '--no-heading',
                // One thread searches the files in the order given, so output arrives newest file first.
                '--threads=1',
                // A minified megabyte line arrives as its first 4 KiB. The collector cuts every line to 500 code
                // points (at most 2 KiB of UTF-8), so the text shown is the same as the JavaScript search's.
                '--max-columns=4096',
                '--max-columns-preview',
                caseFlag(query),
            ];
            // Past the last match shown only its trailing context is read; a margin keeps ripgrep versions that
            // print context after --max-count differently from mattering.
            args.push(`--max-count=${maxMatches + context + 1}`);
            if (context > 0)
                args.push(`--context=${context}`);
            args.push('--', query.pattern);
            for (const batch of batches(paths)) {
                let open = true;
                let pending = '';
                const run = await runRipgrep(rg, [...args, ...batch], {
                    cwd: query.dir,
                    signal: query.signal,
                    maxStdoutBytes: MAX_CONTENT_OUTPUT_BYTES,
                    onLine(raw) {
                        const record = parseContentLine(pending, raw);
                        if (record === 'separator')
                            return true;
                        if (typeof record === 'string') {
                            pending = record; // a path with a line break in it: the rest comes on the next line
                            return true;
                        }
                        pending = '';
                        open = sink(record);
                        return open;
                    },
                });
                failIfBroken(run, query, true);
                if (!open)
                    return;
            }
        },
    };
}
/** `path\0N:text` (match) or `path\0N-text` (context); `--` between groups. */
function parseContentLine(pending, raw) {
    const nul = raw.indexOf(0);
    if (nul < 0) {
        const text = raw.toString('utf8');
        if (pending === '' && (text === '--' || text === '--\r'))
            return 'separator';
        return `${pending}${text}\n`;
    }
    const file = pending + raw.subarray(0, nul).toString('utf8');
    let i = nul + 1;
    let line = 0;
    while (i < raw.length && raw[i] >= 0x30 && raw[i] <= 0x39)
        line = line * 10 + (raw[i++] - 0x30);
    const match = raw[i] === 0x3a; // ':'
    let text = raw.subarray(i + 1).toString('utf8');
    if (text.endsWith('\r'))
        text = text.slice(0, -1);
    return { path: file, line, match, text };
}
function caseFlag(query) {
    return query.ignoreCase ? '--ignore-case' : '--case-sensitive';
}
/**
 * A name-only include glob also goes to ripgrep as a file type, so it skips other files without reading
 * them; types, unlike --glob, never override ignore rules. Only plain glob syntax is passed on; the include
 * is applied again to what ripgrep reports either way.
 */
function includeArgs(include) {
    if (!include?.nameOnly ||
        !/^[A-Za-z0-9_.*?{},[\]-]+$/.test(include.source) ||
        include.source.startsWith('include')) {
        return [];
    }
    return [`--type-add=handrailinclude:${include.source}`, '--type=handrailinclude'];
}
/** A file name as a --glob that matches only itself (gitignore syntax, backslash escapes). */
export function globLiteral(name) {
    let escaped = name.replace(/[\\*?[\]{}]/g, '\\$&');
    if (escaped.startsWith('!') || escaped.startsWith('#'))
        escaped = `\\${escaped}`;
    return escaped.replace(/ +$/, (spaces) => spaces.replace(/ /g, '\\ '));
}
function* batches(paths) {
    let batch = [];
    let bytes = 0;
    for (const file of paths) {
        const size = Buffer.byteLength(file) + 1;
        if (batch.length > 0 && bytes + size > MAX_ARGV_PATH_BYTES) {
            yield batch;
            batch = [];
            bytes = 0;
        }
        batch.push(file);
        bytes += size;
    }
    if (batch.length > 0)
        yield batch;
}
/** Exit 2 is an error; with output it only means some file could not be read, which is not ours to report. */
function failIfBroken(run, query, hadOutput) {
    if (run.stopped || run.code === 0 || run.code === 1)
        return;
    const parse = /regex parse error:[\s\S]*?\nerror: ([^\n]+)/.exec(run.stderr);
    if (parse)
        throw invalidRegex(query.pattern, parse[1]);
    const glob = /error parsing glob[^\n]*/.exec(run.stderr);
    if (glob) {
        throw new ToolError('invalid_arguments', `Invalid include glob "${query.include?.source}": ${glob[0]}`);
    }
    if (hadOutput)
        return;
    const first = run.stderr.split('\n').find((l) => l.trim() !== '') ?? `exit code ${run.code}`;
    throw Object.assign(new Error(`ripgrep failed: ${first.trim()}`), { code: 'ERIPGREP' });
}
//# sourceMappingURL=rg-engine.js.map