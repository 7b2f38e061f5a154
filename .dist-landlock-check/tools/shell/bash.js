// bash (the Pi-style preset): run one command to the end in the sandbox, stream its output as progress,
// and report a non-zero exit as an error result ending in `Command exited with code N`.
import { defineTool, filesCapability, ToolError } from '../../core/index.js';
import { BUILTIN_TOOL_FACETS } from '../../types/index.js';
import { commandIntent } from './classify.js';
import { planCommand, planLines, sandboxLines } from './plan-command.js';
import { startPlanned } from './process-adapter.js';
import { ProgressStream } from './progress.js';
import { defaultShellProvider } from './runtime-shell.js';
import { HeadTailBuffer, projectOutput } from './session/index.js';
/** Bytes of output the model sees (the head and tail of the command's output). */
const MAX_OUTPUT_BYTES = 30 * 1024;
/** `shell`: the sandbox and sessions to run in (shellTools() passes one provider to all three tools). */
export function bashTool(shell = defaultShellProvider) {
    return defineTool({
        name: 'bash',
        facets: BUILTIN_TOOL_FACETS.bash,
        capabilities: [shell, filesCapability],
        description: 'Run a bash command in the sandboxed workspace and return its output (stdout and stderr together) when it exits. Standard input is closed. A non-zero exit code is an error. Long outputs keep their beginning and end. Only the workspace persists: HOME and the temporary directory ($TMPDIR) are fresh for each command and removed when it ends.',
        inputSchema: {
            type: 'object',
            properties: {
                command: { type: 'string', description: 'The bash command to run.' },
                timeout: {
                    type: 'number',
                    exclusiveMinimum: 0,
                    description: 'Timeout in seconds (default and maximum set by the runtime profile).',
                },
            },
            required: ['command'],
            additionalProperties: false,
        },
        annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true, title: 'Bash' },
        outputPolicy: { maxBytes: MAX_OUTPUT_BYTES + 4096, maxLines: Number.MAX_SAFE_INTEGER },
        // The command's own timeout (capped by the profile at 10 min by default) ends it first.
        timeoutMs: 11 * 60 * 1000,
        source: 'builtin',
        classify: (args, { cwd }) => commandIntent('bash', args.command, undefined, cwd),
        async execute(raw, ctx) {
            const args = raw;
            const { plan } = await planCommand(ctx, {
                cmd: args.command,
                ...(args.timeout !== undefined ? { timeoutMs: args.timeout * 1000 } : {}),
            });
            const buffer = new HeadTailBuffer();
            const progress = new ProgressStream(ctx.onUpdate);
            const handle = startPlanned(plan, {
                onData: (chunk) => {
                    buffer.write(chunk);
                    progress.push(chunk);
                },
            });
            const onAbort = () => void handle.kill();
            if (ctx.signal.aborted)
                onAbort();
            else
                ctx.signal.addEventListener('abort', onAbort, { once: true });
            const end = await handle.exited;
            ctx.signal.removeEventListener('abort', onAbort);
            progress.stop();
            const result = handle.result;
            if (ctx.signal.aborted) {
                throw new ToolError('cancelled', `The call was cancelled, so \`${args.command}\` was stopped.`);
            }
            const read = buffer.readSince(0, { final: true });
            const output = read.bytes === 0 ? '(no output)' : projectOutput(read, MAX_OUTPUT_BYTES).replace(/\n$/, '');
            const lines = [...sandboxLines(plan), ...planLines(plan), ...(result?.notes ?? [])];
            const before = lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
            if (end.error) {
                throw new ToolError('tool_error', `${before}The command could not be started: ${end.error}`);
            }
            if (result?.timedOut) {
                return {
                    content: `${before}${output}\n\nCommand timed out after ${plan.timeoutMs / 1000} seconds`,
                    isError: true,
                };
            }
            if (end.code === 0)
                return `${before}${output}`;
            const ending = end.code !== null ? `Command exited with code ${end.code}` : `Command killed by ${end.signal}`;
            return { content: `${before}${output}\n\n${ending}`, isError: true, details: { exitCode: end.code } };
        },
    });
}
//# sourceMappingURL=bash.js.map