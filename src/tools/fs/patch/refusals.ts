// Why a hunk was not applied, in words the model can act on: each refusal names the lines of the closest
// candidate in the file (numbered like read_file, differing lines marked !) and says what to send instead.
import { ToolError } from '../../../core/index.js';
import { closestRegion, formatRegion, type Region } from './closest.js';
import { type FoundAll, fold, type LineIndex, MAX_FOUND, type Pass } from './seek.js';

/** Expected lines echoed in an error at most. */
const MAX_ECHOED = 60;
/** Places of an ambiguous hunk shown at most, and lines of each. */
const MAX_PLACES = 8;
const MAX_PLACE_LINES = 6;

/** How a lenient pass is reported, in edit_file's words. */
export const PASS_NOTES: Record<Exclude<Pass, 'exact'>, string> = {
  trailing_whitespace: 'matched ignoring trailing whitespace',
  indentation: 'matched ignoring indentation',
  unicode: 'matched after folding Unicode punctuation, spaces and compatibility forms',
};

/** How a lenient pass found several places: "match in 2 places once indentation is ignored". */
const LENIENT_WORDS: Record<Exclude<Pass, 'exact'>, string> = {
  trailing_whitespace: 'once trailing whitespace is ignored',
  indentation: 'once indentation is ignored',
  unicode: 'once indentation and Unicode punctuation are folded',
};

const RETRY_HINT =
  'Re-read the file (read_file) and copy the context and removed lines exactly as they are, then retry the whole patch.';

export function contextNotFound(index: LineIndex, context: string, where: string, cursor: number): ToolError {
  let message = `apply_patch verification failed: Failed to find context '${context}' in ${where}.`;
  const earlier = cursor > 0 ? index.seek([context], 0) : undefined;
  if (earlier) {
    message += `\nThat line occurs at line ${earlier.index + 1}, above where the previous hunk matched: hunks for one file must come in file order.`;
  } else {
    const region = closestRegion(index, [context], cursor);
    if (region) message += `\nThe most similar line:\n${formatRegion(index, [context], region)}`;
  }
  return mismatch(message);
}

/**
 * The lines match nowhere at or after `from`. Says when they occur earlier (out of file order), or
 * elsewhere than at the end for an end-of-file chunk, else shows the closest region.
 */
export function linesNotFound(
  index: LineIndex,
  expected: readonly string[],
  where: string,
  opts: { from: number; endOfFile: boolean; anchored: boolean },
): ToolError {
  let message = notFoundHead(expected, where);
  const anywhere = index.seek(expected, 0);
  if (anywhere && opts.endOfFile && anywhere.index >= opts.from) {
    message += `\n\nThese lines occur at line ${anywhere.index + 1}, but '*** End of File' requires them to end the file (it has ${index.lines.length} lines).`;
  } else if (anywhere && anywhere.index < opts.from) {
    return outOfOrder(expected, where, anywhere.index, opts.anchored);
  } else {
    const region = closestRegion(index, expected, opts.from);
    if (region) {
      message += `\n\nThe closest region in the file, ${span(region)} (lines marked ! differ):\n${formatRegion(index, expected, region)}`;
    } else {
      message += '\n\nNothing in the file resembles these lines.';
    }
  }
  return mismatch(message);
}

/** The lines occur only above where the hunk may go: above the previous hunk, or above its @@ line. */
export function outOfOrder(
  expected: readonly string[],
  where: string,
  at: number,
  anchored: boolean,
): ToolError {
  return mismatch(
    `${notFoundHead(expected, where)}\n\nThese lines occur at line ${at + 1}, above where ${
      anchored ? 'its @@ context line is' : 'the previous hunk matched'
    }: hunks for one file must come in file order, after their @@ line.`,
  );
}

