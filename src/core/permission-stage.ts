import type { ErrorClass, PermissionEvaluator, PermissionIntent, ToolResult } from '../types/index.js';
import { errorResult } from './errors.js';
import type { TurnInfo } from './hooks.js';
import { classifyCall } from './permission.js';
import type { RegisteredTool } from './registry.js';

/**
 * Classify a call and ask the evaluator. Returns an error result when the call may not run, nothing when it
 * may. Fails closed: a classifier that throws makes the call `unknown`, an evaluator that throws denies.
 */
export async function checkPermission(
  evaluator: PermissionEvaluator,
  turn: TurnInfo,
  signal: AbortSignal,
  entry: RegisteredTool,
  call: { id: string; name: string },
  args: Record<string, unknown>,
): Promise<ToolResult | undefined> {
  let intent: PermissionIntent;
  try {
    intent = classifyCall(entry.spec, args, turn);
  } catch {
    // A call that cannot be classified is `unknown`, the most guarded kind.
    intent = { action: 'unknown', scope: { tool: call.name }, summary: call.name };
  }
  let decision: Awaited<ReturnType<PermissionEvaluator['evaluate']>>;
  try {
    decision = await evaluator.evaluate(intent, {
      threadId: turn.threadId,
      turnId: turn.turnId,
      workspace: turn.workspace,
      call: { id: call.id, name: call.name, arguments: args },
      tool: entry.spec,
      signal,
    });
  } catch (error) {
    // Fail closed: an evaluator that breaks denies.
    return errorResult(
      call,
      'permission_denied',
      `${call.name} was denied: the permission check failed (${(error as Error)?.message ?? error}).`,
    );
  }
  if (decision.behavior === 'allow') return undefined;
  const errorClass: ErrorClass = decision.errorClass ?? 'permission_denied';
  const reason =
    decision.reason ??
    `${call.name} is not allowed by the current permission profile${decision.rule ? ` (rule ${decision.rule})` : ''}.`;
  return errorResult(call, errorClass, reason, { details: { permission: { ...decision } } });
}
