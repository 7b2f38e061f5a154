// The permission stage: from the runtime's options, the evaluator that decides (setup); per call, the call's
// intent (classification) and the evaluator's verdict, turned into an error result when the call may not run.
// The rules, modes and approvals themselves live in policy/; this is how the pipeline asks them.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Approver, AssessContext, KnownTool, PolicyObject, PolicySource } from '../policy/index.js';
import {
  ApprovalBroker,
  assessIntent,
  createPolicyEvaluator,
  isPermissionMode,
  type PermissionMode,
  type PermissionProfile,
  type PolicyEvaluator,
  type RateLimitConfig,
  RateLimiter,
} from '../policy/index.js';
import { canonicalizeSync, type FileRoot } from '../sandbox/index.js';
import { canonicalJson } from '../schema/index.js';
import type {
  DynamicOrigin,
  ErrorClass,
  PermissionContext,
  PermissionDecision,
  PermissionEvaluator,
  PermissionIntent,
  ScopedException,
  ToolResult,
  ToolSpec,
  ToolTrust,
} from '../types/index.js';
import type { ApprovedCall } from './capabilities.js';
import { errorResult, isErrorClass, ToolError } from './errors.js';
import { formatDuration, guardStage } from './guard.js';
import type { TurnInfo } from './hooks.js';
import type { RegisteredTool } from './registry.js';

export { canonicalJson };

// ---------------------------------------------------------------------------------------------------------
// Setup: the evaluator the stage asks, from the runtime's options
// ---------------------------------------------------------------------------------------------------------

