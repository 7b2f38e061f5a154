import { builtinTools } from '../tools/index.js';
/** Runtime options for a workspace: the built-in tools, the profile, the policy, the sandbox, the store. */
export function runtimeOptions(options, extra = {}) {
    const { limits, ...configured } = options.runtime ?? {};
    return {
        ...configured,
        tools: builtinTools(),
        ...(options.root !== undefined ? { workspace: options.root } : {}),
        ...(options.profile !== undefined ? { profile: options.profile } : {}),
        ...(options.policy !== undefined ? { policy: options.policy } : {}),
        ...(options.trustProjectPolicy ? { trustProjectPolicy: true } : {}),
        ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
        ...(options.stateDir !== undefined ? { stateDir: options.stateDir } : {}),
        store: options.store ?? configured.store ?? 'sqlite',
        ...(extra.approver ? { approver: extra.approver } : {}),
        ...(extra.approverName ? { approverName: extra.approverName } : {}),
        ...(extra.limits || limits ? { limits: mergeLimits(extra.limits, limits) } : {}),
    };
}
/** `over` on top of `base`, one level deep (output and retryBudget are objects of their own). */
function mergeLimits(base = {}, over = {}) {
    return {
        ...base,
        ...over,
        output: { ...base.output, ...over.output },
        retryBudget: { ...base.retryBudget, ...over.retryBudget },
    };
}
//# sourceMappingURL=options.js.map