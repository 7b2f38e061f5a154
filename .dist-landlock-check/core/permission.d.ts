import type { Approver, PolicyObject, PolicySource } from '../policy/index.js';
import { type PermissionMode, type PermissionProfile, type PolicyEvaluator, type RateLimitConfig } from '../policy/index.js';
import type { FileRoot } from '../sandbox/index.js';
import { canonicalJson } from '../schema/index.js';
import type { PermissionContext, PermissionEvaluator, PermissionIntent, ScopedException, ToolResult, ToolSpec, ToolTrust } from '../types/index.js';
import type { TurnInfo } from './hooks.js';
import type { RegisteredTool } from './registry.js';
export { canonicalJson };
export interface PermissionOptions {
    /** A mode, or a mode with its own session policy (default 'supervised'). */
    profile?: PermissionMode | PermissionProfile;
    /** The session policy layer: an inline policy or a file path (relative to the workspace). */
    policy?: PolicyObject | string;
    /** Override the other layers' files (null: no such layer; default: the standard locations if present). */
    policyFiles?: {
        managed?: PolicySource;
        project?: PolicySource;
        user?: PolicySource;
    };
    /**
     * Use the allow rules of `<workspace>/.handrail/policy.json` (default false: a project's policy arrives with
     * the repository, so until you trust it it can only add deny and ask rules, and "always" writes to the user
     * layer).
     */
    trustProjectPolicy?: boolean;
    /** Who answers `ask` (default: nobody — asks are denied with a message naming the rule that would allow). */
    approver?: Approver;
    /** Name for the approver's answers in the audit trail (default 'callback'). */
    approverName?: string;
    /** How long an approval may wait (default 5 min), then it expires and denies. */
    approvalTimeoutMs?: number;
    /** Per-tool limits by tool name (`false` turns a tool's or every limit off). */
    rateLimits?: RateLimitConfig;
    /** Replace the whole stage with your own evaluator. */
    permission?: PermissionEvaluator;
}
/** Until a profile is configured, everything is allowed; the stage and its interface are final. */
export declare const allowAllEvaluator: PermissionEvaluator;
/** The evaluator the permission stage asks: a custom one, or the policy evaluator the options describe. */
export declare function createPermissionStage(options: PermissionOptions, ctx: {
    workspace: string;
    roots: readonly FileRoot[];
    knownTools: () => Iterable<RegisteredTool>;
}): PermissionEvaluator | PolicyEvaluator;
/**
 * Classify a call and ask the evaluator. Returns an error result when the call may not run, nothing when it
 * may. Fails closed: a classifier that throws makes the call `unknown`; an evaluator that throws, hangs past
 * its deadline or answers nonsense denies.
 */
export declare function checkPermission(evaluator: PermissionEvaluator, turn: TurnInfo, entry: RegisteredTool, call: {
    id: string;
    name: string;
}, args: Record<string, unknown>, opts: {
    signals: ReadonlyArray<AbortSignal | undefined>;
    timeoutMs: number;
    emit: PermissionContext['emit'];
    /** The turn's sandbox policy, asked before any human. */
    precheck?: PermissionContext['precheck'];
    /** Told the sandbox exceptions an allow carries (approved for this call), to hand to the tool. */
    granted?: (exceptions: ScopedException[]) => void;
}): Promise<ToolResult | undefined>;
/**
 * A call's permission intent. A tool the runtime's owner registered describes its own call (`classify`;
 * default `internal` for read-only tools, `unknown` otherwise). A dynamic tool (MCP, skill, sandboxed code)
 * is classified by the runtime: an `unknown`, possibly-writing action — `internal` only when the owner
 * trusts its annotations and it says it is read-only; what its own `classify` says is kept as `claimed`,
 * which the policy uses only where it is stricter. Either way the policy then computes the verdicts
 * (a command's risk) itself (`assessIntent`). The scope always carries the tool name and a payload hash.
 */
export declare function classifyCall(spec: ToolSpec, args: Record<string, unknown>, where: {
    workspace: string;
    cwd: string;
}, trust?: ToolTrust): PermissionIntent;
/** sha256 of the arguments as canonical JSON (keys sorted at every level). */
export declare function payloadHash(args: unknown): string;