export interface PermissionOptions {
  /** A mode, or a mode with its own session policy (default 'supervised'). */
  profile?: PermissionMode | PermissionProfile;
  /** The session policy layer: an inline policy or a file path (relative to the workspace). */
  policy?: PolicyObject | string;
  /** Override the other layers' files (null: no such layer; default: the standard locations if present). */
  policyFiles?: { managed?: PolicySource; project?: PolicySource; user?: PolicySource };
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
export const allowAllEvaluator: PermissionEvaluator = {
  evaluate: (): PermissionDecision => ({ behavior: 'allow', rule: 'default:allow_all', layer: 'default' }),
};

/** The evaluator the permission stage asks: a custom one, or the policy evaluator the options describe. */
export function createPermissionStage(
  options: PermissionOptions,
  ctx: { workspace: string; roots: readonly FileRoot[]; knownTools: () => Iterable<RegisteredTool> },
): PermissionEvaluator | PolicyEvaluator {
  if (options.permission) return options.permission;
  const profile: PermissionProfile =
    typeof options.profile === 'object' && options.profile !== null
      ? options.profile
      : { mode: options.profile ?? 'supervised' };
  if (!isPermissionMode(profile.mode)) {
    throw new Error(
      `Unknown permission profile ${JSON.stringify(profile.mode)}: use full_access, auto_accept_edits, supervised or read_only.`,
    );
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
    writableRoots:
      profile.writableRoots ?? ctx.roots.filter((root) => root.access === 'write').map((root) => root.path),
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
function policyFacts({ spec, source }: RegisteredTool): KnownTool {
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
export async function checkPermission(
  evaluator: PermissionEvaluator,
  turn: TurnInfo,
  entry: RegisteredTool,
  call: { id: string; name: string },
  args: Record<string, unknown>,
  opts: {
    signals: ReadonlyArray<AbortSignal | undefined>;
    timeoutMs: number;
    emit: PermissionContext['emit'];
    /** The turn's sandbox policy, asked before any human. */
    precheck?: PermissionContext['precheck'];
    /**
     * Told what an allow carries to the tool: the sandbox exceptions approved for this call, and — for a
     * built-in tool, or a call with a file exception — the canonical paths it was judged on, where its
     * writes must land.
     */
    granted?: (approval: ApprovedCall) => void;
    /** What the turn's policy knows that a command line does not say (its deny-read rules). */
    assess?: AssessContext;
  },
): Promise<ToolResult | undefined> {
  let intent: PermissionIntent;
  try {
    intent = classifyCall(entry.spec, args, turn, entry.trust, entry.origin, opts.assess);
  } catch (error) {
    // The owner's tool read its arguments and found them unusable (a patch that does not parse): nothing
    // would run, so nobody is asked to approve it. (A dynamic tool's classify never gets this far.)
    if (error instanceof ToolError && error.errorClass === 'invalid_arguments') {
      return errorResult(call, 'invalid_arguments', error.message, error.hint ? { hint: error.hint } : {});
    }
    // A call that cannot be classified is `unknown`, the most guarded kind.
    intent = classifyCall(
      { ...entry.spec, classify: undefined },
      args,
      turn,
      entry.trust,
      entry.origin,
      opts.assess,
    );
    intent.action = 'unknown';
  }
  // The canonical paths the call is judged on, fixed before anyone decides: what its writes are held to once
  // allowed. A built-in tool's are canonical already (classified so); an owner's tool's are resolved here.
  const builtin = entry.spec.source === 'builtin';
  const writesOnly = (Array.isArray(intent.scope.paths) ? intent.scope.paths : [])
    .filter((p): p is string => typeof p === 'string')
    .map((p) => (builtin ? p : canonicalizeSync(path.resolve(turn.cwd, p))));
  // Every signal, not the first: an approval waiting for a human must end when the turn ends, even when the
  // caller passed its own signal for the call.
  const given = opts.signals.filter((s): s is AbortSignal => s !== undefined);
  const signal = given.length === 1 ? given[0]! : AbortSignal.any(given);
  const outcome = await guardStage(
    () =>
      evaluator.evaluate(intent, {
        threadId: turn.threadId,
        turnId: turn.turnId,
        workspace: turn.workspace,
        call: { id: call.id, name: call.name, arguments: args },
        tool: entry.spec,
        signal,
        emit: opts.emit,
        ...(opts.precheck ? { precheck: opts.precheck } : {}),
      }),
    opts.signals,
    opts.timeoutMs,
  );
  if (!outcome.ok) {
    if (outcome.kind === 'cancelled')
      return errorResult(call, 'cancelled', `${call.name} was cancelled during the permission check.`);
    const why =
      outcome.kind === 'timeout'
        ? `did not decide within ${formatDuration(opts.timeoutMs)}`
        : `failed (${(outcome.error as Error)?.message ?? String(outcome.error)})`;
    return errorResult(call, 'permission_denied', `${call.name} was denied: the permission check ${why}.`);
  }
  const decision = outcome.value as PermissionDecision | undefined;
  if (decision?.behavior === 'allow') {
    const exceptions: ScopedException[] = Array.isArray(decision.exceptions) ? decision.exceptions : [];
    // A built-in tool's writes (and any call's that carries a file exception) land on the canonical paths the
    // call was judged on — by the mode, a rule or a human: a write that resolves elsewhere by the time the
    // tool runs (a link retargeted while a human decided, or by a background command) is refused. An
    // owner's tool is trusted to write what its classify did not list.
    const held = builtin || exceptions.some((e) => e.kind === 'file');
    opts.granted?.({ exceptions, ...(held && writesOnly.length > 0 ? { writesOnly } : {}) });
    return undefined;
  }
  if (!decision || (decision.behavior !== 'deny' && decision.behavior !== 'ask')) {
    return errorResult(
      call,
      'permission_denied',
      `${call.name} was denied: the permission check gave no decision.`,
    );
  }
  // `ask` reaching this point means nobody approved: deny.
  const errorClass: ErrorClass = isErrorClass(decision.errorClass)
    ? decision.errorClass
    : 'permission_denied';
  const reason =
    typeof decision.reason === 'string' && decision.reason
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
export function classifyCall(
  spec: ToolSpec,
  args: Record<string, unknown>,
  where: { workspace: string; cwd: string },
  trust: ToolTrust = 'none',
  origin: DynamicOrigin = 'other',
  context: AssessContext = {},
): PermissionIntent {
  // Computed now: the hash must describe the arguments as they were checked, whatever happens to them later.
  const base = { tool: spec.name, payloadHash: payloadHash(args) };
  if (spec.source === 'dynamic') {
    const believed = trust === 'annotations' && spec.annotations?.readOnlyHint === true;
    const intent: PermissionIntent = {
      action: dynamicAction(origin, believed),
      summary: `${spec.name} ${argumentsLine(args)}`,
      scope: { ...base, dynamic: true },
    };
    const claimed = ownClassification(spec, args, where, base);
    if (claimed && claimed.action !== intent.action) intent.claimed = claimed;
    return assessIntent(intent, context);
  }
  const own = ownClassification(spec, args, where, base) ?? {
    action: spec.annotations?.readOnlyHint ? 'internal' : 'unknown',
    summary: spec.name,
    scope: { ...base },
  };
  return assessIntent(own, context);
}

/** The kind the runtime gives a dynamic tool's calls, from where its own code says the tool came from. */
function dynamicAction(origin: DynamicOrigin, believedReadOnly: boolean): PermissionIntent['action'] {
  if (origin === 'mcp') return believedReadOnly ? 'mcp_read' : 'mcp_write_or_unknown';
  // A skill's tool runs the skill's code: never a plain read, whatever it says.
  if (origin === 'skill') return 'dynamic_skill_tool';
  return believedReadOnly ? 'internal' : 'unknown';
}

/** What the tool's own `classify` says, or undefined when it has none or it throws (for dynamic tools). */
function ownClassification(
  spec: ToolSpec,
  args: Record<string, unknown>,
  where: { workspace: string; cwd: string },
  base: { tool: string; payloadHash: string },
): PermissionIntent | undefined {
  if (!spec.classify) return undefined;
  let given: ReturnType<NonNullable<ToolSpec['classify']>>;
  try {
    given = spec.classify(args, where);
    if (typeof given !== 'object' || given === null || typeof given.action !== 'string')
      throw new TypeError(
        `${spec.name}'s classify returned ${given === null ? 'null' : typeof given}, not an intent`,
      );
  } catch (error) {
    // A dynamic tool's failing (or malformed) classify costs nothing: the runtime's own kind is the strict one.
    if (spec.source === 'dynamic') return undefined;
    throw error;
  }
  return {
    action: given.action,
    summary: typeof given.summary === 'string' ? given.summary : spec.name,
    scope: { ...given.scope, ...base },
  };
}

/** The arguments on one line, bounded: what a dynamic tool's call is summarized by (never its own words). */
function argumentsLine(args: Record<string, unknown>): string {
  const text = canonicalJson(args);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** sha256 of the arguments as canonical JSON (keys sorted at every level). */
export function payloadHash(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args)).digest('hex');
}
