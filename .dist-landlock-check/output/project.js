// The model's view of a long output: head and tail within a byte and line budget, with a marker between.
/** The design's default model-visible budget: 32 KiB and 2,000 lines. */
export const DEFAULT_LIMITS = { maxBytes: 32 * 1024, maxLines: 2000 };
const numbers = new Intl.NumberFormat('en-US');
const UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
/** Share of each budget that goes to the head; the tail gets what the head leaves. */
const HEAD_SHARE = 0.6;
/** Formats a byte count in binary units: `512 B`, `1.5 KiB`, `4.7 MiB`, `1.0 GiB`. */
export function formatBytes(n) {
    if (n < 1024)
        return `${n} B`;
    let value = n / 1024;
    let unit = 0;
    // Roll over on the rounded value so 1023.96 KiB prints as 1.0 MiB, not 1024.0 KiB.
    while (unit < UNITS.length - 1 && Number(value.toFixed(1)) >= 1024) {
        value /= 1024;
        unit++;
    }
    return `${value.toFixed(1)} ${UNITS[unit]}`;
}
/** Counts lines: a final newline ends the last line rather than starting an empty one. */
function countLines(text) {
    if (text.length === 0)
        return 0;
    let count = 0;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1))
        count++;
    return text.charCodeAt(text.length - 1) === 10 ? count : count + 1;
}
/** Returns `text` unchanged if it fits `limits`, else head + marker line (what was cut, and `where`) + tail. */
export function projectText(text, limits, where) {
    const { maxBytes, maxLines } = limits;
    const totalLines = countLines(text);
    if (totalLines <= maxLines) {
        // A UTF-16 unit is at most 3 UTF-8 bytes, so short text needs no measuring.
        if (text.length * 3 <= maxBytes)
            return unchanged(text, totalLines);
        const bytes = Buffer.byteLength(text);
        if (bytes <= maxBytes)
            return unchanged(text, totalLines, bytes);
    }
    return truncate(text, maxBytes, maxLines, totalLines, Buffer.byteLength(text), where);
}
/** An untouched projection; byte counts are measured only if someone reads them. */
function unchanged(text, totalLines, bytes) {
    let measured = bytes;
    const measure = () => {
        measured ??= Buffer.byteLength(text);
        return measured;
    };
    return {
        text,
        truncated: false,
        get totalBytes() {
            return measure();
        },
        totalLines,
        get shownBytes() {
            return measure();
        },
        omittedBytes: 0,
        omittedLines: 0,
    };
}
function truncate(text, maxBytes, maxLines, totalLines, totalBytes, where) {
    const place = where?.replace(/[\x00-\x1f\x7f]/g, ' ');
    const headLineBudget = Math.floor(maxLines * HEAD_SHARE);
    // The marker's numbers depend on the cut, so start from a generous estimate and tighten if needed.
    let reserve = Math.max(utf8(marker(totalLines, totalBytes, totalLines, totalLines, totalLines, totalBytes, 0, 0, place)), utf8(marker(0, totalBytes, 0, 0, 0, totalBytes, totalBytes, totalBytes, place))) + 8;
    for (;;) {
        const room = Math.max(0, maxBytes - reserve);
        const head = cutHead(text, Math.floor(room * HEAD_SHARE), headLineBudget);
        const headText = text.slice(0, head.index);
        const headLines = countLines(headText);
        const tail = cutTail(text, head.index, room - head.bytes, maxLines - headLines);
        const tailText = text.slice(tail.index);
        const tailLines = countLines(tailText);
        const headOpen = headText.length > 0 && !headText.endsWith('\n');
        // The head and tail may be two ends of one long line; then that line is shown, not omitted.
        const sameLine = headOpen &&
            tail.index < text.length &&
            text.charCodeAt(tail.index - 1) !== 10 &&
            text.lastIndexOf('\n', tail.index - 1) < head.index;
        const omittedLines = totalLines - headLines - tailLines + (sameLine ? 1 : 0);
        const shownBytes = head.bytes + tail.bytes;
        const line = marker(omittedLines, totalBytes - shownBytes, headLines, tailLines, totalLines, totalBytes, head.bytes, tail.bytes, place);
        const size = shownBytes + (headOpen ? 1 : 0) + utf8(line) + (tailText ? 1 : 0);
        if (size <= maxBytes || room === 0) {
            const parts = [headText, headOpen ? '\n' : '', line, tailText ? `\n${tailText}` : ''];
            return {
                text: parts.join(''),
                truncated: true,
                totalBytes,
                totalLines,
                shownBytes,
                omittedBytes: totalBytes - shownBytes,
                omittedLines,
            };
        }
        reserve += size - maxBytes;
    }
}
function marker(omittedLines, omittedBytes, headLines, tailLines, totalLines, totalBytes, headBytes, tailBytes, where) {
    const full = where ? ` Full output: ${where}` : '';
    if (omittedLines > 0) {
        const what = `${numbers.format(omittedLines)} ${omittedLines === 1 ? 'line' : 'lines'}`;
        return (`[... ${what} (${formatBytes(omittedBytes)}) omitted: showing the first ${numbers.format(headLines)} ` +
            `and last ${numbers.format(tailLines)} of ${numbers.format(totalLines)} lines.${full} ...]`);
    }
    // Only parts of lines were cut (very long lines): say it in bytes.
    return (`[... ${numbers.format(omittedBytes)} bytes (${formatBytes(omittedBytes)}) omitted: showing the first ` +
        `${numbers.format(headBytes)} and last ${numbers.format(tailBytes)} of ${numbers.format(totalBytes)} bytes.${full} ...]`);
}
function utf8(s) {
    return Buffer.byteLength(s);
}
/**
 * Where to end the head: at most `maxBytes` and `maxLines` (a partial last line counts). Prefers a line
 * boundary unless that would waste more than half of what fits; never splits a character.
 */
