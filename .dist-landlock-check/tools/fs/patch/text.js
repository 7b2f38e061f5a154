import { isUtf8 } from 'node:buffer';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Why a file cannot be edited as text, or undefined. */
export function textProblem(data) {
    if (data.includes(0))
        return 'it looks binary (it contains NUL bytes)';
    if (!isUtf8(data))
        return 'it is not valid UTF-8 text';
    return undefined;
}
/** Split a (UTF-8, already validated) file into lines, remembering each line's ending and byte offset. */
export function decodeText(data) {
    const bom = data.length >= 3 && data.subarray(0, 3).equals(BOM) ? 3 : 0;
    const text = data.toString('utf8', bom);
    const lines = text.split('\n');
    const ended = lines.at(-1) === '';
    if (ended)
        lines.pop();
    const n = lines.length;
    const eols = new Array(n).fill('\n');
    if (!ended && n > 0)
        eols[n - 1] = '';
    let crlf = 0;
    if (text.includes('\r')) {
        for (let i = 0; i < n; i++) {
            if (eols[i] !== '' && lines[i].endsWith('\r')) {
                lines[i] = lines[i].slice(0, -1);
                eols[i] = '\r\n';
                crlf++;
            }
        }
    }
    const starts = new Array(n + 1);
    for (let i = 0, at = bom; i < n; i++) {
        starts[i] = at;
        at = data.indexOf(10, at) + 1;
    }
    starts[n] = data.length;
    const lf = n - crlf - (ended ? 0 : 1);
    return { data, lines, eols, starts, eol: crlf > lf ? '\r\n' : '\n' };
}
/**
 * Builds a new version of a document: runs of original lines are copied as bytes (untouched lines stay
 * byte-identical and cost no re-encoding), new lines are encoded. A last line that had no newline gets one.
 */
export class TextBuilder {
    doc;
    pieces = [];
    text = '';
    constructor(doc) {
        this.doc = doc;
        const bom = doc.starts[0] ?? 0;
        if (bom > 0)
            this.pieces.push(doc.data.subarray(0, bom));
    }
    /** Original lines [from, to). */
    copy(from, to) {
        if (to <= from)
            return;
        this.flush();
        this.pieces.push(this.doc.data.subarray(this.doc.starts[from], this.doc.starts[to]));
        if (this.doc.eols[to - 1] === '')
            this.text += this.doc.eol;
    }
    add(line, eol) {
        this.text += line + eol;
    }
    toBuffer() {
        this.flush();
        return Buffer.concat(this.pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)));
    }
    flush() {
        if (this.text === '')
            return;
        this.pieces.push(this.text);
        this.text = '';
    }
}
//# sourceMappingURL=text.js.map