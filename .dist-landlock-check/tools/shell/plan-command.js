// Planning a model's command for the shell tools: the turn's backend, profile and file policy, with a
// refusal thrown as the plan's own error class; and the sandbox facts every result must carry.
import { ToolError } from '../../core/index.js';
import { buildProcessSpawnPlan, UNSANDBOXED_NOTICE, } from '../../sandbox/index.js';
export async function planCommand(ctx, input) {
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
    if (!result.ok)
        throw new ToolError(result.errorClass, result.message);
    return { plan: result.plan, shell };
}
/** Lines every result of this command carries: that it ran unsandboxed, or with less protection. */
export function sandboxLines(plan) {
    const lines = [];
    if (plan.sandbox.unsandboxed)
        lines.push(UNSANDBOXED_NOTICE);
    if (plan.sandbox.degraded)
        lines.push(`Sandbox degraded: ${plan.sandbox.degraded}`);
    return lines;
}
/** Lines for the first result only: adjustments to the request and the sandbox's notes. */
export function planLines(plan) {
    return [...plan.notes, ...plan.sandbox.notes.filter((note) => note !== UNSANDBOXED_NOTICE)];
}
/** Why the command stopped, when handrail stopped it. */
export function timeoutLine(plan) {
    return `The command was killed after its timeout of ${plan.timeoutMs} ms.`;
}
//# sourceMappingURL=plan-command.js.map