// The text exec_command and write_stdin return, in the shape models know from Codex:
//   Wall time: 1.2034 seconds / Process exited with code 0 (or running with session ID 3) /
//   Original token count: N / Output: / the output, projected to max_output_tokens.
import { constants } from 'node:os';
import { projectText, stripTerminalControls } from '../../../output/index.js';
import { formatDuration } from './describe.js';
import { droppedMarker } from './head-tail-buffer.js';
import { keepEnd, keepStart } from './text-cut.js';
export const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;
/** The estimate models are told about: a token is about four bytes. */
export const BYTES_PER_TOKEN = 4;
const numbers = new Intl.NumberFormat('en-US');
export function estimateTokens(bytes) {
    return Math.ceil(bytes / BYTES_PER_TOKEN);
}
export function formatExecResult(input) {
    const lines = [`Wall time: ${(input.wallTimeMs / 1000).toFixed(4)} seconds`];
    if (input.exited)
        lines.push(exitLine(input.exitCode, input.signal ?? null));
    else
        lines.push(`Process running with session ID ${input.sessionId}`);
    lines.push(`Original token count: ${estimateTokens(input.read.bytes)}`);
    for (const note of input.notes ?? [])
        lines.push(note);
    lines.push('Output:');
    const tokens = input.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
    lines.push(projectOutput(input.read, Math.max(1, Math.floor(tokens)) * BYTES_PER_TOKEN));
    return lines.join('\n');
}
/** `Process exited with code 0`; a signal is reported the way a shell reports it: 128 + its number. */
export function exitLine(code, signal) {
    if (code !== null)
        return `Process exited with code ${code}`;
    if (signal) {
        const number = constants.signals[signal];
        return number
            ? `Process exited with code ${128 + number} (killed by ${signal})`
            : `Process killed by ${signal}`;
    }
    return 'Process exited without an exit code';
}
/** Says why handrail stopped a session, for the notes. */
export function endedByNote(endedBy, limits) {
    switch (endedBy) {
        case 'idle':
            return (`The process was stopped after ${formatDuration(limits.idleMs)} without a write or poll ` +
                '(the session idle limit).');
        case 'lifetime':
            return `The process was stopped after running for ${formatDuration(limits.lifetimeMs)} (the session limit).`;
        case 'closed':
            return 'The process was stopped because its session was closed.';
        case 'killed':
            return 'The process was stopped on request.';
    }
}
/**
 * The output as the model sees it: terminal controls rendered away, then cut to `maxBytes`. Bytes the
 * session buffer dropped are reported in the same marker as bytes cut here.
 */
export function projectOutput(read, maxBytes) {
    const head = stripTerminalControls(read.head);
    if (read.droppedBytes === 0) {
        return projectText(head, { maxBytes, maxLines: Number.MAX_SAFE_INTEGER }).text;
    }
    const tail = stripTerminalControls(read.tail);
    const headBytes = Buffer.byteLength(head);
    const tailBytes = Buffer.byteLength(tail);
    const whole = droppedMarker(read.droppedBytes);
    if (headBytes + tailBytes + Buffer.byteLength(whole) + 2 <= maxBytes)
        return join(head, whole, tail);
    // Room for the marker first (its numbers have at most this many digits), then half each, the rest to
    // whichever side needs it.
    const reserve = 160;
    const room = Math.max(0, maxBytes - reserve);
    let tailRoom = Math.min(tailBytes, room - Math.min(headBytes, Math.floor(room / 2)));
    const headRoom = Math.min(headBytes, room - tailRoom);
    tailRoom = Math.min(tailBytes, room - headRoom);
    const shownHead = keepStart(head, headRoom);
    const shownTail = keepEnd(tail, tailRoom);
    const cut = headBytes - Buffer.byteLength(shownHead) + (tailBytes - Buffer.byteLength(shownTail));
    const marker = `[... ${numbers.format(read.droppedBytes + cut)} bytes of output omitted: ` +
        `${numbers.format(read.droppedBytes)} dropped while the command ran, ${numbers.format(cut)} cut to fit ` +
        'max_output_tokens ...]';
    return join(shownHead, marker, shownTail);
}
function join(head, marker, tail) {
    const before = head === '' || head.endsWith('\n') ? head : `${head}\n`;
    return `${before}${marker}${tail ? `\n${tail}` : ''}`;
}
//# sourceMappingURL=format.js.map