import path from 'node:path';
import { eachLimit, MAX_MATCHING_FILES, } from './engine.js';
import { countMatchingLines, scanWithContext } from './line-scanner.js';
import { toJsPattern } from './regex.js';
import { walk } from './walk.js';
import { walkedCheck } from './walked-check.js';
/** Entries the JavaScript walk visits before it stops. */
const MAX_WALK_ENTRIES = 200_000;
/** Files read at once. */
const READ_CONCURRENCY = 16;
/**
 * grep_files without ripgrep: the same walk as list_dir and find_files (ignore files applied the way
 * ripgrep applies them, hidden files included, `.git` skipped, symbolic links not followed) and the
 * pattern translated to a JavaScript RegExp.
 */
export function javascriptEngine() {
    const compiled = new Map();
    const patternFor = (query) => {
        const key = `${query.ignoreCase ? 'i' : 's'}:${query.pattern}`;
        let pattern = compiled.get(key);
        if (!pattern) {
            pattern = toJsPattern(query.pattern, query.ignoreCase);
            compiled.clear();
            compiled.set(key, pattern);
        }
        return pattern;
    };
    return {
        name: 'javascript',
        async count(query) {
            const pattern = patternFor(query);
            const candidates = [];
            let complete = true;
            if (query.file) {
                if (!query.include || query.include.test(path.basename(query.file)))
                    candidates.push(query.file);
            }
            else {
                const summary = await walk(query.dir, { files: query.files, signal: query.signal, maxEntries: MAX_WALK_ENTRIES }, (entry) => {
                    if (entry.kind === 'file' && (!query.include || query.include.test(entry.rel))) {
                        candidates.push(entry.path);
                    }
                });
                if (summary.capped)
                    complete = false;
            }
            const found = [];
            await eachLimit(candidates, READ_CONCURRENCY, async (file) => {
                const count = await countFile(query, file, pattern);
                if (count)
                    found.push({ path: file, count });
                if (found.length < MAX_MATCHING_FILES)
                    return true;
                complete = false;
                return false;
            });
            return { files: found, complete };
        },
        async content(query, paths, { context }, sink) {
            const pattern = patternFor(query);
            for (const file of paths) {
                let open = true;
                await scanWithContext(walkedCheck(query.files, file), pattern, context, (record) => (open = sink({ ...record, path: file })), query.signal).catch((error) => {
                    if (query.signal.aborted)
                        throw error; // a file that vanished or changed is skipped
                });
                if (!open)
                    return;
            }
        },
    };
}
async function countFile(query, file, pattern) {
    try {
        // No lstat first: openForRead opens with O_NOFOLLOW and confirms a regular file at this very path.
        return await countMatchingLines(walkedCheck(query.files, file), pattern, query.signal);
    }
    catch (error) {
        if (query.signal.aborted)
            throw error;
        return undefined; // vanished, unreadable, or swapped since the walk: not searched
    }
}
//# sourceMappingURL=js-engine.js.map