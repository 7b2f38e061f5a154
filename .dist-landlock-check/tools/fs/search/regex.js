import { RE2JS } from 're2js';
import { ToolError } from '../../../core/index.js';
/**
 * grep_files patterns are Rust regexes (ripgrep's syntax). This module prepares a pattern for ripgrep and
 * translates it for the JavaScript search, so both read it the same way: Unicode-aware \w \d \s \b, `.`
 * never matching a line break, ASCII classes like [[:alpha:]], \pL and \p{Greek}, (?i) at the start,
 * (?P<name>...). What Rust rejects (look-around, backreferences) is rejected here too.
 */
/** Escapes ripgrep 13 rejects although their meaning is plain (models write `\/` and `\"` often). */
const NEEDLESS_ESCAPES = new Set([...'/:"\'@%,;=!_` ']);
/** Rust's \w: letters, marks, decimal digits, connector punctuation, joiners. */
const WORD = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}';
const ASCII_CLASSES = {
    alnum: '0-9A-Za-z',
    alpha: 'A-Za-z',
    ascii: '\\x00-\\x7F',
    blank: '\\t ',
    cntrl: '\\x00-\\x1F\\x7F',
    digit: '0-9',
    graph: '!-~',
    lower: 'a-z',
    print: ' -~',
    punct: '!-\\/:-@\\[-\\x60\\{-~',
    space: '\\t\\n\\v\\f\\r ',
    upper: 'A-Z',
    word: '0-9A-Za-z_',
    xdigit: '0-9A-Fa-f',
};
const SYNTAX_CHARS = new Set([...'^$\\.*+?()[]{}|/']);
export function invalidRegex(pattern, reason) {
    return new ToolError('invalid_arguments', `Invalid regex "${pattern}": ${reason}`, {
        hint: 'The pattern is a regular expression (Rust syntax, as ripgrep uses): escape ( ) [ ] { } . * + ? | ^ $ \\ with a backslash to match them literally.',
    });
}
/**
 * The pattern as both implementations search for it: needless escapes dropped, and a line break refused
 * (matching is line by line, so a pattern with `\n` could never match; ripgrep refuses it too).
 */
