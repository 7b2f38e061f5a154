// write_stdin: send characters to a running exec_command session (empty chars polls) and return the output
// produced since the last read.
import { defineTool, filesCapability, ToolError } from '../../core/index.js';
import { BUILTIN_TOOL_FACETS } from '../../types/index.js';
import { MAX_OUTPUT_TOKENS } from './exec-command.js';
import { defaultShellProvider } from './runtime-shell.js';
import { DEFAULT_MAX_OUTPUT_TOKENS, MAX_YIELD_MS, MIN_YIELD_MS } from './session/index.js';
import { waitAndFormat } from './session-result.js';
/** A poll waits for news (or the exit); a write returns soon with the reply to it. */
const DEFAULT_POLL_YIELD_MS = 5000;
const DEFAULT_WRITE_YIELD_MS = 250;
/** `shell`: the sandbox and sessions to run in (shellTools() passes one provider to all three tools). */
export function writeStdinTool(shell = defaultShellProvider) {
    return defineTool({
        name: 'write_stdin',
        facets: BUILTIN_TOOL_FACETS.write_stdin,
        capabilities: [shell, filesCapability],
        description: 'Write characters to the standard input of a running exec_command session started with tty: true, and return the output produced since the last read. Empty chars only polls (any session). "\\u0003" sends Ctrl-C (any session). A session started without tty has its standard input closed: start the command with tty: true to send it input.',
        inputSchema: {
            type: 'object',
            properties: {
                session_id: { type: 'integer', minimum: 1, description: 'The session ID exec_command returned.' },
                chars: {
                    type: 'string',
                    description: 'Characters to write (include "\\n" to end a line). Empty: poll.',
                },
                yield_time_ms: {
                    type: 'integer',
                    minimum: 0,
                    description: `How long to wait for output (${MIN_YIELD_MS}–${MAX_YIELD_MS}).`,
                },
                max_output_tokens: {
                    type: 'integer',
                    minimum: 1,
                    maximum: MAX_OUTPUT_TOKENS,
                    description: `Most output tokens to return (default ${DEFAULT_MAX_OUTPUT_TOKENS}).`,
                },
            },
            required: ['session_id'],
            additionalProperties: false,
        },
        annotations: {
            readOnlyHint: false,
            destructiveHint: true,
            openWorldHint: true,
            title: 'Write to session',
        },
        outputPolicy: { maxBytes: MAX_OUTPUT_TOKENS * 4 + 4096, maxLines: Number.MAX_SAFE_INTEGER },
        source: 'builtin',
        classify: (args) => {
            const chars = typeof args.chars === 'string' ? args.chars : '';
            // What is sent, and to which session: the policy rates input to a running program (never as safe).
            return {
                action: 'shell_command',
                summary: chars === '' ? `poll session ${args.session_id}` : `write to session ${args.session_id}: ${chars}`,
                scope: { operation: 'write_stdin', session_id: args.session_id, stdin: chars },
            };
        },
        async execute(raw, ctx) {
            const args = raw;
            const { shell } = ctx.capabilities;
            const found = shell.sessions.lookup(args.session_id);
            if (!found.ok) {
                throw new ToolError('not_found', found.message, {
                    hint: 'Use the session ID from the last exec_command result, or run the command again.',
                });
            }
            const chars = args.chars ?? '';
            const written = await found.session.write(chars);
            if (!written.ok && written.reason === 'stdin_closed')
                throw new ToolError('conflict', written.message);
            // Writing to an exited session still returns what it printed last; the exit line says it is over.
            const yieldTimeMs = args.yield_time_ms ?? (chars === '' ? DEFAULT_POLL_YIELD_MS : DEFAULT_WRITE_YIELD_MS);
            return waitAndFormat(found.session, ctx, {
                yieldTimeMs,
                ...(args.max_output_tokens !== undefined ? { maxOutputTokens: args.max_output_tokens } : {}),
                ...(!written.ok ? { notes: [`${written.message} Nothing was written.`] } : {}),
            });
        },
    });
}
//# sourceMappingURL=write-stdin.js.map