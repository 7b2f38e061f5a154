// `handrail doctor`'s line for the configured MCP servers: each is started as `serve` would start it (in the
// sandbox, with the configured network), given until it connects or fails, and stopped. Only when some are
// configured; a server that fails is a warning (handrail still runs, without its tools), never a failure.
import { createRuntime } from '../extensions/index.js';
import type { Check, DoctorContext } from './doctor-checks.js';

export async function mcpServersCheck(ctx: DoctorContext): Promise<Check | undefined> {
  const servers = ctx.loaded.options.mcpServers;
  if (ctx.loaded.errors.length > 0 || !servers || Object.keys(servers).length === 0) return undefined;
  const base = { id: 'mcp', title: 'mcp servers', required: false } as const;
  let runtime: ReturnType<typeof createRuntime>;
  try {
    runtime = createRuntime({ ...ctx.loaded.options, store: false });
  } catch (error) {
    return { ...base, status: 'warn', detail: (error as Error).message, fix: FIX };
  }
  try {
    await runtime.ready();
    const statuses = runtime.mcpStatus();
    const failed = statuses.filter((s) => s.state !== 'ready');
    const lines = statuses.map((s) =>
      s.state === 'ready'
        ? `${s.name}: ready, ${s.tools} tool${s.tools === 1 ? '' : 's'} (${s.transport})`
        : `${s.name}: ${s.state}${s.reason ? `: ${s.reason}` : ''}`,
    );
    const summary =
      failed.length === 0
        ? `${statuses.length} ready`
        : `${failed.length} of ${statuses.length} not ready (their tools are not offered)`;
    return {
      ...base,
      status: failed.length === 0 ? 'ok' : 'warn',
      detail: [summary, ...lines].join('\n'),
      ...(failed.length > 0 ? { fix: FIX } : {}),
    };
  } finally {
    await runtime.close();
  }
}

const FIX =
  'Check the server\'s command, and what it needs: a stdio server runs in the sandbox, sees the workspace and its own program files, and has no network unless network.commands is "policed"; an HTTP server is reached through the network policy ("handrail tools" shows the same list).';
