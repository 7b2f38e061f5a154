import path from 'node:path';
import type { ContentRecord } from './content.js';
import {
  type CountResult,
  eachLimit,
  type GrepEngine,
  type GrepQuery,
  MAX_MATCHING_FILES,
  type MatchCount,
} from './engine.js';
import { countMatchingLines, scanWithContext } from './line-scanner.js';
import { type JsPattern, toJsPattern } from './regex.js';
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
export function javascriptEngine(): GrepEngine {
  const compiled = new Map<string, JsPattern>();
  const patternFor = (query: GrepQuery) => {
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
    async count(query): Promise<CountResult> {
      const pattern = patternFor(query);
      const candidates: string[] = [];
      let complete = true;
      if (query.file) {
        if (!query.include || query.include.test(path.basename(query.file))) candidates.push(query.file);
      } else {
        const summary = await walk(
          query.dir,
          { files: query.files, signal: query.signal, maxEntries: MAX_WALK_ENTRIES },
          (entry) => {
            if (entry.kind === 'file' && (!query.include || query.include.test(entry.rel))) {
              candidates.push(entry.path);
            }
          },
        );
        if (summary.capped) complete = false;
      }
      const found: MatchCount[] = [];
      await eachLimit(candidates, READ_CONCURRENCY, async (file) => {
        const count = await countFile(query, file, pattern);
        if (count) found.push({ path: file, count });
        if (found.length < MAX_MATCHING_FILES) return true;
        complete = false;
        return false;
      });
      return { files: found, complete };
    },
    async content(query, paths, { context }, sink) {
      const pattern = patternFor(query);
      for (const file of paths) {
        let open = true;
        await scanWithContext(
          walkedCheck(query.files, file),
          pattern,
          context,
          (record) => (open = sink({ ...record, path: file } satisfies ContentRecord)),
          query.signal,
        ).catch((error) => {
          if (query.signal.aborted) throw error; // a file that vanished or changed is skipped
        });
        if (!open) return;
      }
    },
  };
}

async function countFile(query: GrepQuery, file: string, pattern: JsPattern): Promise<number | undefined> {
  try {
    // No lstat first: openForRead opens with O_NOFOLLOW and confirms a regular file at this very path.
    return await countMatchingLines(walkedCheck(query.files, file), pattern, query.signal);
  } catch (error) {
    if (query.signal.aborted) throw error;
    return undefined; // vanished, unreadable, or swapped since the walk: not searched
  }
}
