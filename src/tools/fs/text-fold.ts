import path from 'node:path';

// Shared by edit_file and apply_patch: the Unicode fold their last matching pass compares under, whether a
// file's indentation carries meaning, and the file's indentation style. Folding is for MATCHING ONLY: the
// text written back is always the file's own text outside the replaced span, never a folded copy.

// ---------------------------------------------------------------------------------------------------------
// Unicode fold

/** Typographic punctuation models write as ASCII (or the reverse), after NFKC has done its part. */
const PUNCTUATION: Record<string, string> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201A': "'", // ‚
  '\u201B': "'", // ‛
  '\u2032': "'", // ′ prime
  '\u02BC': "'", // ʼ modifier apostrophe
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u201E': '"', // „
  '\u201F': '"', // ‟
  '\u2033': '"', // ″ double prime
  '\u2010': '-', // hyphen (NFKC's image of the non-breaking hyphen U+2011 too)
  '\u2012': '-', // figure dash
  '\u2013': '-', // en dash
  '\u2014': '-', // em dash (NFKC's image of U+FE58 too)
  '\u2015': '-', // horizontal bar
  '\u2212': '-', // minus sign
  '\u2043': '-', // hyphen bullet
};

/** Zero-width characters a copy through a browser or a model may add or lose; they fold to nothing. */
const INVISIBLE = new Set(['\u200B', '\u2060', '\uFEFF']);

/**
 * What may change under the fold: anything outside printable ASCII and the usual whitespace. A string
 * without such characters folds to itself (the quick test that keeps the pass free on ASCII files).
 */
const FOLDABLE = /[^\t\n\r\x20-\x7E]/;

/** Whether `foldForMatch` may change `text` (false means it certainly returns `text` as it is). */
export function mayFold(text: string): boolean {
  return FOLDABLE.test(text);
}

const NON_ASCII_RUN = /[^\x00-\x7F]+/g;
const SEGMENT = /[^\p{M}]\p{M}*|\p{M}+/gsu;
const STARTS_WITH_MARK = /^\p{M}/u;

/**
 * The [start, end) spans folded one by one: a character with the combining marks after it, so a
 * precomposed `é` and `e` + U+0301 fold alike (NFKC composes them) and a mark never folds apart from its
 * base. Only non-ASCII runs are visited (and the ASCII letter before a leading mark): ASCII folds to itself,
 * and a plain scan for the runs is many times faster than a Unicode-aware one over the whole text.
 */
function* foldableSpans(text: string): Generator<[number, number]> {
  for (const run of text.matchAll(NON_ASCII_RUN)) {
    let start = run.index;
    if (start > 0 && text[start - 1] !== '\n' && STARTS_WITH_MARK.test(run[0])) start--;
    const piece = text.slice(start, run.index + run[0].length);
    for (const segment of piece.matchAll(SEGMENT)) {
      yield [start + segment.index, start + segment.index + segment[0].length];
    }
  }
}

/** Folded segments seen before: a file repeats its few typographic characters many times. */
const folds = new Map<string, string>();
const MAX_CACHED_FOLDS = 10_000;

function foldSegment(segment: string): string {
  const cached = folds.get(segment);
  if (cached !== undefined) return cached;
  let out = '';
  if (!INVISIBLE.has(segment)) {
    // NFKC: fullwidth and other compatibility forms (，→, ＡＢＣ→ABC, …→..., no-break and ideographic
    // spaces→space), then typographic punctuation NFKC leaves alone.
    for (const ch of segment.normalize('NFKC')) {
      out += PUNCTUATION[ch] ?? (ch.charCodeAt(0) > 0x7f && /\s/u.test(ch) ? ' ' : ch);
    }
  }
  if (folds.size < MAX_CACHED_FOLDS) folds.set(segment, out);
  return out;
}

/**
 * The text under the Unicode fold, for comparing a model's text with a file's: typographic quotes,
 * dashes and spaces to ASCII, the ellipsis to three dots, NFKC compatibility forms to their plain
 * letters, zero-width characters dropped. Newlines and tabs are kept, so line i of the fold is the fold
 * of line i. The length may change (… is one unit, ... three): to map a match back, compare line by
 * line, or use `foldWithOffsets`.
 */
