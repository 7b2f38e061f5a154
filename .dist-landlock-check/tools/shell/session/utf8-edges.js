// Where a cut through UTF-8 bytes splits a character: the few bytes on either side that are not whole.
function isContinuation(byte) {
    return (byte & 0xc0) === 0x80;
}
/** Length of the sequence a lead byte starts (1 for ASCII and for bytes that cannot start one). */
function sequenceLength(byte) {
    if (byte >= 0xf0 && byte <= 0xf4)
        return 4;
    if (byte >= 0xe0)
        return byte <= 0xef ? 3 : 1;
    if (byte >= 0xc2)
        return 2;
    return 1;
}
/** Bytes at the end of `bytes` that begin a character not yet complete (0–3). */
export function incompleteTail(bytes) {
    const n = bytes.length;
    for (let back = 1; back <= Math.min(3, n); back++) {
        const byte = bytes[n - back];
        if (isContinuation(byte))
            continue;
        return sequenceLength(byte) > back ? back : 0;
    }
    return 0;
}
/** Continuation bytes at the start of `bytes`: the rest of a character whose start is gone (0–3). */
export function orphanHead(bytes) {
    let i = 0;
    while (i < Math.min(3, bytes.length) && isContinuation(bytes[i]))
        i++;
    return i;
}
/** The largest cut ≤ `at` in `bytes` that does not split a character (falls back to `at` for binary). */
export function boundaryAtOrBefore(bytes, at) {
    if (at >= bytes.length)
        return bytes.length;
    for (let i = at; i > Math.max(0, at - 3); i--)
        if (!isContinuation(bytes[i]))
            return i;
    return isContinuation(bytes[Math.max(0, at - 3)]) ? at : Math.max(0, at - 3);
}
//# sourceMappingURL=utf8-edges.js.map