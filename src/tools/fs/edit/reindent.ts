import { type IndentUnit, indentOf, leadingWhitespace } from '../text-fold.js';

// When old_text matched at an indentation other than the model's, new_text was written at the model's
// indentation, not the file's. The matched lines say how the model's indentation maps onto the file's
// (old_text line j at model indentation n sits at file indentation f); new_text is mapped the same way,
// and lines at indentations old_text does not show are placed by the step between levels, in the file's
// own unit (two spaces a level against four, spaces against tabs).
//
// The map must keep the block structure: two old_text lines at one depth sit at one depth in the file,
// a deeper line stays deeper. When it does not (old_text nests a line differently from the file), the
// result says so; in a file where indentation is syntax, the caller refuses the match.

/** Columns a tab counts for when comparing depths (only their order matters). */
const TAB_COLUMNS = 4;

const isBlank = (line: string): boolean => line.trim() === '';

function columns(indent: string): number {
  let n = 0;
  for (const ch of indent) n += ch === '\t' ? TAB_COLUMNS : 1;
  return n;
}

/** One old_text line that matched a file line: the model's indentation and the file's. */
interface Pair {
  line: number;
  model: string;
  file: string;
}

export interface Reindented {
  text: string;
  /** new_text's indentation was changed. */
  shifted: boolean;
  /**
   * Undefined when old_text keeps the file's block structure; else two 0-based old_text lines whose
   * relative depth disagrees with the file's (a line would move into or out of a block). `line` is -1 when
   * only new_text's lines could not be placed keeping their nesting.
   */
  structureBreak?: { line: number; against: number };
}

/**
 * Two pairs whose relative depth disagrees (or undefined): lines at one depth in old_text must be at one
 * depth in the file, and a deeper line must stay deeper.
 */
function firstDisagreement(pairs: Pair[]): { line: number; against: number } | undefined {
  // Sorted by the model's depth, the file's depths must rise where the model's rise and stay where they stay.
  const sorted = pairs
    .map((p) => ({ line: p.line, model: columns(p.model), file: columns(p.file) }))
    .sort((a, b) => a.model - b.model);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    const fits = a.model === b.model ? a.file === b.file : a.file < b.file;
    if (!fits) return a.line > b.line ? { line: a.line, against: b.line } : { line: b.line, against: a.line };
  }
  return undefined;
}

/**
 * The model's step between levels in columns, from how its own lines (old_text and new_text) nest: the
 * most common step from a line to the nearest shallower one. A step that is a whole number of the file's
 * unit wins a tie (the model most likely wrote in the file's unit); undefined when every line is at one depth.
 */
function modelStep(lines: string[], fileUnitColumns: number): number | undefined {
  const steps = new Map<number, number>();
  const stack: number[] = [];
  for (const line of lines) {
    if (isBlank(line)) continue;
    const width = columns(leadingWhitespace(line));
    while (stack.length > 0 && stack.at(-1)! > width) stack.pop();
    const outer = stack.at(-1);
    if (outer === undefined || width > outer) {
      if (outer !== undefined) steps.set(width - outer, (steps.get(width - outer) ?? 0) + 1);
      stack.push(width);
    }
  }
  let best: number | undefined;
  let seen = 0;
  for (const [step, count] of steps) {
    const better =
      count > seen ||
      (count === seen && best !== undefined && step % fileUnitColumns === 0 && best % fileUnitColumns !== 0);
    if (better) [best, seen] = [step, count];
  }
  return best;
}

/**
 * Re-indent `newText` the way old_text's lines (`needleLines`) map onto the file lines they matched.
 * `keepFirstLine`: new_text's first line continues a file line after its indentation (an exact match that
 * started inside a line), so only the lines after it are moved.
 */
