import type {
  ErrorClass,
  PermissionContext,
  PermissionDecision,
  PermissionEvaluator,
  PermissionIntent,
  ScopedException,
  ToolResult,
} from '../types/index.js';
import { errorResult, isErrorClass } from './errors.js';
import { formatDuration, guardStage } from './guard.js';
import type { TurnInfo } from './hooks.js';
import { classifyCall } from './permission.js';
import type { RegisteredTool } from './registry.js';

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
    /** The turn's sandbox policy, asked before any human (DESIGN §2). */
    precheck?: PermissionContext['precheck'];
    /** Told the sandbox exceptions an allow carries (approved for this call), to hand to the tool. */
    granted?: (exceptions: ScopedException[]) => void;
  },
): Promise<ToolResult | undefined> {
  let intent: PermissionIntent;
  try {
    intent = classifyCall(entry.spec, args, turn, entry.trust);
  } catch {
    // A call that cannot be classified is `unknown`, the most guarded kind.
    intent = classifyCall({ ...entry.spec, classify: undefined }, args, turn, entry.trust);
    intent.action = 'unknown';
  }
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
    opts.granted?.(Array.isArray(decision.exceptions) ? decision.exceptions : []);
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