export function normalizePattern(pattern) {
    const extended = /\(\?[a-zA-Z]*x/.test(pattern);
    let out = '';
    let depth = 0;
    for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i];
        if (c === '\n' || c === '\r')
            throw lineBreak(pattern);
        if (c === '\\' && i + 1 < pattern.length) {
            const next = pattern[i + 1];
            if (NEEDLESS_ESCAPES.has(next) && !(extended && next === ' ')) {
                out += next;
            }
            else {
                if (depth === 0 && escapedCodePoint(pattern, i) === 0x0a)
                    throw lineBreak(pattern);
                out += c + next;
            }
            i++;
            continue;
        }
        if (c === '[') {
            if (depth > 0 && pattern[i + 1] === ':') {
                const end = pattern.indexOf(':]', i + 2);
                if (end > 0) {
                    out += pattern.slice(i, end + 2);
                    i = end + 1;
                    continue;
                }
            }
            depth++;
            out += c;
            // A `]` right after `[` or `[^` is a literal, not the end of the class.
            if (pattern[i + 1] === '^')
                out += pattern[++i];
            if (pattern[i + 1] === ']')
                out += pattern[++i];
            continue;
        }
        if (c === ']' && depth > 0)
            depth--;
        out += c;
    }
    return out;
}
function lineBreak(pattern) {
    return invalidRegex(pattern, 'grep_files matches one line at a time, so a pattern cannot contain a line break (\\n). Search for the text of one line instead.');
}
/** The code point an escape like \n, \x0A, \x{a}, \u000A or \U{a} stands for, if it is one of those. */
function escapedCodePoint(pattern, at) {
    const kind = pattern[at + 1];
    if (kind === 'n')
        return 0x0a;
    const width = kind === 'x' ? 2 : kind === 'u' ? 4 : kind === 'U' ? 8 : 0;
    if (width === 0)
        return undefined;
    if (pattern[at + 2] === '{') {
        const end = pattern.indexOf('}', at + 3);
        return end > 0 ? Number.parseInt(pattern.slice(at + 3, end), 16) : undefined;
    }
    const hex = pattern.slice(at + 2, at + 2 + width);
    return /^[0-9a-fA-F]+$/.test(hex) && hex.length === width ? Number.parseInt(hex, 16) : undefined;
}
/** Translate a normalized Rust pattern to JavaScript; throws `Invalid regex "...": reason` when it is not valid. */
export function toJsPattern(pattern, ignoreCase) {
    const translated = new Translator(pattern).run();
    const flags = `u${ignoreCase || translated.ignoreCase ? 'i' : ''}`;
    if (nestsRepetition(translated.source))
        return linearPattern(pattern, translated.source, flags.includes('i'));
    try {
        return { line: new RegExp(translated.source, flags), block: new RegExp(translated.source, `${flags}m`) };
    }
    catch (error) {
        const message = error.message;
        throw invalidRegex(pattern, message.slice(message.lastIndexOf(': ') + 2) || message);
    }
}
class Translator {
    p;
    i = 0;
    out = '';
    ignoreCase = false;
    constructor(p) {
        this.p = p;
    }
    run() {
        const lead = /^\(\?([a-zA-Z]+)\)/.exec(this.p);
        if (lead) {
            for (const flag of lead[1]) {
                if (flag === 'i')
                    this.ignoreCase = true;
                else if (flag !== 's' && flag !== 'm' && flag !== 'u')
                    this.unsupported(`the inline flag "${flag}"`);
            }
            this.i = lead[0].length;
        }
        while (this.i < this.p.length)
            this.step();
        return { source: this.out, ignoreCase: this.ignoreCase };
    }
    step() {
        const { p } = this;
        const c = p[this.i];
        if (c === '\\') {
            this.out += this.escape(false);
        }
        else if (c === '[') {
            this.out += this.charClass();
        }
        else if (c === '(' && p[this.i + 1] === '?') {
            this.out += this.groupOpening();
        }
        else if (c === '{') {
            // A counted repetition is copied whole; any other `{` is an error in both syntaxes.
            const counted = /^\{\d+(,\d*)?\}/.exec(p.slice(this.i, this.i + 32));
            this.out += counted ? counted[0] : c;
            this.i += counted ? counted[0].length : 1;
        }
        else {
            // `.` never crosses a line (JavaScript's also stops at \r and U+2028, Rust's does not).
            this.out += c === '.' ? '[^\\n]' : c === ']' || c === '}' ? `\\${c}` : c;
            this.i++;
        }
    }
    groupOpening() {
        const rest = this.p.slice(this.i + 2);
        if (rest.startsWith(':'))
            return this.advance(3, '(?:');
        if (rest.startsWith('P<'))
            return this.advance(4, '(?<');
        if (/^(=|!|<=|<!)/.test(rest)) {
            throw this.invalid('look-around, including look-ahead and look-behind, is not supported');
        }
        if (rest.startsWith('<'))
            return this.advance(3, '(?<');
        return this.unsupported('inline flags after the start of the pattern');
    }
    advance(n, text) {
        this.i += n;
        return text;
    }
    /** An escape at `this.i`; inside a class only what JavaScript accepts there. */
    escape(inClass) {
        const { p } = this;
        const next = p[this.i + 1];
        if (next === undefined)
            throw this.invalid('incomplete escape sequence');
        switch (next) {
            case 'd':
                return this.advance(2, '\\p{Nd}');
            case 'D':
                return this.advance(2, '\\P{Nd}');
            case 's':
                return this.advance(2, '\\p{White_Space}');
            case 'S':
                return this.advance(2, '\\P{White_Space}');
            case 'w':
                return this.advance(2, inClass ? WORD : `[${WORD}]`);
            case 'W':
                // A negated union cannot sit inside a class without the v flag; ASCII \W is close enough there.
                return this.advance(2, inClass ? '\\W' : `[^${WORD}]`);
            case 'p':
            case 'P':
                return this.property();
            case 'x':
            case 'u':
            case 'U':
                return this.codePoint();
            case 'a':
                return this.advance(2, '\\x07');
            case 't':
            case 'n':
            case 'r':
            case 'f':
            case 'v':
                return this.advance(2, `\\${next}`);
            case '#':
            case '&':
            case '~':
                return this.advance(2, next);
            case '-':
                return this.advance(2, inClass ? '\\-' : '-');
        }
        if (!inClass) {
            if (next === 'b') {
                return this.advance(2, `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`);
            }
            if (next === 'B') {
                return this.advance(2, `(?:(?<=[${WORD}])(?=[${WORD}])|(?<![${WORD}])(?![${WORD}]))`);
            }
            if (next === 'A')
                return this.advance(2, '^');
            if (next === 'z')
                return this.advance(2, '$');
        }
        if (next >= '0' && next <= '9')
            throw this.invalid('backreferences are not supported');
        if (SYNTAX_CHARS.has(next))
            return this.advance(2, `\\${next}`);
        throw this.invalid('unrecognized escape sequence');
    }
    property() {
        const { p } = this;
        let negated = p[this.i + 1] === 'P';
        let name;
        if (p[this.i + 2] === '{') {
            const end = p.indexOf('}', this.i + 3);
            if (end < 0)
                throw this.invalid('unclosed Unicode class');
            name = p.slice(this.i + 3, end);
            this.i = end + 1;
        }
        else {
            name = p[this.i + 2] ?? '';
            if (name === '')
                throw this.invalid('incomplete escape sequence');
            this.i += 3;
        }
        if (name.startsWith('^')) {
            negated = !negated;
            name = name.slice(1);
        }
        return `\\${negated ? 'P' : 'p'}{${this.propertyName(name)}}`;
    }
    /** Rust matches property names loosely (`greek`, `sc:Greek`); JavaScript wants canonical ones. */
    propertyName(name) {
        const plain = name.trim().replace(':', '=');
        const title = plain.replace(/(^|[_\s=-])([a-z])/g, (_, sep, ch) => sep + ch.toUpperCase());
        for (const candidate of [plain, title, `Script=${plain}`, `Script=${title}`]) {
            try {
                new RegExp(`\\p{${candidate}}`, 'u');
                return candidate;
            }
            catch {
                // try the next spelling
            }
        }
        throw this.invalid(`unknown Unicode property "${name}"`);
    }
    codePoint() {
        const { p } = this;
        const kind = p[this.i + 1];
        let hex;
        if (p[this.i + 2] === '{') {
            const end = p.indexOf('}', this.i + 3);
            if (end < 0)
                throw this.invalid('unclosed escape sequence');
            hex = p.slice(this.i + 3, end);
            this.i = end + 1;
        }
        else {
            const width = kind === 'x' ? 2 : kind === 'u' ? 4 : 8;
            hex = p.slice(this.i + 2, this.i + 2 + width);
            if (hex.length !== width)
                throw this.invalid('incomplete escape sequence');
            this.i += 2 + width;
        }
        const value = /^[0-9a-fA-F]{1,8}$/.test(hex) ? Number.parseInt(hex, 16) : Number.NaN;
        if (!(value <= 0x10ffff) || (value >= 0xd800 && value <= 0xdfff)) {
            throw this.invalid('invalid hexadecimal escape');
        }
        return `\\u{${value.toString(16)}}`;
    }
    charClass() {
        const { p } = this;
        let out = '[';
        this.i++;
        if (p[this.i] === '^') {
            out += '^';
            this.i++;
        }
        if (p[this.i] === ']') {
            out += '\\]';
            this.i++;
        }
        while (this.i < p.length && p[this.i] !== ']') {
            const c = p[this.i];
            if (c === '[') {
                const posix = /^\[:(\^?)([a-z]+):\]/.exec(p.slice(this.i));
                if (!posix)
                    this.unsupported('nested character classes');
                if (posix[1])
                    this.unsupported('negated ASCII classes like [:^alpha:]');
                const ranges = ASCII_CLASSES[posix[2]];
                if (!ranges)
                    throw this.invalid(`invalid ASCII class "[:${posix[2]}:]"`);
                out += ranges;
                this.i += posix[0].length;
            }
            else if (c === '\\') {
                out += this.escape(true);
            }
            else if ((c === '&' || c === '-' || c === '~') && p[this.i + 1] === c) {
                this.unsupported('character class set operations (&&, --, ~~)');
            }
            else {
                out += c;
                this.i++;
            }
        }
        if (this.i >= p.length)
            throw this.invalid('unclosed character class');
        this.i++;
        return `${out}]`;
    }
    invalid(reason) {
        return invalidRegex(this.p, reason);
    }
    unsupported(what) {
        throw new ToolError('invalid_arguments', `The regex "${this.p}" uses ${what}, which the JavaScript search (used because ripgrep is not installed) does not support. Rewrite the pattern without it.`);
    }
}
/**
 * Whether a pattern repeats a group that itself repeats or alternates — `(a+)+`, `(a*)*`, `(a|aa)+` — the
 * shapes that make a backtracking engine (JavaScript's) take exponential time. ripgrep's engine is linear;
 * such patterns run here on RE2 (re2js) instead, so one search can never freeze the runtime.
 */
