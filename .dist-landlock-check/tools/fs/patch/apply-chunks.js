import { ToolError } from '../../../core/index.js';
import { closestRegion, formatRegion } from './closest.js';
import { LineIndex } from './seek.js';
import { TextBuilder } from './text.js';
import { oldLines } from './types.js';
/** Expected lines echoed in an error at most. */
const MAX_ECHOED = 60;
/**
 * Apply an update's chunks to a document and return the new bytes. Each chunk is found after the previous
 * one (its `@@` context line first, then its lines), all against the original lines; then the new file is
 * built in one pass. Untouched and context lines keep the file's own bytes (a loose match never rewrites
 * them); added lines take the line ending of the line they replace, else the file's dominant one. Throws a
 * ToolError naming the chunk and the closest region.
 */
export function applyChunks(doc, chunks, label) {
    const index = new LineIndex(doc.lines);
    const replacements = [];
    let cursor = 0;
    chunks.forEach((chunk, c) => {
        const where = `${label} (hunk ${c + 1} of ${chunks.length})`;
        let lines = trailingBlanksOnly(chunk.lines) ? chunk.lines.filter((line) => line.op === '+') : chunk.lines;
        const pureAddition = !lines.some((line) => line.op !== '+');
        if (chunk.context !== undefined) {
            const whole = index.seek([chunk.context], cursor)?.index;
            let found = whole ?? index.seekContaining(chunk.context, cursor);
            // A pure addition is placed by its @@ line alone, so a partial match must at least be unambiguous:
            // "@@ def load_config" must not land under "def load_config_file".
            if (whole === undefined && found !== undefined && pureAddition) {
                if (index.seekContaining(chunk.context, found + 1) !== undefined)
                    found = undefined;
            }
            if (found === undefined)
                throw contextNotFound(index, chunk.context, where, cursor);
            cursor = found + 1;
        }
        if (pureAddition) {
            // Pure addition: after its context line, else at the end (before a final blank line, as Codex does).
            const n = doc.lines.length;
            const start = chunk.context !== undefined && !chunk.endOfFile
                ? cursor
                : n > 0 && doc.lines[n - 1] === ''
                    ? n - 1
                    : n;
            replacements.push({ start, length: 0, lines });
            return;
        }
        let found = index.seek(oldLines(chunk), cursor, chunk.endOfFile);
        // Trailing empty lines in a chunk often stand for the file's final newline: retry without them.
        for (let shorter = withoutTrailingBlank(lines); !found && shorter; shorter = withoutTrailingBlank(shorter)) {
            found = index.seek(oldLines({ ...chunk, lines: shorter }), cursor, chunk.endOfFile);
            if (found)
                lines = shorter;
        }
        if (!found)
            throw linesNotFound(index, chunk, where, cursor, c);
        const length = lines.filter((line) => line.op !== '+').length;
        replacements.push({ start: found.index, length, lines });
        cursor = found.index + length;
    });
    return rebuild(doc, replacements);
}
/**
 * Additions followed only by blank expected lines (blank lines before the next header): the blanks would
 * match the first blank line anywhere in the file, so the chunk is read as a pure addition.
 */
function trailingBlanksOnly(lines) {
    const firstOld = lines.findIndex((line) => line.op !== '+');
    if (firstOld <= 0)
        return false;
    return lines.slice(firstOld).every((line) => line.op === ' ' && line.text.trim() === '');
}
/** The chunk without its last expected line when that line is empty and only additions follow it. */
function withoutTrailingBlank(lines) {
    const last = lines.findLastIndex((line) => line.op !== '+');
    if (last < 0 || lines[last].text.trim() !== '')
        return undefined;
    const shorter = lines.filter((_, i) => i !== last);
    return shorter.some((line) => line.op !== '+') ? shorter : undefined;
}
function rebuild(doc, replacements) {
    // Stable: an insertion at a position stays before a replacement that starts there.
    replacements.sort((a, b) => a.start - b.start);
    const out = new TextBuilder(doc);
    let at = 0;
    for (const r of replacements) {
        out.copy(at, r.start);
        at = Math.max(at, r.start);
        const addedEols = replacedEols(doc, r);
        let k = r.start;
        r.lines.forEach((line, j) => {
            if (line.op === '+')
                out.add(line.text, addedEols[j]);
            else {
                if (line.op === ' ' && k >= at)
                    out.copy(k, k + 1);
                k++;
            }
        });
        at = Math.max(at, r.start + r.length);
    }
    out.copy(at, doc.lines.length);
    return out.toBuffer();
}
/**
 * The line ending of each added line: in a run of removed and added lines, that of the first removed line
 * (a replaced line keeps its ending in a mixed file), else the file's dominant one.
 */
function replacedEols(doc, r) {
    const out = new Array(r.lines.length);
    let k = r.start;
    let runStart = 0;
    let runEol;
    const close = (end) => {
        for (let j = runStart; j < end; j++)
            if (r.lines[j].op === '+')
                out[j] = runEol || doc.eol;
    };
    r.lines.forEach((line, j) => {
        if (line.op === ' ') {
            close(j);
            runStart = j + 1;
            runEol = undefined;
            k++;
        }
        else if (line.op === '-') {
            runEol ??= doc.eols[k];
            k++;
        }
    });
    close(r.lines.length);
    return out;
}
function contextNotFound(index, context, where, cursor) {
    let message = `apply_patch verification failed: Failed to find context '${context}' in ${where}.`;
    const earlier = cursor > 0 ? index.seek([context], 0) : undefined;
    if (earlier) {
        message += `\nThat line occurs at line ${earlier.index + 1}, above where the previous hunk matched: hunks for one file must come in file order.`;
    }
    else {
        const region = closestRegion(index, [context], cursor);
        if (region)
            message += `\nThe most similar line:\n${formatRegion(index, [context], region)}`;
    }
    return mismatch(message);
}
function linesNotFound(index, chunk, where, cursor, c) {
    const expected = oldLines(chunk);
    const echoed = expected.length > MAX_ECHOED
        ? [...expected.slice(0, MAX_ECHOED), `… ${expected.length - MAX_ECHOED} more lines`]
        : expected;
    let message = `apply_patch verification failed: Failed to find expected lines in ${where}:\n${echoed.join('\n')}`;
    const anywhere = index.seek(expected, 0);
    if (anywhere && chunk.endOfFile && anywhere.index >= cursor) {
        message += `\n\nThese lines occur at line ${anywhere.index + 1}, but '*** End of File' requires them to end the file (it has ${index.lines.length} lines).`;
    }
    else if (anywhere && anywhere.index < cursor) {
        message += `\n\nThese lines occur at line ${anywhere.index + 1}, above where ${c > 0 ? 'the previous hunk matched' : 'its @@ context line is'}: hunks for one file must come in file order, after their @@ line.`;
    }
    else {
        const region = closestRegion(index, expected, cursor);
        if (region) {
            const last = region.start + region.length;
            message += `\n\nThe closest region in the file, lines ${region.start + 1}-${last} (lines marked ! differ):\n${formatRegion(index, expected, region)}`;
        }
        else {
            message += '\n\nNothing in the file resembles these lines.';
        }
    }
    return mismatch(message);
}
function mismatch(message) {
    return new ToolError('conflict', message, {
        hint: 'Re-read the file (read_file) and copy the context and removed lines exactly as they are, then retry the whole patch.',
    });
}
//# sourceMappingURL=apply-chunks.js.map