export function reindent(
  newText: string,
  needleLines: string[],
  fileLines: string[],
  unit?: IndentUnit,
  keepFirstLine = false,
): Reindented {
  let pairs: Pair[] = [];
  for (let j = 0; j < needleLines.length; j++) {
    const n = needleLines[j]!;
    const f = fileLines[j] ?? '';
    if (isBlank(n) || isBlank(f)) continue;
    pairs.push({ line: j, model: leadingWhitespace(n), file: leadingWhitespace(f) });
  }
  if (pairs.every((p) => p.model === p.file)) return { text: newText, shifted: false };

  // Models often start old_text at the first line's text, without its indentation, and copy the lines
  // after it as they are: that line then maps on its own and the others say how the block maps.
  let ownFirst: Pair | undefined;
  const first = pairs[0]!;
  const rest = pairs.slice(1);
  if (first.line === 0 && first.model === '' && first.file !== '' && rest.length > 0) {
    if (rest.every((p) => p.model !== '')) {
      ownFirst = first;
      pairs = rest;
    }
  }
  const broken = firstDisagreement(pairs);
  if (broken)
    return { text: baseShift(newText, first, keepFirstLine), shifted: true, structureBreak: broken };
  if (pairs.every((p) => p.model === p.file) && !ownFirst) return { text: newText, shifted: false };

  const map = depthMap(pairs, needleLines, newText.split('\n'), unit);
  const newLines = newText.split('\n');
  const mapped = newLines.map((line, i) => {
    if (isBlank(line) || (i === 0 && keepFirstLine)) return line;
    const indent = leadingWhitespace(line);
    const target = i === 0 && ownFirst && indent === ownFirst.model ? ownFirst.file : map(indent);
    return target + line.slice(indent.length);
  });

  // The model's own nesting of old_text and new_text together must survive the mapping.
  const check: Pair[] = [...pairs];
  mapped.forEach((line, i) => {
    if (isBlank(line) || (i === 0 && (keepFirstLine || ownFirst))) return;
    check.push({ line: -1, model: leadingWhitespace(newLines[i]!), file: leadingWhitespace(line) });
  });
  const text = mapped.join('\n');
  const newBreak = firstDisagreement(check);
  if (newBreak) return { text, shifted: true, structureBreak: { line: -1, against: pairs[0]!.line } };
  return { text, shifted: text !== newText };
}

/**
 * A map from the model's indentation to the file's: indentations old_text shows map as they matched;
 * others are placed from the nearest shallower one (else the nearest deeper) by the difference in levels,
 * in the file's unit.
 */
function depthMap(
  pairs: Pair[],
  needleLines: string[],
  newLines: string[],
  unit: IndentUnit | undefined,
): (indent: string) => string {
  const table = new Map<number, string>();
  for (const p of pairs) table.set(columns(p.model), p.file);
  const known = [...table.keys()].sort((a, b) => a - b);
  const fileUnit = unit ?? guessUnit(pairs);
  const fileUnitColumns = fileUnit.char === '\t' ? TAB_COLUMNS : fileUnit.width;
  // File columns per model column: from the matched depths when they show two, else unit against unit.
  let scale = 1;
  if (known.length >= 2) {
    const lo = known[0]!;
    const hi = known.at(-1)!;
    scale = (columns(table.get(hi)!) - columns(table.get(lo)!)) / (hi - lo);
  } else {
    const step = modelStep([...needleLines, ...newLines], fileUnitColumns);
    if (step) scale = fileUnitColumns / step;
  }
  return (indent) => {
    const width = columns(indent);
    const hit = table.get(width);
    if (hit !== undefined) return hit;
    const below = known.filter((k) => k < width).at(-1);
    const ref = below ?? known[0]!;
    const refFile = table.get(ref)!;
    const delta = Math.round((width - ref) * scale);
    if (delta > 0) return refFile + indentOf(delta / fileUnitColumns, fileUnit);
    const target = Math.max(0, columns(refFile) + delta);
    return indentOf(target / fileUnitColumns, fileUnit);
  };
}

