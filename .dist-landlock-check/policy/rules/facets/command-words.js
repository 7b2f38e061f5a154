// Shell-style word splitting for command rules, and the inverse (quoting argv back into rule text).
// A rule matches one simple command, so operators and expansions in a pattern are errors, not text.
import { PatternError } from './definition.js';
const OPERATORS = new Set([';', '&', '|', '<', '>', '(', ')']);
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Split a command pattern such as `npm run test:*` or `git commit -m 'fix: *'` into words. */
export function parseCommandPattern(text) {
    // Each word as pieces: literal text, or an unquoted star.
    const words = [];
    let current;
    const push = (piece) => {
        current ??= [];
        current.push(piece);
    };
    let i = 0;
    while (i < text.length) {
        const ch = text[i];
        if (ch === ' ' || ch === '\t' || ch === '\n') {
            if (current)
                words.push(current);
            current = undefined;
            i++;
        }
        else if (ch === "'") {
            const end = text.indexOf("'", i + 1);
            if (end < 0)
                throw new PatternError(`unterminated single quote in "${text}"`);
            push(text.slice(i + 1, end));
            i = end + 1;
        }
        else if (ch === '"') {
            let out = '';
            let j = i + 1;
            for (; j < text.length && text[j] !== '"'; j++) {
                const c = text[j];
                if (c === '$' || c === '`')
                    throw expansion(text, c);
                if (c === '\\' && j + 1 < text.length && '"\\$`\n'.includes(text[j + 1])) {
                    if (text[j + 1] !== '\n')
                        out += text[j + 1];
                    j++;
                }
                else
                    out += c;
            }
            if (j >= text.length)
                throw new PatternError(`unterminated double quote in "${text}"`);
            push(out);
            i = j + 1;
        }
        else if (ch === '\\') {
            if (i + 1 >= text.length)
                throw new PatternError(`a trailing backslash in "${text}" escapes nothing`);
            if (text[i + 1] !== '\n')
                push(text[i + 1]);
            i += 2;
        }
        else if (OPERATORS.has(ch)) {
            throw new PatternError(`"${ch}" in "${text}" is a shell operator; a command rule matches one simple command, so write one rule per command (or quote the character to match it literally)`);
        }
        else if (ch === '$' || ch === '`') {
            throw expansion(text, ch);
        }
        else if (ch === '#' && current === undefined) {
            throw new PatternError(`"#" starts a shell comment in "${text}"; quote it to match it literally`);
        }
        else if (ch === '*') {
            push(STAR);
            i++;
        }
        else {
            let j = i;
            while (j < text.length && !` \t\n'"\\;&|<>()$\`*`.includes(text[j]))
                j++;
            push(text.slice(i, j));
            i = j;
        }
    }
    if (current)
        words.push(current);
    let rest = false;
    const last = words[words.length - 1];
    if (last && last.length === 1 && last[0] === STAR) {
        words.pop();
        rest = true;
    }
    else if (last && last.length >= 2 && last[last.length - 1] === STAR) {
        const before = last[last.length - 2];
        if (typeof before === 'string' && before.endsWith(':')) {
            last.pop();
            last[last.length - 1] = before.slice(0, -1);
            if (last.every((p) => p === ''))
                words.pop();
            rest = true;
        }
    }
    if (words.length === 0)
        throw new PatternError('the command pattern names no command');
    return { words: words.map(toWord), rest };
}
const STAR = Symbol('star');
function toWord(pieces) {
    const value = pieces.map((p) => (p === STAR ? '*' : p)).join('');
    if (!pieces.includes(STAR))
        return { value };
    const source = pieces.map((p) => (p === STAR ? '[\\s\\S]*' : escapeRegex(p))).join('');
    return { value, glob: new RegExp(`^${source}$`, 'u') };
}
function expansion(text, ch) {
    return new PatternError(`"${ch}" in "${text}" would be an expansion; rules match the words a command really has, so quote it (single quotes) to match it literally`);
}
const PLAIN_WORD = /^[A-Za-z0-9_@%+=,./-]+$|^[A-Za-z0-9_@%+=,./-][A-Za-z0-9_@%+=,./:-]*[A-Za-z0-9_@%+=,./-]$/;
/** Quote one argv word so `parseCommandPattern` reads it back as exactly that literal word. */
export function quoteWord(word) {
    if (PLAIN_WORD.test(word))
        return word;
    return `'${word.replace(/'/g, `'\\''`)}'`;
}
//# sourceMappingURL=command-words.js.map