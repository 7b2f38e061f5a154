import { foldForMatch } from '../text-fold.js';

/**
 * Finding a chunk's lines in a file, with four passes of decreasing strictness (Codex's, with edit_file's
 * names): exact, ignoring trailing whitespace, ignoring indentation (surrounding whitespace), then under the
 * shared Unicode fold (typographic punctuation, the ellipsis, NFKC forms). The strictest pass that finds the
 * lines anywhere in the searched range decides where they are.
 */
export const PASSES = ['exact', 'trailing_whitespace', 'indentation', 'unicode'] as const;
export type Pass = (typeof PASSES)[number];

/** The loosest form of a line: the Unicode fold, trimmed. */
export function fold(line: string): string {
  return foldForMatch(line).trim();
}

const VIEWS: Array<(line: string) => string> = [(l) => l, (l) => l.trimEnd(), (l) => l.trim(), fold];
/** The index of the loosest view. */
export const LOOSEST = VIEWS.length - 1;

/** Places found at most by one search: enough to name them all in a refusal, bounded on degenerate files. */
export const MAX_FOUND = 50;

export interface Found {
  index: number;
  pass: Pass;
}

/** Every place (up to MAX_FOUND) the strictest pass that finds the pattern found it, in file order. */
export interface FoundAll {
  positions: number[];
  pass: Pass;
}

/** A file's lines with each pass's view computed once, on first use, and shared by every chunk. */
export class LineIndex {
  private readonly views: Array<string[] | undefined> = [];
  private readonly places: Array<Map<string, number[]> | undefined> = [];

  constructor(readonly lines: readonly string[]) {}

  view(pass: number): readonly string[] {
    if (pass === 0) return this.lines;
    let view = this.views[pass];
    if (!view) {
      view = this.lines.map(VIEWS[pass]!);
      this.views[pass] = view;
    }
    return view;
  }

  /** The lines (0-based, ascending) whose view in `pass` is `viewed` (a line already in that view). */
  occurrences(pass: number, viewed: string): readonly number[] {
    let places = this.places[pass];
    if (!places) {
      places = new Map();
      this.view(pass).forEach((line, i) => {
        const list = places!.get(line);
        if (list) list.push(i);
        else places!.set(line, [i]);
      });
      this.places[pass] = places;
    }
    return places.get(viewed) ?? [];
  }

  /** The loosest view: what closest-region searches compare. */
  get loose(): readonly string[] {
    return this.view(LOOSEST);
  }

  /** The first position at or after `start` where `pattern` occurs, in the strictest pass that finds one. */
  seek(pattern: readonly string[], start: number, atEnd = false): Found | undefined {
    const found = this.findAll(pattern, start, atEnd, 1);
    return found && { index: found.positions[0]!, pass: found.pass };
  }

  /**
   * Every position at or after `start` where `pattern` occurs, in the strictest pass that finds any: a
   * looser pass is tried only when no stricter one matches anywhere in the range. With `atEnd`, the pattern
   * must end the file (trailing blank lines of the file may follow it). Only positions before `end` count.
   */
  findAll(
    pattern: readonly string[],
    start: number,
    atEnd = false,
    limit = MAX_FOUND,
    end = this.lines.length,
  ): FoundAll | undefined {
    const n = this.lines.length;
    const m = pattern.length;
    if (m === 0) return start < end ? { positions: [Math.min(start, n)], pass: 'exact' } : undefined;
    if (m > n) return undefined;
    for (let pass = 0; pass < VIEWS.length; pass++) {
      const view = this.view(pass);
      const want = pass === 0 ? pattern : pattern.map(VIEWS[pass]!);
      const positions: number[] = [];
      if (atEnd) {
        // The end of the file is one place: at the very end, else before its trailing blank lines.
        const index = this.endPositions(m).find((i) => i >= start && i < end && matchesAt(view, want, i));
        if (index !== undefined) positions.push(index);
      } else {
        for (
          let i = view.indexOf(want[0]!, start);
          i !== -1 && i <= n - m && i < end && positions.length < limit;
          i = view.indexOf(want[0]!, i + 1)
        ) {
          if (matchesAt(view, want, i)) positions.push(i);
        }
      }
      if (positions.length > 0) return { positions: positions.sort((a, b) => a - b), pass: PASSES[pass]! };
    }
    return undefined;
  }

  /**
   * The first line at or after `start` that contains `text` (loosely): for `@@` context lines that give only
   * part of a line (`@@ function add` for `export function add(a, b) {`). The context only narrows where the
   * chunk's own lines are searched, so this looseness cannot place a change by itself.
   */
  seekContaining(text: string, start: number): number | undefined {
    const want = fold(text);
    if (want.replace(/\s/g, '').length < 3) return undefined;
    const view = this.loose;
    for (let i = start; i < view.length; i++) if (view[i]!.includes(want)) return i;
    return undefined;
  }

  /**
   * The line after the block that line `at` opens: the next non-blank line indented no deeper than it (a
   * closing brace, the next definition), or the end of the file. A closing line that opens again
   * (`) -> None:` after wrapped parameters, `} else {`) continues the block.
   */
  blockEnd(at: number): number {
    const width = indentWidth(this.lines[at] ?? '');
    for (let i = at + 1; i < this.lines.length; i++) {
      const line = this.lines[i]!;
      if (line.trim() !== '' && indentWidth(line) <= width && !REOPENS.test(line.trim())) return i;
    }
    return this.lines.length;
  }

  /** Whether line `at` opens an indented block: the next non-blank line is indented deeper. */
  opensBlock(at: number): boolean {
    const width = indentWidth(this.lines[at] ?? '');
    for (let i = at + 1; i < this.lines.length; i++) {
      const line = this.lines[i]!;
      if (line.trim() !== '') return indentWidth(line) > width;
    }
    return false;
  }

  /**
   * Where the block line `at` opens stops holding a chunk's start: its closing line (`}`, `end`) still
   * belongs to it, the next definition does not.
   */
  blockLimit(at: number): number {
    const end = this.blockEnd(at);
    return end < this.lines.length && CLOSES.test(this.lines[end]!.trim()) ? end + 1 : end;
  }

  /** Where a pattern of `m` lines may start to end the file: at the very end, or before trailing blank lines. */
  private endPositions(m: number): number[] {
    const n = this.lines.length;
    let content = n;
    while (content > 0 && this.lines[content - 1]!.trim() === '') content--;
    return content !== n && content - m >= 0 ? [n - m, content - m] : [n - m];
  }
}

const indentWidth = (line: string) => line.length - line.trimStart().length;
/** A line that closes a bracket and opens a block again: the block goes on. */
const REOPENS = /^[)\]}].*(?:[{:([]|=>)$/;
/** A line that closes a block: a bracket, or the keywords of Ruby, Lua, shell and their kin. */
const CLOSES = /^(?:[)\]}]|end\b|fi\b|done\b|esac\b|until\b|<\/)/;

function matchesAt(view: readonly string[], want: readonly string[], at: number): boolean {
  for (let k = 0; k < want.length; k++) if (view[at + k] !== want[k]) return false;
  return true;
}