export function nestsRepetition(source) {
    const groups = [{ risky: false }];
    let inClass = false;
    for (let i = 0; i < source.length; i++) {
        const ch = source[i];
        if (ch === '\\') {
            i++;
            continue;
        }
        if (inClass) {
            if (ch === ']')
                inClass = false;
            continue;
        }
        if (ch === '[')
            inClass = true;
        else if (ch === '(')
            groups.push({ risky: false });
        else if (ch === '|')
            groups.at(-1).risky = true;
        else if (ch === '*' || ch === '+' || (ch === '{' && /^\{\d*,?\d*\}/.test(source.slice(i))))
            groups.at(-1).risky = true;
        else if (ch === ')' && groups.length > 1) {
            const inner = groups.pop();
            const next = source[i + 1];
            const repeated = next === '*' || next === '+' || (next === '{' && /^\{\d*,\d*\}/.test(source.slice(i + 1)));
            if (repeated && inner.risky)
                return true;
            if (inner.risky)
                groups.at(-1).risky = true;
        }
    }
    return false;
}
/** The same search on RE2: linear time, no lookaround or backreferences (neither has ripgrep's default). */
function linearPattern(original, source, ignoreCase) {
    try {
        const flags = ignoreCase ? RE2JS.CASE_INSENSITIVE : 0;
        const line = RE2JS.compile(source, flags);
        const block = RE2JS.compile(source, flags | RE2JS.MULTILINE);
        return {
            line: { test: (text) => line.matcher(text).find() },
            block: { test: (text) => block.matcher(text).find() },
        };
    }
    catch (error) {
        throw invalidRegex(original, error.message);
    }
}
//# sourceMappingURL=regex.js.map