export function foldForMatch(text: string): string {
  if (!mayFold(text)) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of foldableSpans(text)) {
    out += text.slice(at, start) + foldSegment(text.slice(start, end));
    at = end;
  }
  return out + text.slice(at);
}

/** A folded text with the way back: `origin[i]` is the offset in the original of folded unit i. */
export interface FoldedText {
  folded: string;
  /** Length folded.length + 1; the last entry is the original's length. */
  origin: Int32Array;
}

/**
 * `foldForMatch` with an offset map, for matchers that find a fragment inside a line: a match
 * [s, e) in `folded` is [origin[s], origin[e]) in the original. A folded segment that grew (… to ...)
 * maps all its units to the segment's start, so a match never starts or ends inside an original
 * character.
 */
export function foldWithOffsets(text: string): FoldedText {
  let origin = new Int32Array(text.length + 1);
  if (!mayFold(text)) {
    for (let i = 0; i <= text.length; i++) origin[i] = i;
    return { folded: text, origin };
  }
  // ASCII runs are copied as they are; only the segments that may fold are folded one by one.
  const parts: string[] = [];
  let length = 0;
  const put = (piece: string, from: number, identity: boolean) => {
    if (length + piece.length + 1 > origin.length) {
      const grown = new Int32Array(Math.max(origin.length * 2, length + piece.length + 1));
      grown.set(origin);
      origin = grown;
    }
    for (let i = 0; i < piece.length; i++) origin[length + i] = identity ? from + i : from;
    length += piece.length;
    parts.push(piece);
  };
  let at = 0;
  for (const [start, end] of foldableSpans(text)) {
    if (start > at) put(text.slice(at, start), at, true);
    put(foldSegment(text.slice(start, end)), start, false);
    at = end;
  }
  if (at < text.length) put(text.slice(at), at, true);
  origin[length] = text.length;
  return { folded: parts.join(''), origin: origin.subarray(0, length + 1) };
}

// ---------------------------------------------------------------------------------------------------------
// Indentation-significant files

/** Extensions whose indentation is syntax (or, for Markdown, nesting of lists and code blocks). */
const SIGNIFICANT_EXTENSIONS = new Set([
  // Python and languages with its block syntax: Cython, stubs, Starlark (Bazel, Tilt), Ren'Py, Mojo,
  // GDScript, Snakemake.
  ...['.py', '.pyw', '.pyi', '.pyx', '.pxd', '.rpy', '.mojo', '.\u{1F525}', '.gd', '.smk'],
  ...['.bzl', '.star', '.bazel'],
  // YAML and YAML under another name (Salt states).
  ...['.yaml', '.yml', '.sls'],
  ...['.mk', '.mak'],
  ...['.hs', '.lhs', '.fs', '.fsi', '.fsx', '.nim', '.nims', '.nimble'],
  // CoffeeScript and its relatives (CSON, MoonScript).
  ...['.coffee', '.litcoffee', '.cson', '.moon'],
  // Templates and stylesheets whose nesting is their indentation.
  ...['.pug', '.jade', '.sass', '.styl', '.haml', '.slim'],
  // reStructuredText: a directive's body is the text indented under it.
  '.rst',
]);
/** Files named without a telling extension: Makefiles, Starlark build files, YAML dotfiles, SCons scripts. */
const SIGNIFICANT_NAMES =
  /^(?:(?:GNUmakefile|[Mm]akefile)(?:\..+)?|BUILD|WORKSPACE|Tiltfile|Snakefile|SConstruct|SConscript|\.clang-format|\.clang-tidy|\.yamllint)$/;
