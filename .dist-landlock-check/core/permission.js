// The permission stage: from the runtime's options, the evaluator that decides (setup); per call, the call's
// intent (classification) and the evaluator's verdict, turned into an error result when the call may not run.
// The rules, modes and approvals themselves live in policy/; this is how the pipeline asks them.
import { createHash } from 'node:crypto';
import { ApprovalBroker, assessIntent, createPolicyEvaluator, isPermissionMode, RateLimiter, } from '../policy/index.js';
import { canonicalJson } from '../schema/index.js';
import { errorResult, isErrorClass } from './errors.js';
import { formatDuration, guardStage } from './guard.js';
export { canonicalJson };
/** Until a profile is configured, everything is allowed; the stage and its interface are final. */
export const allowAllEvaluator = {
    evaluate: () => ({ behavior: 'allow', rule: 'default:allow_all', layer: 'default' }),
};
/** The evaluator the permission stage asks: a custom one, or the policy evaluator the options describe. */
export function createPermissionStage(options, ctx) {
    if (options.permission)
        return options.permission;
    const profile = typeof options.profile === 'object' && options.profile !== null
        ? options.profile
        : { mode: options.profile ?? 'supervised' };
    if (!isPermissionMode(profile.mode)) {
        throw new Error(`Unknown permission profile ${JSON.stringify(profile.mode)}: use full_access, auto_accept_edits, supervised or read_only.`);
    }
    const session = options.policy ?? profile.policy;
    return createPolicyEvaluator({
        mode: profile.mode,
        load: {
            workspace: ctx.workspace,
            ...(options.policyFiles ?? {}),
            ...(session !== undefined ? { session } : {}),
            knownTools: [...ctx.knownTools()].map(policyFacts),
            ...(options.trustProjectPolicy ? { trustProject: true } : {}),
        },
        writableRoots: profile.writableRoots ?? ctx.roots.filter((root) => root.access === 'write').map((root) => root.path),
        broker: new ApprovalBroker({
            ...(options.approver ? { approver: options.approver } : {}),
            ...(options.approverName ? { approverName: options.approverName } : {}),
            ...(options.approvalTimeoutMs !== undefined ? { timeoutMs: options.approvalTimeoutMs } : {}),
        }),
        rateLimiter: new RateLimiter(options.rateLimits ?? {}),
    });
}
/**
 * A registered tool as the policy knows it: its name, and the facets it declares. A dynamic tool's own
 * declaration does not count: `classifyCall` gives its calls a scope with no facet at all.
 */
function policyFacts({ spec, source }) {
    return source === 'dynamic' || spec.facets === undefined
        ? spec.name
        : { name: spec.name, facets: spec.facets };
}
// ---------------------------------------------------------------------------------------------------------
// The stage: one call's verdict
// ---------------------------------------------------------------------------------------------------------
/**
 * Classify a call and ask the evaluator. Returns an error result when the call may not run, nothing when it
 * may. Fails closed: a classifier that throws makes the call `unknown`; an evaluator that throws, hangs past
 * its deadline or answers nonsense denies.
 */
