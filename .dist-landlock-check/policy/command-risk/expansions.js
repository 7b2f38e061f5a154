// Expansions that bash evaluates as code. A parameter expansion is only read when it has one of the plain
// forms below; arithmetic is only read when it holds nothing but literal numbers and operators. Everything
// else can run commands carried in a variable's value: bash evaluates array subscripts, substring offsets,
// `$(( ))`, `$[ ]` and the names behind `${!x}` as arithmetic, and arithmetic evaluates variables that
// hold expressions, including subscripts with `$(…)` in them (`x='a[$(id)]'; echo $((x))` runs id);
// `${x@P}` expands its value like a prompt, which runs command substitutions.
/** A parameter: a name, a positional number or a special parameter. */
const NAME = '(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])';
/** A subscript bash does not evaluate: a literal integer, `@` or `*`. */
const INDEX = String.raw `(?:\[(?:-?[0-9]+|[@*])\])`;
const INT = String.raw `\s*-?[0-9]+\s*`;
/** After the parameter: `:-w`, `+w`, `:?w`, `#p`, `%%p`, `/p/r`, `^^`, `,`: words and patterns, nothing evaluated. */
const OPERATOR = /^(?::?[-+?]|##?|%%?|\/[/#%]?|\^\^?|,,?)/;
/** After the parameter: `:1`, `: -2:3`: literal offsets. */
const SUBSTRING = new RegExp(`^:${INT}(?::${INT})?$`);
/** `${!prefix*}`, `${!prefix@}`, `${!a[@]}`: names and keys, nothing evaluated. */
const NAMES = /^![A-Za-z_][A-Za-z0-9_]*(?:[*@]|\[[@*]\])$/;
const HEAD = new RegExp(String.raw `^#?(${NAME})(\[[^\]]*\])?`);
const LITERAL_INDEX = new RegExp(`^${INDEX}$`);
/** Why a `${…}` expansion is not a plain read, or null when it is. `text` is the whole `${…}`. */
export function expansionProblem(text) {
    const shown = brief(text);
    if (!text.startsWith('${') || !text.endsWith('}'))
        return `expansion ${shown} could not be read`;
    const inner = text.slice(2, -1);
    if (NAMES.test(inner))
        return null;
    if (inner.startsWith('!'))
        return `indirect expansion ${shown} evaluates the name it holds`;
    const head = HEAD.exec(inner);
    if (!head)
        return `expansion ${shown} is not one the classifier can read`;
    const index = head[2];
    if (index && !LITERAL_INDEX.test(index))
        return `array subscript in ${shown} is evaluated as arithmetic, which can run commands`;
    const rest = inner.slice(head[0].length);
    if (rest === '' || SUBSTRING.test(rest))
        return null;
    if (rest.startsWith('@'))
        return `parameter transformation ${shown} can expand its value like a prompt, running commands`;
    if (/^:?=/.test(rest))
        return `${shown} assigns a variable`;
    if (OPERATOR.test(rest))
        return null;
    if (rest.startsWith(':'))
        return `substring offsets in ${shown} are evaluated as arithmetic`;
    return `expansion ${shown} is not one the classifier can read`;
}
/** Literal numbers, blanks and operators: nothing bash could look up or run. */
const LITERAL_ARITHMETIC = /^[\s0-9+\-*/%()<>=!&|^~?:,]*$/;
/** Why `$(( … ))` or `$[ … ]` is not a plain computation, or null when it only combines literal numbers. */
export function arithmeticProblem(text) {
    const inner = text.startsWith('$((') ? text.slice(3, -2) : text.startsWith('$[') ? text.slice(2, -1) : null;
    if (inner !== null && LITERAL_ARITHMETIC.test(inner))
        return null;
    return `arithmetic ${brief(text)} evaluates variables and subscripts, which can run commands`;
}
/**
 * Every `${…}`, `$(…)`, `$((…))`, `$[…]` and backtick substitution in text that bash expands like the
 * inside of double quotes (an unquoted heredoc body). Escaped `\$` and `` \` `` are skipped. An opening
 * that is never closed runs to the end of the text.
 */
export function substitutionsIn(text) {
    const found = [];
    for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (ch === '\\') {
            i++;
            continue;
        }
        if (ch === '`') {
            let j = i + 1;
            while (j < text.length && text[j] !== '`')
                j += text[j] === '\\' ? 2 : 1;
            found.push({ kind: '`', text: text.slice(i, j + 1), inner: text.slice(i + 1, j) });
            i = j;
            continue;
        }
        if (ch !== '$')
            continue;
        const next = text[i + 1];
        const close = next === '{' ? '}' : next === '(' ? ')' : next === '[' ? ']' : null;
        if (!close)
            continue;
        const end = matching(text, i + 1, next, close);
        const whole = text.slice(i, end + 1);
        if (next === '{')
            found.push({ kind: '${', text: whole, inner: text.slice(i + 2, end) });
        else if (next === '[')
            found.push({ kind: '$[', text: whole, inner: text.slice(i + 2, end) });
        else if (text[i + 2] === '(')
            found.push({ kind: '$((', text: whole, inner: text.slice(i + 3, end - 1) });
        else
            found.push({ kind: '$(', text: whole, inner: text.slice(i + 2, end) });
        i = end;
    }
    return found;
}
/** Index of the bracket closing the one at `open`, skipping quoted and escaped text; text.length - 1 if none. */
function matching(text, open, left, right) {
    let depth = 0;
    for (let i = open; i < text.length; i++) {
        const ch = text[i];
        if (ch === '\\')
            i++;
        else if (ch === "'" && left === '(') {
            const end = text.indexOf("'", i + 1);
            if (end < 0)
                return text.length - 1;
            i = end;
        }
        else if (ch === left)
            depth++;
        else if (ch === right && --depth === 0)
            return i;
    }
    return text.length - 1;
}
function brief(text) {
    const line = text.replace(/\s+/g, ' ').trim();
    return line.length > 40 ? `${line.slice(0, 37)}…` : line;
}
//# sourceMappingURL=expansions.js.map