const DYNAMIC = new Set([
    'simple_expansion',
    'expansion',
    'command_substitution',
    'process_substitution',
    'arithmetic_expansion',
    'brace_expression',
]);
export function evalWord(node) {
    const piece = evalPiece(node);
    // A brace expansion such as {a,b} or {1..3} makes several words out of one.
    const braces = /\{[^{}]*(,|\.\.)[^{}]*\}/.test(piece.shape);
    return {
        value: braces ? null : piece.value,
        raw: node.text,
        leadingGlob: /^[*?[]/.test(piece.shape),
        glob: /[*?[]/.test(piece.shape),
    };
}
function evalPiece(node) {
    if (DYNAMIC.has(node.type))
        return { value: null, shape: '$' };
    switch (node.type) {
        case 'word':
            return unquotedWord(node.text);
        case 'number':
        case 'test_operator':
        case 'regex':
        case 'extglob_pattern':
            return { value: node.text, shape: node.text };
        case 'raw_string':
            return { value: node.text.slice(1, -1), shape: mask(node.text.length - 2) };
        case 'ansi_c_string':
            return { value: ansiC(node.text.slice(2, -1)), shape: mask(node.text.length - 3) };
        case 'string':
            return doubleQuoted(node);
        case 'translated_string':
            return node.namedChildren[0] ? doubleQuoted(node.namedChildren[0]) : { value: null, shape: '$' };
        case 'concatenation': {
            let value = '';
            let shape = '';
            for (const child of node.children) {
                if (!child)
                    continue;
                const part = evalPiece(child);
                value = value === null || part.value === null ? null : value + part.value;
                shape += part.shape;
            }
            return { value, shape };
        }
        default:
            // Anything else (a stray `$`, an unexpected node) is not a value we can vouch for.
            return { value: null, shape: '$' };
    }
}
/** A quoted part contributes no glob or brace characters: mask it with inert characters. */
function mask(length) {
    return 'q'.repeat(Math.max(0, length));
}
function unquotedWord(text) {
    let value = '';
    let shape = '';
    for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (ch === '\\' && i + 1 < text.length) {
            const next = text[++i];
            if (next !== '\n') {
                value += next;
                shape += 'q';
            }
        }
        else {
            value += ch;
            shape += ch;
        }
    }
    return { value, shape };
}
function doubleQuoted(node) {
    let value = '';
    for (const part of stringParts(node)) {
        if (typeof part === 'string') {
            if (value !== null)
                value += part;
        }
        else {
            value = null;
        }
    }
    return { value, shape: mask(node.text.length) };
}
/**
 * The parts of a double-quoted string: literal text (escapes applied) and the nodes that expand. The
 * grammar leaves newlines between `string_content` pieces out of every child (`"a\n\nb"`) and puts blank
 * content in a quote token (`" "`): the text between children and beside the quotes is kept.
 */
export function stringParts(node) {
    const parts = [];
    const text = node.text;
    const literal = (raw) => raw.replace(/\\([\\"$`])|\\\n/g, (_m, c) => c ?? '');
    let at = 0;
    for (const child of node.children) {
        if (!child)
            continue;
        const start = child.startIndex - node.startIndex;
        if (start > at)
            parts.push(literal(text.slice(at, start)));
        if (child.type === 'string_content')
            parts.push(literal(child.text));
        // Blank-only content is folded into the closing quote's token (`" "` is `"` and ` "`).
        else if (child.type === '"') {
            if (child.text.length > 1)
                parts.push(literal(child.text.replace('"', '')));
        }
        else
            parts.push(child);
        at = Math.max(at, child.endIndex - node.startIndex);
    }
    if (text.length > at)
        parts.push(literal(text.slice(at)));
    return parts;
}
const SIMPLE_ESCAPES = {
    a: '\x07',
    b: '\b',
    e: '\x1b',
    E: '\x1b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
    v: '\v',
    '\\': '\\',
    "'": "'",
    '"': '"',
    '?': '?',
};
/** Decode the body of $'…'. */
function ansiC(body) {
    return body.replace(/\\(?:([abeEfnrtv\\'"?])|([0-7]{1,3})|x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|c(.))/g, (_m, simple, oct, hex, u4, u8, ctl) => {
        if (simple)
            return SIMPLE_ESCAPES[simple] ?? simple;
        const code = oct
            ? Number.parseInt(oct, 8)
            : hex || u4 || u8
                ? Number.parseInt((hex ?? u4 ?? u8), 16)
                : ctl.charCodeAt(0) & 0x1f;
        return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    });
}
/**
 * C0 and C1 control characters other than tab and newline, DEL, and the invisible format characters that
 * reorder or hide text (zero-width, bidi overrides and isolates, BOM).
 */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/** The first control or invisible formatting character in text, as `U+XXXX`, or null. */
export function controlCharacter(text) {
    const match = CONTROL.exec(text);
    if (!match)
        return null;
    return `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}
//# sourceMappingURL=words.js.map