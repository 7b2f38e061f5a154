// Rewrite a JSON Schema `pattern` (ECMAScript syntax, `u` mode) into RE2 syntax with the same meaning, or
// say which construct RE2 cannot run. RE2 matches in linear time; JavaScript's engine backtracks, so a
// pattern like `^(a+)+$` can take hours on a short string. Where the two dialects read the same text
// differently (`.`, `\s`, `[^]`, `\b` in a class, `\uXXXX`), the rewrite spells out JavaScript's meaning.

/** RE2 source with JavaScript's meaning, or why the pattern has no RE2 equivalent. */
export type Re2Translation = { ok: true; source: string } | { ok: false; construct: string };

/** RE2 rejects counted repetition above this (`a{1,5000}`), and nested counts cannot work around it. */
const MAX_REPEAT = 1000;

// JavaScript's `\s`: WhiteSpace and LineTerminator (ECMA-262), as code point ranges.
const JS_SPACE: ReadonlyArray<readonly [number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;
const EVERYTHING = '\\x{0}-\\x{10ffff}';
// JavaScript's `.` without the `s` flag: anything but a line terminator.
const JS_DOT = '[^\\x{a}\\x{d}\\x{2028}\\x{2029}]';

// General_Category long names (and aliases) JavaScript accepts; RE2 knows only the short ones.
const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Unassigned: 'Cn',
  Private_Use: 'Co',
  Surrogate: 'Cs',
  Letter: 'L',
  Cased_Letter: 'LC',
  Lowercase_Letter: 'Ll',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Titlecase_Letter: 'Lt',
  Uppercase_Letter: 'Lu',
  Mark: 'M',
  Combining_Mark: 'M',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Nonspacing_Mark: 'Mn',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Close_Punctuation: 'Pe',
  Final_Punctuation: 'Pf',
  Initial_Punctuation: 'Pi',
  Other_Punctuation: 'Po',
  Open_Punctuation: 'Ps',
  Symbol: 'S',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Math_Symbol: 'Sm',
  Other_Symbol: 'So',
  Separator: 'Z',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Space_Separator: 'Zs',
};
const CATEGORIES = new Set(Object.values(CATEGORY_ALIASES));

/** Refusal with the construct's name, caught by `toRe2Syntax`. */
class Unsupported extends Error {}

/** One class member: RE2 text that can stand inside `[...]`, and a code point when it is a single one. */
interface ClassAtom {
  text: string;
  codePoint?: number;
}

/**
 * Translate a pattern that JavaScript accepts with the `u` flag (check that first: this assumes valid
 * syntax). Backreferences, lookaround and repetition counts above 1000 have no RE2 equivalent.
 */
export function toRe2Syntax(pattern: string): Re2Translation {
  try {
    return { ok: true, source: new Translator(pattern).run() };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, construct: error.message };
    throw error;
  }
}

class Translator {
  private i = 0;
  private out = '';

  constructor(private readonly p: string) {}

  run(): string {
    while (this.i < this.p.length) this.term();
    return this.out;
  }

  private term(): void {
    const ch = this.next();
    switch (ch) {
      case '\\':
        this.out += this.escape(false).text;
        return;
      case '[':
        this.out += this.characterClass();
        return;
      case '(':
        this.out += this.group();
        return;
      case '{':
        this.out += this.counted();
        return;
      case '.':
        this.out += JS_DOT;
        return;
      case ')':
      case '|':
      case '^':
      case '$':
      case '*':
      case '+':
      case '?':
        this.out += ch;
        return;
      default:
        this.out += literal(ch.codePointAt(0)!);
    }
  }

