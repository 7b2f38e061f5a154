// exec_command: start a command in the sandbox and return when it exits or when yield_time_ms passes; a
// command still running keeps its session, which write_stdin feeds and polls.
import { defineTool, filesCapability, ToolError } from '../../core/index.js';
import { BUILTIN_TOOL_FACETS, type ToolSpec } from '../../types/index.js';
import { commandIntent } from './classify.js';
import { planCommand, planLines } from './plan-command.js';
import { plannedStart } from './process-adapter.js';
import { ProgressStream } from './progress.js';
import { defaultShellProvider, type ShellProvider } from './runtime-shell.js';
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_YIELD_MS, MAX_YIELD_MS, MIN_YIELD_MS } from './session/index.js';
import { waitAndFormat } from './session-result.js';

interface ExecArgs {
  cmd: string;
  workdir?: string;
  shell?: string;
  tty?: boolean;
  yield_time_ms?: number;
  max_output_tokens?: number;
  timeout_ms?: number;
  justification?: string;
}

export const MAX_OUTPUT_TOKENS = 16_000;

/** `shell`: the sandbox and sessions to run in (shellTools() passes one provider to all three tools). */
export function execCommandTool(shell: ShellProvider = defaultShellProvider): ToolSpec {
  return defineTool({
    name: 'exec_command',
    facets: BUILTIN_TOOL_FACETS.exec_command,
    capabilities: [shell, filesCapability],
    description:
      'Run a shell command (bash -c) in the sandboxed workspace. Returns when the command exits or after yield_time_ms; a command still running then keeps a session ID: use write_stdin to poll its output. Standard input is closed (a program that reads it gets end-of-file) unless tty is true: only a tty session takes input through write_stdin. A non-zero exit code is reported, not an error. Only the workspace persists: HOME and the temporary directory ($TMPDIR) are fresh for each command and removed when it ends.',
    inputSchema: {
      type: 'object',
      properties: {
        cmd: { type: 'string', description: 'The shell command to run.' },
        workdir: {
          type: 'string',
          description:
            'Directory to run in, relative to the current directory. Default: the current directory.',
        },
        shell: { type: 'string', description: 'bash (default), sh, dash or zsh.' },
        tty: {
          type: 'boolean',
          description:
            'Run in a pseudo-terminal with standard input open, for interactive programs that need input through write_stdin. Default false: standard input is closed.',
        },
        yield_time_ms: {
          type: 'integer',
          minimum: 0,
          description: `How long to wait for output before returning (${MIN_YIELD_MS}–${MAX_YIELD_MS}; default ${DEFAULT_YIELD_MS}).`,
        },
        max_output_tokens: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_OUTPUT_TOKENS,
          description: `Most output tokens to return (about 4 bytes each; default ${DEFAULT_MAX_OUTPUT_TOKENS}).`,
        },
        timeout_ms: {
          type: 'integer',
          minimum: 1,
          description: 'Kill the command after this long, even while it runs in the background.',
        },
        justification: { type: 'string', description: 'Why the command is needed, for a human approver.' },
      },
      required: ['cmd'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true, title: 'Run command' },
    outputPolicy: { maxBytes: MAX_OUTPUT_TOKENS * 4 + 4096, maxLines: Number.MAX_SAFE_INTEGER },
    source: 'builtin',
    classify: (args, { cwd }) => {
      const intent = commandIntent(
        'exec_command',
        args.cmd,
        args.workdir,
        cwd,
        args.tty === true,
        args.shell,
      );
      if (typeof args.justification === 'string') intent.scope.justification = args.justification;
      return intent;
    },
    async execute(raw, ctx) {
      const args = raw as ExecArgs;
      const tty = args.tty === true;
      const { plan, shell } = await planCommand(ctx, {
        cmd: args.cmd,
        ...(args.workdir !== undefined ? { workdir: args.workdir } : {}),
        ...(args.shell !== undefined ? { shell: args.shell } : {}),
        ...(args.timeout_ms !== undefined ? { timeoutMs: args.timeout_ms } : {}),
        tty,
        // Without a terminal the command reads end-of-file at once (cat, read, python3 return instead of
        // waiting for the timeout); interactive input goes to tty sessions through write_stdin.
      });
      let spawned = false;
      // Output streams to the caller (MCP progress, a UI) while this call waits; the session keeps it all.
      const progress = new ProgressStream(ctx.onUpdate);
      const started = shell.sessions.start(
        (opts) => {
          spawned = true;
          return plannedStart(plan, { onData: (chunk) => progress.push(chunk) })(opts);
        },
        { command: args.cmd, tty },
      );
      if (!started.ok) {
        progress.stop();
        if (!spawned) await plan.cleanup();
        throw new ToolError('tool_error', started.message);
      }
      const notes = [...planLines(plan), ...(started.warning ? [started.warning] : [])];
      try {
        return await waitAndFormat(started.session, ctx, {
          ...(args.yield_time_ms !== undefined ? { yieldTimeMs: args.yield_time_ms } : {}),
          ...(args.max_output_tokens !== undefined ? { maxOutputTokens: args.max_output_tokens } : {}),
          notes,
        });
      } finally {
        // A session that outlives the call stays quiet until polled: write_stdin returns what it wrote.
        progress.stop();
      }
    },
  });
}