function cutHead(text, maxBytes, maxLines) {
    if (maxLines <= 0)
        return { index: 0, bytes: 0 };
    let i = 0;
    let bytes = 0;
    let lines = 0;
    let boundary = 0;
    let boundaryBytes = 0;
    while (i < text.length) {
        const c = text.charCodeAt(i);
        let width = 1;
        let units = 1;
        if (c >= 0x80) {
            if (c < 0x800)
                width = 2;
            else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
                width = 4;
                units = 2;
            }
            else
                width = 3;
        }
        if (bytes + width > maxBytes)
            break;
        bytes += width;
        i += units;
        if (c === 10) {
            boundary = i;
            boundaryBytes = bytes;
            if (++lines >= maxLines)
                return { index: i, bytes };
        }
    }
    if (i >= text.length || boundaryBytes * 2 < bytes)
        return { index: i, bytes };
    return { index: boundary, bytes: boundaryBytes };
}
/**
 * Where to start the tail, not before `start`: at most `maxBytes` and `maxLines` (a partial first line
 * counts). Prefers a line boundary unless that would waste more than half of what fits.
 */
function cutTail(text, start, maxBytes, maxLines) {
    const end = text.length;
    if (maxLines <= 0)
        return { index: end, bytes: 0 };
    let i = end;
    let bytes = 0;
    let lines = 0;
    let boundary = end;
    let boundaryBytes = 0;
    while (i > start) {
        const c = text.charCodeAt(i - 1);
        // text[i:] starts a line; a final newline ends the last line instead of starting one.
        if (c === 10 && i < end) {
            boundary = i;
            boundaryBytes = bytes;
            if (++lines >= maxLines)
                return { index: i, bytes };
        }
        let width = 1;
        let units = 1;
        if (c >= 0x80) {
            if (c < 0x800)
                width = 2;
            else if (c >= 0xdc00 && c <= 0xdfff && i - 2 >= start && isHighSurrogate(text.charCodeAt(i - 2))) {
                width = 4;
                units = 2;
            }
            else
                width = 3;
        }
        if (bytes + width > maxBytes)
            break;
        bytes += width;
        i -= units;
    }
    if (i <= start || boundaryBytes * 2 < bytes)
        return { index: i, bytes };
    return { index: boundary, bytes: boundaryBytes };
}
function isLowSurrogate(c) {
    return c >= 0xdc00 && c <= 0xdfff;
}
function isHighSurrogate(c) {
    return c >= 0xd800 && c <= 0xdbff;
}
//# sourceMappingURL=project.js.map