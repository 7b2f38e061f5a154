// The text exec_command and write_stdin return after waiting on a session, with the notes that explain
// how it ended; and what happens when the call is aborted while waiting.
import { ToolError } from '../../core/index.js';
import { sandboxLines, timeoutLine } from './plan-command.js';
import { DEFAULT_IDLE_MS, DEFAULT_LIFETIME_MS, endedByNote, formatExecResult, waitForOutput, } from './session/index.js';
/** Waits on the session as the model asked and formats what it produced. Aborting kills the command. */
export async function waitAndFormat(session, ctx, opts) {
    const waited = await waitForOutput(session, {
        ...(opts.yieldTimeMs !== undefined ? { yieldTimeMs: opts.yieldTimeMs } : {}),
        signal: ctx.signal,
    });
    if (waited.aborted) {
        await session.kill('killed');
        throw new ToolError('cancelled', `The call was cancelled, so \`${session.command}\` was stopped.`);
    }
    const handle = session.handle;
    const notes = [...(handle.plan ? sandboxLines(handle.plan) : []), ...(opts.notes ?? [])];
    if (waited.exited) {
        if (handle.result?.timedOut && handle.plan)
            notes.push(timeoutLine(handle.plan));
        else if (session.exit?.endedBy) {
            notes.push(endedByNote(session.exit.endedBy, { idleMs: DEFAULT_IDLE_MS, lifetimeMs: DEFAULT_LIFETIME_MS }));
        }
        if (session.exit?.error)
            notes.push(`The command could not be started: ${session.exit.error}`);
        if (handle.result?.notes)
            notes.push(...handle.result.notes);
    }
    return formatExecResult({
        wallTimeMs: waited.wallTimeMs,
        exited: waited.exited,
        exitCode: waited.exitCode,
        signal: waited.signal,
        sessionId: session.id,
        read: waited.read,
        ...(opts.maxOutputTokens !== undefined ? { maxOutputTokens: opts.maxOutputTokens } : {}),
        notes,
    });
}
//# sourceMappingURL=session-result.js.map