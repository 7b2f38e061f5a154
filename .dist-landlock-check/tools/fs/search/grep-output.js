import { ContentCollector } from './content.js';
import { count, where } from './format.js';
import { cappedResult, listPaths } from './results.js';
const NARROW = 'there are more. Narrow the pattern, path or include glob.';
/** files mode: the paths, newest first. */
export function filesResult(files, found, limit, maxBytes) {
    const lines = listPaths(files, found.files, limit, maxBytes);
    if (lines.length === found.files.length && found.complete) {
        return { content: lines.join('\n'), details: found.details };
    }
    const of = found.complete ? count(found.files.length) : `more than ${count(found.files.length)}`;
    return cappedResult(lines, `[Showing ${count(lines.length)} of ${of} matching files, newest first; ${NARROW}]`, {
        ...found.details,
        shown: lines.length,
    });
}
/** content mode: the second pass prints the newest files' matches until the collector has enough. */
export async function contentResult(engine, query, found, opts) {
    const collector = new ContentCollector(query.files, opts);
    await engine.content(query, firstFiles(found.files, opts.limit), { context: opts.context, maxMatches: opts.limit }, (record) => collector.push(record));
    collector.finish();
    if (collector.matches >= found.matches && found.complete) {
        return { content: collector.lines.join('\n'), details: found.details };
    }
    const of = found.complete ? count(found.matches) : `more than ${count(found.matches)}`;
    return cappedResult(collector.lines, `[Showing the first ${count(collector.matches)} of ${of} matches; ${NARROW}]`, {
        ...found.details,
        shown: collector.matches,
    });
}
/** The newest files that together hold at least `limit` matches: all the printing pass needs to read. */
function firstFiles(found, limit) {
    const paths = [];
    let matches = 0;
    for (const file of found) {
        paths.push(file.path);
        matches += file.count;
        if (matches >= limit)
            break;
    }
    return paths;
}
/** Nothing matched: where we looked, what was skipped, and the likeliest fix. */
export function noMatches(files, args, target, complete) {
    const scope = args.include ? ` (files matching "${args.include}")` : '';
    const notes = [
        `No matches for ${JSON.stringify(args.pattern)} in ${where(files, target)}${scope}.`,
        'Files ignored by .gitignore or .ignore, binary files and .git were not searched.',
    ];
    if (!args.case_insensitive && /[a-zA-Z]/.test(args.pattern)) {
        notes.push('The search was case-sensitive; set case_insensitive: true to ignore case.');
    }
    if (!complete)
        notes.push('The search stopped early at its size limit; search a narrower path.');
    return notes.join(' ');
}
//# sourceMappingURL=grep-output.js.map