// Where a chunk's `@@` lines let its lines be. An `@@` line that opens a block (`def create`, `class Entry:`)
// says the change is inside that block: the chunk's lines must start there, and when the `@@` line occurs
// more than once, every block it opens is a candidate (the chunk's lines decide, or the chunk is ambiguous).
// An `@@` line that opens no block keeps Codex's meaning: the lines come after its first occurrence.
// Several `@@` lines (`@@ class Writer`, then `@@ def __init__`) narrow one inside the other.
import { contextNotFound } from './refusals.js';
import { type LineIndex, MAX_FOUND } from './seek.js';

/** A range of the file a chunk's lines may start in, under one `@@` line. */
export interface Scope {
  /** The `@@` line it hangs under (0-based). */
  header: number;
  /** The first line the chunk's lines may start at. */
  from: number;
  /** Lines may start before this one. */
  to: number;
  /** The header opens an indented block and `to` ends it. */
  block: boolean;
}

/** The scopes a chunk's `@@` lines (outermost first) leave, searched at or after `cursor`. */
export function anchorScopes(
  index: LineIndex,
  contexts: readonly string[],
  cursor: number,
  pure: boolean,
  where: string,
): Scope[] {
  let scopes: Scope[] = [{ header: -1, from: cursor, to: index.lines.length, block: false }];
  for (const context of contexts) {
    const next: Scope[] = [];
    for (const scope of scopes) {
      const found = occurrences(index, context, scope, pure);
      const first = found[0];
      if (first === undefined) continue;
      if (!index.opensBlock(first)) {
        next.push({ header: first, from: first + 1, to: scope.to, block: false });
        continue;
      }
      for (const at of found) {
        if (!index.opensBlock(at)) continue;
        next.push({ header: at, from: at + 1, to: Math.min(index.blockLimit(at), scope.to), block: true });
      }
    }
    if (next.length === 0) throw contextNotFound(index, context, where, scopes[0]!.from);
    scopes = next;
  }
  return scopes;
}

/**
 * The lines in `scope` that an `@@` context names: whole lines in the strictest pass that finds any, else
 * lines containing it. A pure addition is placed by this line alone, so a partial match must at least be
 * unambiguous there: "@@ def load_config" must not land under "def load_config_file".
 */
function occurrences(index: LineIndex, context: string, scope: Scope, pure: boolean): number[] {
  const whole = index.findAll([context], scope.from, false, undefined, scope.to);
  if (whole) return whole.positions;
  const containing: number[] = [];
  for (
    let at = index.seekContaining(context, scope.from);
    at !== undefined && at < scope.to && containing.length < MAX_FOUND;
    at = index.seekContaining(context, at + 1)
  ) {
    containing.push(at);
  }
  return pure && containing.length > 1 ? [] : containing;
}