  private group(): string {
    if (!this.p.startsWith('?', this.i)) return '(';
    const rest = this.p.slice(this.i + 1);
    if (rest.startsWith(':')) {
      this.i += 2;
      return '(?:';
    }
    if (rest.startsWith('=') || rest.startsWith('!')) throw new Unsupported('a lookahead (?= or (?!');
    if (rest.startsWith('<=') || rest.startsWith('<!')) throw new Unsupported('a lookbehind (?<= or (?<!');
    if (rest.startsWith('<')) {
      // A named group: only whether the pattern matches counts here, so the name can go.
      const close = this.p.indexOf('>', this.i);
      if (close < 0) throw new Unsupported('an unterminated group name');
      this.i = close + 1;
      return '(';
    }
    throw new Unsupported('an inline modifier group (?…)');
  }

  private counted(): string {
    const match = /^(\d+)(,(\d*))?\}/.exec(this.p.slice(this.i));
    if (!match) throw new Unsupported('a malformed {…} quantifier');
    const counts = [match[1], match[3]].filter((c) => c !== undefined && c !== '').map(Number);
    if (counts.some((c) => c > MAX_REPEAT)) {
      throw new Unsupported(`a repetition count above ${MAX_REPEAT} ({${match[0]})`);
    }
    this.i += match[0].length;
    return `{${match[0]}`;
  }

  /** After `[`: the class with every member spelled in RE2 syntax. */
  private characterClass(): string {
    const negated = this.p.startsWith('^', this.i);
    if (negated) this.i++;
    const members: string[] = [];
    while (!this.p.startsWith(']', this.i)) {
      if (this.i >= this.p.length) throw new Unsupported('an unterminated character class');
      const from = this.classAtom();
      const isRange =
        from.codePoint !== undefined && this.p.startsWith('-', this.i) && !this.p.startsWith('-]', this.i);
      if (!isRange) {
        members.push(from.text);
        continue;
      }
      this.i++;
      const to = this.classAtom();
      if (to.codePoint === undefined) throw new Unsupported('a range ending in a class escape');
      members.push(`${from.text}-${to.text}`);
    }
    this.i++;
    // JavaScript's `[]` matches nothing and `[^]` anything; RE2 would read `]` as a member.
    if (members.length === 0) return negated ? `[${EVERYTHING}]` : `[^${EVERYTHING}]`;
    return `[${negated ? '^' : ''}${members.join('')}]`;
  }

  private classAtom(): ClassAtom {
    const ch = this.next();
    if (ch === '\\') return this.escape(true);
    const codePoint = ch.codePointAt(0)!;
    return { text: literal(codePoint), codePoint };
  }

  /** After `\`: one escape, as RE2 text usable inside a class too (a class escape has no code point). */
  private escape(inClass: boolean): ClassAtom {
    const ch = this.next();
    switch (ch) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        return { text: `\\${ch}` };
      case 's':
        return { text: inClass ? rangesText(JS_SPACE) : `[${rangesText(JS_SPACE)}]` };
      case 'S': {
        const outside = complement(JS_SPACE);
        return { text: inClass ? rangesText(outside) : `[${rangesText(outside)}]` };
      }
      case 'b':
        // In a class `\b` is backspace; outside it is the ASCII word boundary in both dialects.
        return inClass ? single(0x08) : { text: '\\b' };
      case 'B':
        return { text: '\\B' };
      case 'p':
      case 'P':
        return { text: this.property(ch === 'P', inClass) };
      case 'f':
        return single(0x0c);
      case 'n':
        return single(0x0a);
      case 'r':
        return single(0x0d);
      case 't':
        return single(0x09);
      case 'v':
        return single(0x0b);
      case 'c':
        return single(this.next().charCodeAt(0) % 32);
      case '0':
        return single(0);
      case 'x':
        return single(this.hexDigits(2));
      case 'u':
        return single(this.unicodeEscape());
      case 'k':
        throw new Unsupported('a named backreference \\k<…>');
      default:
        if (ch >= '1' && ch <= '9') throw new Unsupported(`a backreference \\${ch}`);
        // An identity escape: in `u` mode only syntax characters, `/` and (in a class) `-`.
        return single(ch.codePointAt(0)!);
    }
  }

  /** After `\u`: `{…}`, four hex digits, or a surrogate pair written as two escapes. */
  private unicodeEscape(): number {
    if (this.p.startsWith('{', this.i)) {
      const close = this.p.indexOf('}', this.i);
      const value = Number.parseInt(this.p.slice(this.i + 1, close), 16);
      this.i = close + 1;
      return value;
    }
    const high = this.hexDigits(4);
    const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(this.p.slice(this.i));
    if (high >= 0xd800 && high <= 0xdbff && low) {
      this.i += 6;
      return (high - 0xd800) * 0x400 + (Number.parseInt(low[1]!, 16) - 0xdc00) + 0x10000;
    }
    return high;
  }

  private hexDigits(count: number): number {
    const digits = this.p.slice(this.i, this.i + count);
    if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== count)
      throw new Unsupported('a malformed escape');
    this.i += count;
    return Number.parseInt(digits, 16);
  }

  /** After `\p` or `\P`: `{Name}`, `{Name=Value}`. */
  private property(negated: boolean, inClass: boolean): string {
    const close = this.p.indexOf('}', this.i);
    const body = this.p.slice(this.i + 1, close);
    this.i = close + 1;
    const [name, value] = body.includes('=') ? body.split('=', 2) : [undefined, body];
    const written = `\\${negated ? 'P' : 'p'}{${body}}`;
    let re2Name: string | undefined;
    if (name === undefined || name === 'General_Category' || name === 'gc') {
      re2Name = CATEGORIES.has(value!)
        ? value
        : Object.hasOwn(CATEGORY_ALIASES, value!)
          ? CATEGORY_ALIASES[value!]
          : undefined;
      if (name === undefined && value === 'Any') re2Name = 'Any';
      if (name === undefined && value === 'ASCII') {
        const ranges: ReadonlyArray<readonly [number, number]> = [[0, 0x7f]];
        const text = rangesText(negated ? complement(ranges) : ranges);
        return inClass ? text : `[${text}]`;
      }
    } else if (name === 'Script' || name === 'sc') {
      // RE2 knows scripts by their long names (Latin, Greek) and rejects the codes (Latn): compiling decides.
      re2Name = /^[A-Za-z_]+$/.test(value!) ? value : undefined;
    }
    if (re2Name === undefined) throw new Unsupported(`the Unicode property ${written}`);
    return `\\${negated ? 'P' : 'p'}{${re2Name}}`;
  }

  /** The next code point (a pattern is read by code points in `u` mode). */
  private next(): string {
    const codePoint = this.p.codePointAt(this.i);
    if (codePoint === undefined) throw new Unsupported('a pattern that ends inside an escape');
    const ch = String.fromCodePoint(codePoint);
    this.i += ch.length;
    return ch;
  }
}

function single(codePoint: number): ClassAtom {
  return { text: literal(codePoint), codePoint };
}

/** One code point as RE2 text: letters and digits as themselves, everything else as `\x{…}`. */
function literal(codePoint: number): string {
  const ch = String.fromCodePoint(codePoint);
  return /^[A-Za-z0-9_]$/.test(ch) ? ch : `\\x{${hex(codePoint)}}`;
}

function hex(n: number): string {
  return n.toString(16);
}

function rangesText(ranges: ReadonlyArray<readonly [number, number]>): string {
  return ranges.map(([lo, hi]) => (lo === hi ? literal(lo) : `${literal(lo)}-${literal(hi)}`)).join('');
}

/** The code points outside sorted, disjoint ranges. */
function complement(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let from = 0;
  for (const [lo, hi] of ranges) {
    if (lo > from) out.push([from, lo - 1]);
    from = hi + 1;
  }
  if (from <= MAX_CODE_POINT) out.push([from, MAX_CODE_POINT]);
  return out;
}
