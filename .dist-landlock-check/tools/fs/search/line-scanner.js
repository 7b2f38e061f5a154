import { openForRead } from '../../../sandbox/index.js';
/** Bytes read at a time; memory per file is about this plus one line. */
const CHUNK_BYTES = 1024 * 1024;
/** A line longer than this is searched in pieces of this size (ripgrep would search it whole). */
const MAX_LINE_BYTES = 8 * 1024 * 1024;
/** UTF-16 files are decoded whole, so only up to this size. */
const MAX_UTF16_BYTES = 16 * 1024 * 1024;
/**
 * Count the lines of a file that match; undefined for a binary file. Binary means what it means to ripgrep
 * when it counts: a NUL byte anywhere (UTF-16 with a BOM is decoded first, as ripgrep does).
 */
export async function countMatchingLines(check, pattern, signal) {
    let count = 0;
    const outcome = await forEachBlock(check, signal, (text) => {
        if (!pattern.block.test(text))
            return true;
        for (const line of text.split('\n'))
            if (pattern.line.test(line))
                count++;
        return true;
    });
    return outcome === 'binary' ? undefined : count;
}
/**
 * The lines ripgrep prints for a file with `--context n`: every match, and up to n lines around each,
 * in order. `emit` returns false to stop reading.
 */
export async function scanWithContext(check, pattern, context, emit, signal) {
    const before = [];
    let after = 0;
    await forEachBlock(check, signal, (text, firstLine) => {
        const blockMatches = pattern.block.test(text);
        const lines = text.split('\n');
        for (let k = 0; k < lines.length; k++) {
            const record = { line: firstLine + k, text: lines[k], match: false };
            record.match = blockMatches && pattern.line.test(record.text);
            if (record.match) {
                for (const held of before)
                    if (!emit(held))
                        return false;
                before.length = 0;
                if (!emit(record))
                    return false;
                after = context;
            }
            else if (after > 0) {
                after--;
                if (!emit(record))
                    return false;
            }
            else if (context > 0) {
                before.push(record);
                if (before.length > context)
                    before.shift();
            }
        }
        return true;
    });
}
/**
 * Read a checked file as blocks of whole lines (decoded, `\r\n` turned into `\n`, no final terminator),
 * calling `onBlock(text, numberOfFirstLine)` until it returns false. Returns 'binary' on a NUL byte.
 */
async function forEachBlock(check, signal, onBlock) {
    const { handle, stat } = await openForRead(check);
    try {
        // Sized to the file: most files are small, and a fresh megabyte per file is most of the cost of a walk.
        const chunk = Buffer.allocUnsafe(Math.max(16, Math.min(CHUNK_BYTES, stat.size + 1)));
        let { bytesRead } = await handle.read(chunk, 0, chunk.length, 0);
        let position = bytesRead;
        if (bytesRead >= 2 &&
            ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
            return utf16(handle, stat.size, chunk[0] === 0xff ? 'utf-16le' : 'utf-16be', onBlock);
        }
        let line = 1;
        let carry = Buffer.alloc(0);
        let first = true;
        for (;;) {
            if (bytesRead === 0) {
                if (carry.length > 0)
                    onBlock(decode(carry, first, false), line);
                return 'done';
            }
            const fresh = chunk.subarray(0, bytesRead);
            if (fresh.includes(0))
                return 'binary';
            const data = carry.length > 0 ? Buffer.concat([carry, fresh]) : fresh;
            let end = data.lastIndexOf(0x0a);
            if (end < 0 && data.length <= MAX_LINE_BYTES) {
                carry = Buffer.from(data);
            }
            else {
                if (end < 0)
                    end = data.length; // an enormous line: search what we have as one line
                const text = decode(data.subarray(0, end), first, end < data.length);
                first = false;
                if (!onBlock(text, line))
                    return 'done';
                line += countNewlines(text) + 1;
                carry = Buffer.from(data.subarray(Math.min(end + 1, data.length)));
            }
            signal?.throwIfAborted();
            ({ bytesRead } = await handle.read(chunk, 0, chunk.length, position));
            position += bytesRead;
        }
    }
    finally {
        await handle.close();
    }
}
/** UTF-16 with a BOM is decoded whole (as ripgrep transcodes it), up to a size. */
async function utf16(handle, size, encoding, onBlock) {
    if (size > MAX_UTF16_BYTES)
        return 'binary';
    const bytes = Buffer.alloc(size);
    const { bytesRead } = await handle.read(bytes, 0, size, 0);
    const text = new TextDecoder(encoding).decode(bytes.subarray(0, bytesRead));
    if (text.includes('\u0000'))
        return 'binary';
    const lines = withoutTerminators(text, false);
    onBlock(lines.endsWith('\n') ? lines.slice(0, -1) : lines, 1);
    return 'done';
}
/** Decode UTF-8 (a BOM at the start of the file is dropped, as ripgrep does), CRLF as LF. */
function decode(bytes, first, terminated) {
    const text = new TextDecoder('utf-8', { ignoreBOM: !first }).decode(bytes);
    return withoutTerminators(text, terminated);
}
/** `\r\n` ends a line too (ripgrep runs with --crlf); a `\r` alone is text. */
function withoutTerminators(text, terminated) {
    if (!text.includes('\r'))
        return text;
    const joined = text.replace(/\r\n/g, '\n');
    return terminated && joined.endsWith('\r') ? joined.slice(0, -1) : joined;
}
function countNewlines(text) {
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1))
        n++;
    return n;
}
//# sourceMappingURL=line-scanner.js.map