// Planning a model's command for the shell tools: the turn's backend, profile and file policy, with a
// refusal thrown as the plan's own error class; and the sandbox facts every result must carry.
import { ToolError } from '../../core/index.js';
import {
  buildProcessSpawnPlan,
  type FileAccess,
  type ProcessSpawnInput,
  type ProcessSpawnPlan,
  UNSANDBOXED_NOTICE,
} from '../../sandbox/index.js';
import type { ToolContext } from '../../types/index.js';
import type { ShellCapability } from './runtime-shell.js';

/** What a shell tool's context carries: it declares the shell and the file capabilities. */
export type ShellContext = ToolContext<{ shell: ShellCapability; files: FileAccess }>;

export async function planCommand(
  ctx: ShellContext,
  input: ProcessSpawnInput,
): Promise<{ plan: ProcessSpawnPlan; shell: ShellCapability }> {
  const { shell, files } = ctx.capabilities;
  const backend = await shell.backend();
  const result = await buildProcessSpawnPlan(input, {
    files,
    backend,
    profile: shell.profile,
    filePolicy: shell.filePolicy,
    // The proxy's events for this command carry the ids of the call that started it.
    ...(shell.network
      ? { proxy: shell.network.opener({ threadId: ctx.threadId, turnId: ctx.turnId, callId: ctx.callId }) }
      : {}),
  });
  if (!result.ok) throw new ToolError(result.errorClass, result.message);
  return { plan: result.plan, shell };
}

/** Lines every result of this command carries: that it ran unsandboxed, or with less protection. */
export function sandboxLines(plan: ProcessSpawnPlan): string[] {
  const lines: string[] = [];
  if (plan.sandbox.unsandboxed) lines.push(UNSANDBOXED_NOTICE);
  if (plan.sandbox.degraded) lines.push(`Sandbox degraded: ${plan.sandbox.degraded}`);
  return lines;
}

/** Lines for the first result only: adjustments to the request and the sandbox's notes. */
export function planLines(plan: ProcessSpawnPlan): string[] {
  return [...plan.notes, ...plan.sandbox.notes.filter((note) => note !== UNSANDBOXED_NOTICE)];
}

/** Why the command stopped, when handrail stopped it. */
export function timeoutLine(plan: ProcessSpawnPlan): string {
  return `The command was killed after its timeout of ${plan.timeoutMs} ms.`;
}
