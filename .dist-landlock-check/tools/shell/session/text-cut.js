// Keeping the start or the end of a text within a byte budget, at a line boundary when that costs little,
// never inside a character.
/** The longest start of `text` within `maxBytes` UTF-8 bytes. */
export function keepStart(text, maxBytes) {
    const bytes = Buffer.from(text);
    if (bytes.length <= maxBytes)
        return text;
    let end = Math.max(0, maxBytes);
    while (end > 0 && (bytes[end] & 0xc0) === 0x80)
        end--;
    const nl = bytes.lastIndexOf(10, end - 1);
    // A line boundary, unless it would throw away more than half of what fits.
    if (nl >= 0 && (nl + 1) * 2 >= end)
        end = nl + 1;
    return bytes.subarray(0, end).toString('utf8');
}
/** The longest end of `text` within `maxBytes` UTF-8 bytes. */
export function keepEnd(text, maxBytes) {
    const bytes = Buffer.from(text);
    if (bytes.length <= maxBytes)
        return text;
    let start = bytes.length - Math.max(0, maxBytes);
    while (start < bytes.length && (bytes[start] & 0xc0) === 0x80)
        start++;
    const nl = bytes.indexOf(10, start);
    const kept = bytes.length - start;
    if (nl >= 0 && nl + 1 < bytes.length && (bytes.length - nl - 1) * 2 >= kept)
        start = nl + 1;
    return bytes.subarray(start).toString('utf8');
}
//# sourceMappingURL=text-cut.js.map