const CHUNK = 64 * 1024;
const NEWLINE = 0x0a;
/** One checkpoint per this many lines in a file's sparse line index. */
export const INDEX_STRIDE = 16_384;
/**
 * Read one page of numbered lines by streaming the file in 64 KiB chunks: memory is bounded by the page,
 * never by the file. Lines before the page are only counted (Buffer.indexOf of '\n'); a sparse index of
 * line offsets, kept per file version, lets the next page start near where this one ended.
 */
export async function readPage(handle, req) {
    const { index } = req;
    let line = 1;
    let pos = 0;
    for (const [checkpointLine, byte] of index.checkpoints) {
        if (checkpointLine <= req.offset && checkpointLine > line) {
            line = checkpointLine;
            pos = byte;
        }
    }
    const last = req.offset + req.limit - 1;
    const maxLineBytes = req.maxLineChars * 4;
    const lines = [];
    let pieces = [];
    let pieceBytes = 0;
    let lineBytes = 0;
    /** Bytes since the last newline, whether or not the line is in the page. */
    let sinceNewline = 0;
    let pageBytes = 0;
    let pageFull = false;
    let stoppedByBytes = false;
    let cutLines = 0;
    let crlf = false;
    const buf = Buffer.allocUnsafe(CHUNK);
    const finishLine = () => {
        let data = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, pieceBytes);
        if (line === 1 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf)
            data = data.subarray(3);
        let text = data.toString('utf8');
        if (lineBytes <= maxLineBytes && text.endsWith('\r')) {
            text = text.slice(0, -1);
            crlf = true;
        }
        if (lineBytes > maxLineBytes || text.length > req.maxLineChars) {
            text = `${text.slice(0, req.maxLineChars)}… [line cut at ${req.maxLineChars} characters]`;
            cutLines++;
        }
        const formatted = Buffer.byteLength(text) + 8;
        if (lines.length > 0 && pageBytes + formatted > req.maxBytes) {
            pageFull = true;
            stoppedByBytes = true;
            return;
        }
        pageBytes += formatted;
        lines.push(text);
        if (line >= last)
            pageFull = true;
    };
    let done = false;
    while (!done) {
        const { bytesRead } = await handle.read(buf, 0, CHUNK, pos);
        if (bytesRead === 0)
            break;
        let start = 0;
        while (start < bytesRead) {
            const nl = buf.indexOf(NEWLINE, start);
            const end = nl === -1 || nl >= bytesRead ? bytesRead : nl;
            const inPage = !pageFull && line >= req.offset;
            if (inPage) {
                const room = maxLineBytes + 1 - pieceBytes;
                if (room > 0) {
                    const piece = Buffer.from(buf.subarray(start, Math.min(end, start + room)));
                    pieces.push(piece);
                    pieceBytes += piece.length;
                }
                lineBytes += end - start;
            }
            sinceNewline += end - start;
            if (end === bytesRead)
                break; // the line continues in the next chunk
            if (inPage)
                finishLine();
            pieces = [];
            pieceBytes = 0;
            lineBytes = 0;
            sinceNewline = 0;
            line++;
            if ((line - 1) % INDEX_STRIDE === 0)
                index.checkpoints.set(line, pos + nl + 1);
            start = nl + 1;
            if (pageFull && !req.countTotal) {
                done = true;
                break;
            }
        }
        pos += bytesRead;
    }
    // A last line without a final newline is still a line.
    const endedMidLine = sinceNewline > 0;
    if (!done && endedMidLine && !pageFull && line >= req.offset)
        finishLine();
    const page = { lines, firstLine: req.offset, stoppedByBytes, cutLines, crlf };
    if (!done) {
        index.totalLines = endedMidLine ? line : line - 1;
        page.totalLines = index.totalLines;
    }
    else if (index.totalLines !== undefined)
        page.totalLines = index.totalLines;
    return page;
}
//# sourceMappingURL=pager.js.map