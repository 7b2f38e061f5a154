// Rules first, then the mode: the static part of a permission decision, before approvals and rate limits.
import type { PermissionBehavior, PermissionIntent } from '../types/index.js';
import { type ModeOptions, modeDecision, type PermissionMode } from './modes.js';
import { evaluateRules, type RuleSource } from './rules/evaluate.js';
import type { LayerName, RuleRef } from './rules/types.js';

export interface StaticDecision {
  behavior: PermissionBehavior;
  rule: string;
  /** A policy layer, or 'mode' when the mode decided. */
  layer: LayerName | 'mode';
  /** The policy file, 'inline', or the mode's name. */
  source: string;
  /** For the model (on deny) and the human (on ask). */
  reason: string;
  /** The rules' own verdict when the mode or the dangerous floor overrode it. */
  rules?: RuleRef[];
}

const STRENGTH: Record<PermissionBehavior, number> = { allow: 0, ask: 1, deny: 2 };

/**
 * deny and ask rules always apply; allow rules apply unless the command is dangerous (then: ask) or the mode
 * is read_only (which is a ceiling: the stricter of rules and mode wins). No rule: the mode decides.
 */
export function decideStatic(
  mode: PermissionMode,
  policy: RuleSource | undefined,
  intent: PermissionIntent,
  options: ModeOptions,
): StaticDecision {
  const verdict = evaluateRules(policy, intent);
  const byMode = modeDecision(mode, intent, options);
  const fromMode: StaticDecision = { ...byMode, layer: 'mode', source: mode };
  if (!verdict) return fromMode;
  const fromRule: StaticDecision = {
    behavior: verdict.behavior,
    rule: verdict.rule,
    layer: verdict.layer,
    source: verdict.source,
    reason:
      verdict.message ??
      `${verdict.behavior === 'deny' ? 'denied' : verdict.behavior === 'ask' ? 'needs approval' : 'allowed'} by ${verdict.rule} (${verdict.layer} policy)`,
    rules: verdict.rules,
  };
  if (verdict.behavior !== 'allow') {
    // read_only may be stricter than an ask rule.
    return mode === 'read_only' && STRENGTH[byMode.behavior] > STRENGTH[verdict.behavior]
      ? fromMode
      : fromRule;
  }
  if (intent.action === 'shell_command' && intent.scope.risk === 'dangerous') {
    return { ...fromMode, behavior: mode === 'read_only' ? 'deny' : 'ask', rules: verdict.rules };
  }
  if (mode === 'read_only' && byMode.behavior !== 'allow') return { ...fromMode, rules: verdict.rules };
  return fromRule;
}

/**
 * The static decision for a call, with what a dynamic tool claimed about itself (`intent.claimed`) weighed
 * in only where it is stricter: a tool can ask for more care, never for less.
 */
export function decideCall(
  mode: PermissionMode,
  policy: RuleSource | undefined,
  intent: PermissionIntent,
  options: ModeOptions,
): StaticDecision {
  const own = decideStatic(mode, policy, intent, options);
  if (!intent.claimed) return own;
  const claimed = decideStatic(mode, policy, intent.claimed, options);
  if (STRENGTH[claimed.behavior] <= STRENGTH[own.behavior]) return own;
  return {
    ...claimed,
    reason: `${claimed.reason} (the tool's own classification, stricter than the runtime's)`,
  };
}

/** Whether any reading of the call (the runtime's, or the tool's stricter claim) is a dangerous command. */
export function isDangerous(intent: PermissionIntent): boolean {
  if (intent.action === 'shell_command' && intent.scope.risk === 'dangerous') return true;
  return intent.claimed !== undefined && isDangerous(intent.claimed);
}
