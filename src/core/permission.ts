import { createHash } from 'node:crypto';
import type { PermissionDecision, PermissionEvaluator, PermissionIntent, ToolSpec } from '../types/index.js';

/** Until a profile is configured, everything is allowed; the stage and its interface are final. */
export const allowAllEvaluator: PermissionEvaluator = {
  evaluate: (): PermissionDecision => ({ behavior: 'allow', rule: 'default:allow_all', layer: 'default' }),
};

/**
 * A call's permission intent: the tool's own classification, else `internal` for read-only tools and
 * `unknown` for everything else. The scope always carries the tool name and a payload hash.
 */
export function classifyCall(
  spec: ToolSpec,
  args: Record<string, unknown>,
  where: { workspace: string; cwd: string },
): PermissionIntent {
  let action: PermissionIntent['action'] = spec.annotations?.readOnlyHint ? 'internal' : 'unknown';
  let summary = `${spec.name}`;
  let scope: Record<string, unknown> = {};
  if (spec.classify) {
    const given = spec.classify(args, where);
    action = given.action;
    summary = given.summary;
    scope = { ...given.scope };
  }
  scope.tool = spec.name;
  // Computed now: the hash must describe the arguments as they were checked, whatever happens to them later.
  scope.payloadHash = payloadHash(args);
  return { action, scope, summary };
}

/** sha256 of the arguments as canonical JSON (keys sorted at every level). */
export function payloadHash(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args)).digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  const obj = value as Record<string, unknown>;
  return `{${keys
    .filter((k) => obj[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}