/** The unit the file's matched lines use, when the file as a whole showed none. */
function guessUnit(pairs: Pair[]): IndentUnit {
  const tabs = pairs.some((p) => p.file.startsWith('\t'));
  return tabs ? { char: '\t', width: 1, unit: '\t' } : { char: ' ', width: 4, unit: '    ' };
}

/** The first line's difference applied to every line: the block's base is right, its inside as written. */
function baseShift(newText: string, first: Pair, keepFirstLine: boolean): string {
  return newText
    .split('\n')
    .map((line, i) => {
      if (isBlank(line) || (i === 0 && keepFirstLine)) return line;
      const indent = leadingWhitespace(line);
      if (indent.startsWith(first.model)) return first.file + line.slice(first.model.length);
      return line;
    })
    .join('\n');
}

const ONLY_TABS = /^\t+$/;
const ONLY_SPACES = /^ +$/;
/** Columns of a model's space level when nothing says otherwise (and the most a level is taken for). */
const DEFAULT_SPACE_LEVEL = 4;

const greatestDivisor = (a: number, b: number): number => (b === 0 ? a : greatestDivisor(b, a % b));

/**
 * new_text with its indentation in the style of the block it replaces: when the block's indented lines
 * all use tabs (or all spaces), new_text's lines indented only with the other are converted, a level for
 * a level. In Python mixing the two is a TabError, and a Makefile recipe must start with a tab. The model's
 * space level is read from its lines that old_text also has (`    def f` for `\tdef f`), else from the
 * spacing of its lines (2 or 4 columns). Returns new_text as it is when anything is unclear.
 */
export function inBlockStyle(
  newText: string,
  needleLines: string[],
  blockLines: string[],
  fileUnit: () => IndentUnit | undefined,
): string {
  const indents = blockLines.filter((line) => !isBlank(line)).map(leadingWhitespace);
  const indented = indents.filter((indent) => indent !== '');
  if (indented.length === 0) return newText;
  const tabs = indented.every((indent) => ONLY_TABS.test(indent));
  if (!tabs && !indented.every((indent) => ONLY_SPACES.test(indent))) return newText;
  const other = tabs ? ONLY_SPACES : ONLY_TABS;
  const lines = newText.split('\n');
  const foreign = lines.filter((line) => !isBlank(line) && other.test(leadingWhitespace(line)));
  if (foreign.length === 0) return newText;

  if (!tabs) {
    // Tabs into the block's spaces: a tab a level of the file's unit (or of the block's shallowest indent).
    const unit = fileUnit();
    const width =
      unit?.char === ' '
        ? unit.width
        : indented.reduce((least, indent) => Math.min(least, indent.length), DEFAULT_SPACE_LEVEL);
    return convert(lines, other, (indent) => ' '.repeat(indent.length * width));
  }
  // Spaces into the block's tabs: the model's level from a line old_text has with tabs, else its spacing.
  const byText = new Map(needleLines.map((line) => [line.trim(), leadingWhitespace(line)]));
  let level: number | undefined;
  for (const line of foreign) {
    const tabbed = byText.get(line.trim());
    if (tabbed && ONLY_TABS.test(tabbed)) {
      const width = leadingWhitespace(line).length / tabbed.length;
      if (level !== undefined && level !== width) return newText;
      level = width;
    }
  }
  if (level === undefined) {
    const divisor = foreign.map((line) => leadingWhitespace(line).length).reduce(greatestDivisor);
    level = Math.min(divisor, DEFAULT_SPACE_LEVEL);
  }
  const width = level;
  if (!Number.isInteger(width) || foreign.some((line) => leadingWhitespace(line).length % width !== 0)) {
    return newText;
  }
  return convert(lines, other, (indent) => '\t'.repeat(indent.length / width));
}

/** `lines` with every indentation matching `other` replaced by `to(indent)`. */
function convert(lines: string[], other: RegExp, to: (indent: string) => string): string {
  return lines
    .map((line) => {
      const indent = leadingWhitespace(line);
      return !isBlank(line) && other.test(indent) ? to(indent) + line.slice(indent.length) : line;
    })
    .join('\n');
}
