import { createHash } from 'node:crypto';
import { assessIntent } from '../policy/assess.js';
import { canonicalJson } from '../schema/canonical-json.js';
import type {
  PermissionDecision,
  PermissionEvaluator,
  PermissionIntent,
  ToolSpec,
  ToolTrust,
} from '../types/index.js';

/** Until a profile is configured, everything is allowed; the stage and its interface are final. */
export const allowAllEvaluator: PermissionEvaluator = {
  evaluate: (): PermissionDecision => ({ behavior: 'allow', rule: 'default:allow_all', layer: 'default' }),
};

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
): PermissionIntent {
  // Computed now: the hash must describe the arguments as they were checked, whatever happens to them later.
  const base = { tool: spec.name, payloadHash: payloadHash(args) };
  if (spec.source === 'dynamic') {
    const believed = trust === 'annotations' && spec.annotations?.readOnlyHint === true;
    const intent: PermissionIntent = {
      action: believed ? 'internal' : 'unknown',
      summary: `${spec.name} ${argumentsLine(args)}`,
      scope: { ...base, dynamic: true },
    };
    const claimed = ownClassification(spec, args, where, base);
    if (claimed && claimed.action !== intent.action) intent.claimed = claimed;
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
  } catch (error) {
    // A dynamic tool's failing classify costs nothing: the runtime's own kind is the strict one already.
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

export { canonicalJson };