/** The lines match in more than one place in the strictest pass that finds them: the patch does not say which. */
export function ambiguous(
  index: LineIndex,
  expected: readonly string[],
  where: string,
  found: FoundAll,
  underAnchor = false,
): ToolError {
  const m = expected.length;
  const places = found.positions;
  const how = found.pass === 'exact' ? '' : ` ${LENIENT_WORDS[found.pass]}`;
  const blocks = places.slice(0, MAX_PLACES).map((start) => {
    const region: Region = { start, length: Math.min(m, MAX_PLACE_LINES), equal: m };
    const header = enclosingLine(index, start);
    const title =
      header === undefined
        ? span({ start, length: m })
        : `${span({ start, length: m })}, under line ${header + 1}: ${index.lines[header]!.trim()}`;
    return `${title}\n${formatRegion(index, expected, region)}${m > MAX_PLACE_LINES ? `\n… ${m - MAX_PLACE_LINES} more lines` : ''}`;
  });
  const more = places.length > MAX_PLACES ? `\n… and ${places.length - MAX_PLACES} more places` : '';
  const list = places.map((start) => (m > 1 ? `${start + 1}-${start + m}` : `${start + 1}`)).join(', ');
  const message =
    `apply_patch verification failed: The expected lines of ${where} match in ${places.length}${places.length >= MAX_FOUND ? ' or more' : ''} places${how}: ` +
    `lines ${list}; the patch does not say which one to change. Expected lines:\n${echo(expected)}\n\n${blocks.join('\n\n')}${more}`;
  return new ToolError('conflict', message, {
    hint: underAnchor
      ? "The @@ line occurs above more than one of them: put an '@@' line naming the enclosing class (or function) before it, e.g. '@@ class Writer' then '@@     def __init__(self):', or add context lines that occur only at the place you mean, then retry the whole patch."
      : "Start the hunk with an '@@' line naming a line above the place you mean (its function or class header), or add context lines that occur only there, then retry the whole patch.",
  });
}

/** A pure addition under an `@@` line that occurs more than once: nothing says under which. */
export function ambiguousAnchor(
  index: LineIndex,
  context: string,
  where: string,
  scopes: ReadonlyArray<{ header: number }>,
): ToolError {
  const headers = scopes.map((scope) => scope.header);
  const rows = headers.slice(0, MAX_PLACES).map((at) => `${at + 1} | ${index.lines[at]}`);
  const message =
    `apply_patch verification failed: The @@ line '${context}' of ${where} occurs at lines ${headers.map((at) => at + 1).join(', ')}, ` +
    `and the hunk only adds lines: the patch does not say under which one.\n${rows.join('\n')}`;
  return new ToolError('conflict', message, {
    hint: "Put an '@@' line naming the enclosing class (or function) before it, or add a context line from the place you mean, then retry the whole patch.",
  });
}

/**
 * The `@@` line opens a block (or several, when it recurs) but the hunk's lines do not start in it, or match
 * there only more loosely than elsewhere: the `@@` line and the lines point at different places.
 */
export function outsideBlocks(
  index: LineIndex,
  expected: readonly string[],
  where: string,
  at: {
    context: string;
    scopes: ReadonlyArray<{ header: number; from: number; to: number }>;
    found: FoundAll;
    inside: FoundAll | undefined;
  },
): ToolError {
  const m = expected.length;
  const blocks = at.scopes
    .slice(0, MAX_PLACES)
    .map((scope) => `${span({ start: scope.header, length: scope.to - scope.header })}`)
    .join(', ');
  const elsewhere = at.found.positions.filter(
    (p) => !at.scopes.some((scope) => p >= scope.from && p < scope.to),
  );
  const how = at.found.pass === 'exact' ? '' : ` ${LENIENT_WORDS[at.found.pass]}`;
  let message =
    `${notFoundHead(expected, where)}\n\nThe @@ line '${at.context}' opens ${blocks}, but these lines ` +
    (at.inside
      ? `match there only ${LENIENT_WORDS[at.inside.pass as Exclude<Pass, 'exact'>]}, and match more closely outside it`
      : 'do not occur inside it') +
    `: the @@ line and the lines point at different places, so the hunk was not applied.`;
  const shown = elsewhere.slice(0, MAX_PLACES).map((start) => {
    const header = enclosingLine(index, start);
    const under = header === undefined ? '' : `, under line ${header + 1}: ${index.lines[header]!.trim()}`;
    const region: Region = { start, length: Math.min(m, MAX_PLACE_LINES), equal: m };
    return `${span({ start, length: m })}${under}\n${formatRegion(index, expected, region)}`;
  });
  if (shown.length > 0) message += `\n\nThe lines occur${how} at ${shown.join('\n\n')}`;
  const first = at.scopes[0]!;
  const inBlock = at.inside
    ? { start: at.inside.positions[0]!, length: m, equal: 0 }
    : closestRegion(index, expected, first.from, { from: first.from, to: first.to });
  if (inBlock) {
    message += `\n\nInside the block, the closest lines, ${span(inBlock)} (lines marked ! differ):\n${formatRegion(index, expected, inBlock)}`;
  }
  return new ToolError('conflict', message, {
    hint: 'If you meant the lines outside the block, name their own function or class in the @@ line (or drop it); if you meant the block, re-read it (read_file) and copy its lines exactly. Then retry the whole patch.',
  });
}

/**
 * The lines match one place only once indentation is ignored, but another place has them at exactly their
 * own indentation with nearly their text: the hunk was written for that other place before it changed.
 */
