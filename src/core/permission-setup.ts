// The runtime's permission stage from its options: a custom evaluator, or the policy evaluator built from the
// profile (mode), the policy layers, the approver and the rate limits.
import { ApprovalBroker } from '../policy/approval/broker.js';
import type { Approver } from '../policy/approval/types.js';
import { createPolicyEvaluator, type PolicyEvaluator } from '../policy/evaluator.js';
import { isPermissionMode, type PermissionMode, type PermissionProfile } from '../policy/modes.js';
import type { PolicySource } from '../policy/policy-file/load.js';
import { type RateLimitConfig, RateLimiter } from '../policy/rate-limit.js';
import type { PolicyObject } from '../policy/rules/types.js';
import type { FileRoot } from '../sandbox/file-policy-types.js';
import type { PermissionEvaluator } from '../types/index.js';

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

export function createPermissionStage(
  options: PermissionOptions,
  ctx: { workspace: string; roots: readonly FileRoot[]; knownTools: () => Iterable<string> },
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
      knownTools: ctx.knownTools(),
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
