// When old_text matched only after ignoring indentation, new_text was written at the model's indentation,
// not the file's. Map it the way the matched lines map, so the edit keeps the file's indentation.
const leading = (line) => line.slice(0, line.length - line.trimStart().length);
const isBlank = (line) => line.trim() === '';
/**
 * A shift that explains every (model, file) indentation pair, or undefined. Tried in order: adding or
 * removing the same prefix on every line (a different base), then a linear map of widths made of one
 * character each (two spaces per level against four, spaces against tabs).
 */
function learnShift(pairs) {
    const [n0, f0] = pairs[0];
    const fits = (shift) => pairs.every(([n, f]) => shift(n) === f);
    let shift;
    if (f0.endsWith(n0)) {
        const add = f0.slice(0, f0.length - n0.length);
        shift = (indent) => add + indent;
    }
    else if (n0.endsWith(f0)) {
        const remove = n0.length - f0.length;
        shift = (indent) => indent.slice(Math.min(remove, indent.length));
    }
    if (shift && fits(shift))
        return shift;
    const unit = (indents) => {
        const chars = new Set(indents.join(''));
        return chars.size === 1 ? [...chars][0] : chars.size === 0 ? '' : undefined;
    };
    const modelChar = unit(pairs.map(([n]) => n));
    const fileChar = unit(pairs.map(([, f]) => f));
    if (modelChar === undefined || !fileChar)
        return undefined;
    // width(file) = scale × width(model) + offset, from the two most different model widths.
    const sorted = [...pairs].sort((a, b) => a[0].length - b[0].length);
    const [lo, hi] = [sorted[0], sorted.at(-1)];
    const scale = hi[0].length !== lo[0].length
        ? (hi[1].length - lo[1].length) / (hi[0].length - lo[0].length)
        : lo[0].length > 0
            ? lo[1].length / lo[0].length
            : 1;
    const offset = lo[1].length - scale * lo[0].length;
    if (scale <= 0)
        return undefined;
    const linear = (indent) => {
        if (modelChar !== '' && [...indent].some((c) => c !== modelChar))
            return indent;
        return fileChar.repeat(Math.max(0, Math.round(scale * indent.length + offset)));
    };
    return fits(linear) ? linear : undefined;
}
/**
 * Re-indent `newText` the way old_text's lines map onto the file lines they matched. When the first line
 * alone differs (models often start old_text after the first line's indentation), it gets its own shift.
 * When nothing explains every line, the first line's difference is applied to all: the base is right.
 */
export function reindent(newText, needleLines, fileLines) {
    const pairs = [];
    let firstLinePaired = false;
    for (let j = 0; j < needleLines.length; j++) {
        const n = needleLines[j];
        const f = fileLines[j] ?? '';
        if (isBlank(n) || isBlank(f))
            continue;
        pairs.push([leading(n), leading(f)]);
        if (j === 0)
            firstLinePaired = true;
    }
    if (pairs.every(([n, f]) => n === f))
        return { text: newText, shifted: false };
    const [n0, f0] = pairs[0];
    const base = learnShift([pairs[0]]) ?? ((indent) => (indent.startsWith(n0) ? f0 + indent.slice(n0.length) : indent));
    let first = learnShift(pairs);
    let rest = first;
    if (!first && firstLinePaired && pairs[0][0] === '' && pairs.length > 1) {
        rest = learnShift(pairs.slice(1));
        if (rest)
            first = base;
    }
    if (!first || !rest)
        first = rest = base;
    const lines = newText.split('\n').map((line, i) => {
        if (isBlank(line))
            return line;
        const indent = leading(line);
        return (i === 0 && firstLinePaired ? first : rest)(indent) + line.slice(indent.length);
    });
    return { text: lines.join('\n'), shifted: true };
}
//# sourceMappingURL=reindent.js.map