export async function checkPermission(evaluator, turn, entry, call, args, opts) {
    let intent;
    try {
        intent = classifyCall(entry.spec, args, turn, entry.trust);
    }
    catch {
        // A call that cannot be classified is `unknown`, the most guarded kind.
        intent = classifyCall({ ...entry.spec, classify: undefined }, args, turn, entry.trust);
        intent.action = 'unknown';
    }
    // Every signal, not the first: an approval waiting for a human must end when the turn ends, even when the
    // caller passed its own signal for the call.
    const given = opts.signals.filter((s) => s !== undefined);
    const signal = given.length === 1 ? given[0] : AbortSignal.any(given);
    const outcome = await guardStage(() => evaluator.evaluate(intent, {
        threadId: turn.threadId,
        turnId: turn.turnId,
        workspace: turn.workspace,
        call: { id: call.id, name: call.name, arguments: args },
        tool: entry.spec,
        signal,
        emit: opts.emit,
        ...(opts.precheck ? { precheck: opts.precheck } : {}),
    }), opts.signals, opts.timeoutMs);
    if (!outcome.ok) {
        if (outcome.kind === 'cancelled')
            return errorResult(call, 'cancelled', `${call.name} was cancelled during the permission check.`);
        const why = outcome.kind === 'timeout'
            ? `did not decide within ${formatDuration(opts.timeoutMs)}`
            : `failed (${outcome.error?.message ?? String(outcome.error)})`;
        return errorResult(call, 'permission_denied', `${call.name} was denied: the permission check ${why}.`);
    }
    const decision = outcome.value;
    if (decision?.behavior === 'allow') {
        opts.granted?.(Array.isArray(decision.exceptions) ? decision.exceptions : []);
        return undefined;
    }
    if (!decision || (decision.behavior !== 'deny' && decision.behavior !== 'ask')) {
        return errorResult(call, 'permission_denied', `${call.name} was denied: the permission check gave no decision.`);
    }
    // `ask` reaching this point means nobody approved: deny.
    const errorClass = isErrorClass(decision.errorClass)
        ? decision.errorClass
        : 'permission_denied';
    const reason = typeof decision.reason === 'string' && decision.reason
        ? decision.reason
        : `${call.name} is not allowed by the current permission profile${decision.rule ? ` (rule ${decision.rule})` : ''}.`;
    return errorResult(call, errorClass, reason, {
        details: { permission: { ...decision } },
        ...(typeof decision.hint === 'string' && decision.hint ? { hint: decision.hint } : {}),
    });
}
// ---------------------------------------------------------------------------------------------------------
// Classification: what a call would do
// ---------------------------------------------------------------------------------------------------------
/**
 * A call's permission intent. A tool the runtime's owner registered describes its own call (`classify`;
 * default `internal` for read-only tools, `unknown` otherwise). A dynamic tool (MCP, skill, sandboxed code)
 * is classified by the runtime: an `unknown`, possibly-writing action — `internal` only when the owner
 * trusts its annotations and it says it is read-only; what its own `classify` says is kept as `claimed`,
 * which the policy uses only where it is stricter. Either way the policy then computes the verdicts
 * (a command's risk) itself (`assessIntent`). The scope always carries the tool name and a payload hash.
 */
export function classifyCall(spec, args, where, trust = 'none') {
    // Computed now: the hash must describe the arguments as they were checked, whatever happens to them later.
    const base = { tool: spec.name, payloadHash: payloadHash(args) };
    if (spec.source === 'dynamic') {
        const believed = trust === 'annotations' && spec.annotations?.readOnlyHint === true;
        const intent = {
            action: believed ? 'internal' : 'unknown',
            summary: `${spec.name} ${argumentsLine(args)}`,
            scope: { ...base, dynamic: true },
        };
        const claimed = ownClassification(spec, args, where, base);
        if (claimed && claimed.action !== intent.action)
            intent.claimed = claimed;
        return assessIntent(intent);
    }
    const own = ownClassification(spec, args, where, base) ?? {
        action: spec.annotations?.readOnlyHint ? 'internal' : 'unknown',
        summary: spec.name,
        scope: { ...base },
    };
    return assessIntent(own);
}
/** What the tool's own `classify` says, or undefined when it has none or it throws (for dynamic tools). */
function ownClassification(spec, args, where, base) {
    if (!spec.classify)
        return undefined;
    let given;
    try {
        given = spec.classify(args, where);
    }
    catch (error) {
        // A dynamic tool's failing classify costs nothing: the runtime's own kind is the strict one already.
        if (spec.source === 'dynamic')
            return undefined;
        throw error;
    }
    return {
        action: given.action,
        summary: typeof given.summary === 'string' ? given.summary : spec.name,
        scope: { ...given.scope, ...base },
    };
}
/** The arguments on one line, bounded: what a dynamic tool's call is summarized by (never its own words). */
function argumentsLine(args) {
    const text = canonicalJson(args);
    return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
/** sha256 of the arguments as canonical JSON (keys sorted at every level). */
export function payloadHash(args) {
    return createHash('sha256').update(canonicalJson(args)).digest('hex');
}
//# sourceMappingURL=permission.js.map