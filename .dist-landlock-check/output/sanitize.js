// Terminal control removal: the model should see what a terminal would have shown, not escape codes.
import stripAnsi from 'strip-ansi';
/** Anything a terminal would not print as-is: C0 except \t and \n, DEL, C1. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
/** Removes ANSI/VT escape sequences and renders CR, CRLF and backspace the way a terminal shows them. */
export function stripTerminalControls(text) {
    // One native scan decides: most tool output has no controls at all.
    if (!CONTROL.test(text))
        return text;
    return render(stripAnsi(text));
}
/** Replays what strip-ansi left: line rewinds, backspaces, unterminated escapes, stray controls. */
function render(s) {
    const out = [];
    let line = ''; // the current line as rendered so far (only once it has seen a control)
    let previous = ''; // the line before its last CR: it stays visible if nothing is written after the CR
    let dirty = false; // the current line had a control, so `line`/`previous` hold its state
    let run = 0; // start of the pending run of plain characters
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if ((c >= 0x20 && (c < 0x7f || c > 0x9f)) || c === 9)
            continue;
        if (c === 10 && !dirty)
            continue; // plain lines stay in the run and are copied in one slice
        if (!dirty) {
            // Emit the complete lines in the run; the rest is the start of the current line.
            const nl = s.lastIndexOf('\n', i - 1);
            if (nl >= run) {
                out.push(s.slice(run, nl + 1));
                run = nl + 1;
            }
            dirty = true;
        }
        line += s.slice(run, i);
        run = i + 1;
        if (c === 10) {
            out.push(line || previous, '\n');
            line = '';
            previous = '';
            dirty = false;
        }
        else if (c === 13) {
            // CRLF is a plain line end; a lone CR rewinds so later text replaces the line.
            if (s.charCodeAt(i + 1) !== 10 && line) {
                previous = line;
                line = '';
            }
        }
        else if (c === 8) {
            line = dropLastChar(line);
        }
        else if (c === 0x1b) {
            run = skipEscape(s, i);
            i = run - 1;
        }
    }
    if (dirty)
        out.push(line + s.slice(run) || previous);
    else
        out.push(s.slice(run));
    return out.join('');
}
/** Removes the last character, keeping surrogate pairs whole. */
function dropLastChar(line) {
    const n = line.length;
    if (n >= 2) {
        const low = line.charCodeAt(n - 1);
        const high = line.charCodeAt(n - 2);
        if (low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff)
            return line.slice(0, -2);
    }
    return line.slice(0, -1);
}
/** Index just past an escape sequence strip-ansi did not match (unterminated, or unusual). */
function skipEscape(s, i) {
    const next = s.charCodeAt(i + 1);
    if (next === 0x5b) {
        // CSI without a final byte yet: parameters, intermediates, then the final byte if present.
        let j = i + 2;
        while (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x3f)
            j++;
        while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f)
            j++;
        if (j < s.length && s.charCodeAt(j) >= 0x40 && s.charCodeAt(j) <= 0x7e)
            j++;
        return j;
    }
    if (next === 0x5d || next === 0x50 || next === 0x58 || next === 0x5e || next === 0x5f) {
        // OSC/DCS/SOS/PM/APC string: swallow to its terminator, but never past the end of the line.
        for (let j = i + 2; j < s.length; j++) {
            const c = s.charCodeAt(j);
            if (c === 7 || c === 0x9c)
                return j + 1;
            if (c === 0x1b)
                return s.charCodeAt(j + 1) === 0x5c ? j + 2 : j;
            if (c === 10 || c === 13 || c === 0x18 || c === 0x1a)
                return j;
        }
        return s.length;
    }
    if (next >= 0x20 && next <= 0x2f) {
        // nF escape: intermediates then one final byte.
        let j = i + 1;
        while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f)
            j++;
        if (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x7e)
            j++;
        return j;
    }
    if (next >= 0x30 && next <= 0x7e)
        return i + 2; // two-byte escape (ESC 7, ESC c, ...)
    return i + 1;
}
//# sourceMappingURL=sanitize.js.map