export function likelyStale(
  index: LineIndex,
  expected: readonly string[],
  where: string,
  matched: { start: number; pass: Pass },
  candidate: Region,
): ToolError {
  const m = expected.length;
  const other = span({ start: matched.start, length: m });
  const here = span(candidate);
  const [has, they] = m === 1 ? ['has', 'it'] : ['have', 'they'];
  const how =
    matched.pass === 'unicode' ? 'after folding indentation and Unicode' : 'when indentation is ignored';
  const resized = candidate.length !== m;
  const lengthNote = resized
    ? `, with ${Math.abs(candidate.length - m)} line${Math.abs(candidate.length - m) === 1 ? '' : 's'} ${candidate.length < m ? 'fewer' : 'more'}`
    : '';
  const message =
    `${notFoundHead(expected, where)}\n\nThese lines match ${other} only ${how}, but ${here} ${has} exactly the hunk's ` +
    `indentation and nearly its text${lengthNote}: the hunk looks written for ${here} before ${they} changed, so it was not ` +
    `applied to ${other}. ${capitalize(here)} as ${they} ${m === 1 ? 'is' : 'are'} now (lines marked ! differ from the hunk):\n` +
    formatRegion(index, expected, candidate, resized) +
    missingFrom(index, expected, candidate);
  return new ToolError('conflict', message, {
    hint: `If you meant ${here}, re-read ${m === 1 ? 'it' : 'them'} and write the hunk against the current text; if you meant ${other}, copy ${m === 1 ? 'its' : 'their'} indentation exactly. Then retry the whole patch.`,
  });
}

/**
 * In an indentation-significant file, the lines match only once indentation is ignored and their relative
 * indentation disagrees with the file's: applying the hunk would move a line into or out of a block.
 */
export function nestedDifferently(
  index: LineIndex,
  expected: readonly string[],
  where: string,
  start: number,
  misfits: readonly number[],
): ToolError {
  const m = expected.length;
  const width = String(start + m).length;
  const rows = index.lines
    .slice(start, start + m)
    .map((line, k) => `${String(start + k + 1).padStart(width)} ${misfits.includes(k) ? '!' : '|'} ${line}`);
  const marked = misfits.map((k) => start + k + 1);
  const message =
    `${notFoundHead(expected, where)}\n\nThese lines match ${span({ start, length: m })} only when indentation is ignored, and they nest differently: ` +
    `in the file, line${marked.length === 1 ? '' : 's'} ${marked.join(', ')} ${marked.length === 1 ? 'is' : 'are'} indented differently relative to the lines around ${marked.length === 1 ? 'it' : 'them'}. ` +
    "Indentation is syntax in this file, so the hunk would move a line into or out of a block. The file's lines, with their real indentation (lines marked ! nest differently from the hunk):\n" +
    rows.join('\n');
  return new ToolError('conflict', message, {
    hint: 'Copy the lines with their indentation exactly as the file has them (read_file), keep the block structure you mean in the added lines, then retry the whole patch.',
  });
}

/** For a block shorter than the hunk: the hunk's lines it no longer has. */
function missingFrom(index: LineIndex, expected: readonly string[], region: Region): string {
  if (region.length >= expected.length) return '';
  const there = new Set(index.loose.slice(region.start, region.start + region.length));
  const gone = expected.filter((line) => line.trim() !== '' && !there.has(fold(line)));
  return gone.length === 0 ? '' : `\nThe hunk's lines they no longer have:\n${echo(gone)}`;
}

function notFoundHead(expected: readonly string[], where: string): string {
  return `apply_patch verification failed: Failed to find expected lines in ${where}:\n${echo(expected)}`;
}

function echo(expected: readonly string[]): string {
  const shown =
    expected.length > MAX_ECHOED
      ? [...expected.slice(0, MAX_ECHOED), `… ${expected.length - MAX_ECHOED} more lines`]
      : expected;
  return shown.join('\n');
}

/** "line 12" or "lines 12-14" (1-based) for a region. */
function span(region: { start: number; length: number }): string {
  return region.length <= 1
    ? `line ${region.start + 1}`
    : `lines ${region.start + 1}-${region.start + region.length}`;
}

/** The nearest line above `start` indented less than the line at `start`: its function or class header. */
function enclosingLine(index: LineIndex, start: number): number | undefined {
  const lines = index.lines;
  let first = start;
  while (first < lines.length && lines[first]!.trim() === '') first++;
  if (first >= lines.length) return undefined;
  const width = indentWidth(lines[first]!);
  for (let i = start - 1; i >= 0 && start - i <= 200; i--) {
    if (lines[i]!.trim() !== '' && indentWidth(lines[i]!) < width) return i;
  }
  return undefined;
}

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const indentWidth = (line: string) => line.length - line.trimStart().length;

function mismatch(message: string): ToolError {
  return new ToolError('conflict', message, { hint: RETRY_HINT });
}