const MARKDOWN_EXTENSIONS = new Set(['.md', '.markdown', '.mdx']);
/** INI-style files, where an indented line continues the value above it (setup.cfg, tox.ini, .flake8). */
const INI_EXTENSIONS = new Set(['.cfg', '.ini', '.flake8']);
/** An indented line that is not a comment: in an INI file, a continuation line. */
const INI_CONTINUATION = /^[ \t]+[^\s#;]/m;
/** Template suffixes after the real extension (`compose.yml.j2`, `config.yml.erb`, `setup.py.in`). */
const TEMPLATE_SUFFIXES = new Set(['.j2', '.jinja', '.jinja2', '.tmpl', '.tpl', '.template', '.erb', '.in']);
/** Interpreters and runners named on a `#!` line whose languages are indentation-significant. */
const SIGNIFICANT_SHEBANG =
  /^#!.*\b(python[\d.]*|pypy[\d.]*|micropython|ipython|uv|uvx|pipx|pdm|hatch|coffee|moon|runhaskell|runghc|stack|nim|fsi|dotnet\s+fsi)\b/;
/** A Markdown list item (bullet or numbered), the nesting of which is its indentation. */
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S/m;

/**
 * Whether changing a line's indentation in this file may change its meaning: Python and its relatives
 * (Starlark, Cython, Ren'Py, Mojo, GDScript), YAML, Makefiles, Haskell, F#, Nim, CoffeeScript (CSON,
 * MoonScript), Pug, Sass, Stylus, Haml, Slim, reStructuredText, Markdown with lists, and INI files with
 * continuation lines. Decided by extension (also under a template suffix such as `.j2`), by name
 * (Makefile, BUILD, Tiltfile, .clang-format …), and by content (a `#!` line naming such an interpreter).
 */
export function indentationSignificant(filePath: string, text: string): boolean {
  const base = path.basename(filePath);
  let ext = path.extname(base).toLowerCase();
  if (TEMPLATE_SUFFIXES.has(ext)) ext = path.extname(base.slice(0, -ext.length)).toLowerCase();
  if (SIGNIFICANT_EXTENSIONS.has(ext) || SIGNIFICANT_NAMES.test(base)) return true;
  if (MARKDOWN_EXTENSIONS.has(ext)) return LIST_ITEM.test(text);
  if (INI_EXTENSIONS.has(ext)) return INI_CONTINUATION.test(text);
  return text.startsWith('#!') && SIGNIFICANT_SHEBANG.test(text.slice(0, 200).split('\n', 1)[0]!);
}

// ---------------------------------------------------------------------------------------------------------
// Indentation style

/** The leading spaces and tabs of a line. */
export function leadingWhitespace(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return line.slice(0, i);
}

/** How a file indents one level. */
export interface IndentUnit {
  char: '\t' | ' ';
  /** Characters per level: 1 for tabs, usually 2 or 4 for spaces. */
  width: number;
  /** `char` repeated `width` times. */
  unit: string;
}

/**
 * The file's indentation unit, or undefined when no line is indented. Tabs win when more indented lines
 * start with a tab than with a space. The width of space indentation is the most common step between
 * the indentation of a line and the nearest less-indented line before it (what detect-indent does):
 * robust to continuation lines aligned at odd columns, unlike a GCD.
 */
export function indentUnit(lines: readonly string[]): IndentUnit | undefined {
  let tabs = 0;
  let spaces = 0;
  const steps = new Map<number, number>();
  const stack: number[] = [0]; // indentation widths of the enclosing lines, innermost last
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = leadingWhitespace(line);
    if (indent.startsWith('\t')) tabs++;
    else if (indent.startsWith(' ')) spaces++;
    if (indent.includes('\t')) continue;
    const width = indent.length;
    while (stack.length > 1 && stack.at(-1)! > width) stack.pop();
    const outer = stack.at(-1)!;
    if (width > outer) {
      steps.set(width - outer, (steps.get(width - outer) ?? 0) + 1);
      stack.push(width);
    }
  }
  if (tabs === 0 && spaces === 0) return undefined;
  if (tabs > spaces) return { char: '\t', width: 1, unit: '\t' };
  let width = 0;
  let seen = 0;
  for (const [step, count] of steps) {
    if (count > seen || (count === seen && step < width)) [width, seen] = [step, count];
  }
  if (width === 0) width = 4;
  return { char: ' ', width, unit: ' '.repeat(width) };
}

/** The indentation level of `indent` in `unit`s, tabs counted as one unit each (fractional when odd). */
export function indentLevel(indent: string, unit: IndentUnit): number {
  let columns = 0;
  for (const ch of indent) columns += ch === '\t' ? unit.width : 1;
  return columns / unit.width;
}

/** Indentation of `level` units (rounded down to whole units, then spaces for any remainder). */
export function indentOf(level: number, unit: IndentUnit): string {
  const columns = Math.max(0, Math.round(level * unit.width));
  if (unit.char === ' ') return ' '.repeat(columns);
  return '\t'.repeat(Math.floor(columns / unit.width)) + ' '.repeat(columns % unit.width);
}
