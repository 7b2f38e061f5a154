import { isUtf8 } from 'node:buffer';
// Files are matched as BOM-less, LF-only text and written back with the bytes they had: the BOM is kept,
// and every byte outside the replaced spans is copied from the original buffer, so CRLF, mixed line
// endings and untouched lines survive byte for byte.
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Decode a file for editing, or say why it is not editable text. */
export function decodeText(raw) {
    if (raw.length >= 2 && ((raw[0] === 0xff && raw[1] === 0xfe) || (raw[0] === 0xfe && raw[1] === 0xff))) {
        return { problem: 'it is UTF-16 text' };
    }
    if (raw.indexOf(0) !== -1)
        return { problem: 'it looks like a binary file (it contains NUL bytes)' };
    if (!isUtf8(raw))
        return { problem: 'it is not valid UTF-8 (perhaps Latin-1 or another encoding)' };
    const bomBytes = raw.length >= 3 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? 3 : 0;
    const orig = raw.toString('utf8', bomBytes);
    const crlf = orig.includes('\r\n');
    return { doc: { raw, bomBytes, orig, text: crlf ? orig.replaceAll('\r\n', '\n') : orig, crlf } };
}
/** Text as the model gives it, with CRLF made LF to match the decoded file. */
export function toLF(value) {
    return value.includes('\r\n') ? value.replaceAll('\r\n', '\n') : value;
}
/**
 * The new file bytes: the original buffer between replacements, each replacement encoded with the line
 * ending of the line it lands on. One allocation the size of the result.
 */
export function encodeEdited(doc, replacements) {
    const offsets = doc.crlf ? toOrigOffsets(doc.orig, replacements) : undefined;
    const pieces = [];
    let charAt = 0;
    let byteAt = doc.bomBytes;
    if (doc.bomBytes > 0)
        pieces.push(BOM);
    replacements.forEach((rep, i) => {
        const start = offsets ? offsets[2 * i] : rep.start;
        const end = offsets ? offsets[2 * i + 1] : rep.end;
        const startByte = byteAt + Buffer.byteLength(doc.orig.slice(charAt, start));
        pieces.push(doc.raw.subarray(byteAt, startByte));
        const eol = doc.crlf ? eolAt(doc.orig, start) : '\n';
        pieces.push(Buffer.from(eol === '\n' ? rep.text : rep.text.replaceAll('\n', eol)));
        byteAt = startByte + Buffer.byteLength(doc.orig.slice(start, end));
        charAt = end;
    });
    pieces.push(doc.raw.subarray(byteAt));
    return Buffer.concat(pieces);
}
/** Map LF-space offsets (start, end of each replacement, ascending) to offsets in the CRLF original. */
function toOrigOffsets(orig, replacements) {
    const out = [];
    let removed = 0; // CRs dropped before the current position
    let crlf = orig.indexOf('\r\n');
    for (const rep of replacements) {
        for (const target of [rep.start, rep.end]) {
            // A CRLF whose LF sits before `target` in LF space lies wholly before it in the original.
            while (crlf !== -1 && crlf - removed < target) {
                removed++;
                crlf = orig.indexOf('\r\n', crlf + 2);
            }
            out.push(target + removed);
        }
    }
    return out;
}
/** The line ending of the line at `offset` (its own, else the previous line's), for new text placed there. */
function eolAt(orig, offset) {
    let nl = orig.indexOf('\n', offset);
    if (nl === -1)
        nl = orig.lastIndexOf('\n', offset - 1);
    return nl > 0 && orig[nl - 1] === '\r' ? '\r\n' : '\n';
}
//# sourceMappingURL=text-encoding.js.map