import { createHash } from 'node:crypto';
import { decodeArguments, type Repair, repairArguments } from '../schema/index.js';
import type { PermissionEvaluator, ToolCall, ToolContent, ToolResult, ToolUpdate } from '../types/index.js';
import { checkArguments, isPlainObject } from './argument-checks.js';
import { errorResult } from './errors.js';
import type { EventBus } from './events.js';
import { executeTool } from './execute.js';
import type { HookCall, HookLists, ResultPatch, TurnInfo } from './hooks.js';
import { checkPermission } from './permission-stage.js';
import { type ProjectionEnv, type ProjectionInfo, projectResult } from './project-result.js';
import type { RegisteredTool, ToolRegistry } from './registry.js';
import { applyPatch, attachDetails, previewArguments, timelineView } from './result-views.js';
import type { RetryBudget } from './retry-budget.js';
import { notVisible, unknownTool } from './route-errors.js';
import { normalizeUpdate } from './tool-return.js';

/** What the pipeline needs from the runtime. */
export interface RuntimeEnv {
  registry: ToolRegistry;
  events: EventBus;
  hooks: HookLists;
  permission: PermissionEvaluator;
  projection: Omit<ProjectionEnv, 'turnId'>;
  maxArgumentBytes: number;
  toolTimeoutMs: number;
  abortGraceMs: number;
}

/** What the pipeline needs from the turn. */
export interface TurnEnv {
  info: TurnInfo;
  /** Aborted when the turn ends. */
  signal: AbortSignal;
  isVisible(entry: RegisteredTool): boolean;
  visibleNames(): string[];
  budget: RetryBudget;
  /** Turn-scoped state, one map per tool. */
  stateFor(toolName: string): Map<string, unknown>;
  /** Counts calls; returns false once the turn's call cap is spent. */
  admitCall(): boolean;
  maxCalls: number;
  /** The turn's checked capabilities handed to tools (visibility now; file, network, process later). */
  capabilities: Record<string, unknown>;
}

export interface CallOptions {
  signal?: AbortSignal;
  onUpdate?: (update: {
    callId: string;
    name: string;
    content?: ToolContent[];
    details?: Record<string, unknown>;
  }) => void;
}

/**
 * One call, end to end (DESIGN §1): route → decode/repair → validate → classify → permission →
 * beforeToolCall → execute → afterToolCall → projection → outcome. Every stage's failure becomes a result;
 * nothing throws out of here.
 */
export async function runCall(
  runtime: RuntimeEnv,
  turn: TurnEnv,
  rawCall: ToolCall,
  opts: CallOptions = {},
): Promise<ToolResult> {
  const started = performance.now();
  const call = { id: String(rawCall.id ?? ''), name: String(rawCall.name ?? '') };
  const ids = { threadId: turn.info.threadId, turnId: turn.info.turnId, callId: call.id };
  if (runtime.events.hasSubscribers) {
    runtime.events.emit('tool/call/started', ids, {
      name: call.name,
      arguments: previewArguments(rawCall.arguments),
    });
  }

  let entry: RegisteredTool | undefined;
  let repairs: Repair[] = [];
  let args: Record<string, unknown> | undefined;
  let projection: ProjectionInfo | undefined;
  let result: ToolResult;
  try {
    const staged = await stages(runtime, turn, rawCall, call, opts);
    ({ result, entry, repairs, args } = staged);
    projection = await projectResult(result, entry?.spec.outputPolicy, {
      ...runtime.projection,
      turnId: turn.info.turnId,
    });
  } catch (error) {
    // A bug in handrail itself (or in output storage): still a result, never a crash.
    result = errorResult(
      call,
      'internal',
      `handrail failed while running ${call.name}: ${(error as Error)?.message ?? error}`,
    );
  }

  if (result.isError) {
    const before = result.outcome;
    result.outcome = turn.budget.recordFailure(
      call.name,
      failureKey(call.name, args ?? rawCall.arguments),
      before,
    );
    // A spent budget must reach the model even when the agent loop ignores `outcome`.
    if (result.outcome !== before && result.outcome.hint) {
      result.content = [...result.content, { type: 'text', text: `[${result.outcome.hint}]` }];
    }
  }
  attachDetails(result, repairs, projection);

  if (runtime.events.hasSubscribers) {
    runtime.events.emit(
      'tool/call/completed',
      ids,
      timelineView(result, performance.now() - started, repairs, projection),
    );
  }
  return result;
}

interface Staged {
  result: ToolResult;
  entry?: RegisteredTool;
  repairs: Repair[];
  args?: Record<string, unknown>;
}

async function stages(
  runtime: RuntimeEnv,
  turn: TurnEnv,
  rawCall: ToolCall,
  call: { id: string; name: string },
  opts: CallOptions,
): Promise<Staged> {
  const repairs: Repair[] = [];
  if (turn.signal.aborted) {
    return {
      result: errorResult(
        call,
        'cancelled',
        `Turn ${turn.info.turnId} has ended; no further calls run in it.`,
      ),
      repairs,
    };
  }
  if (opts.signal?.aborted) {
    return {
      result: errorResult(call, 'cancelled', `${call.name} was not run: the call was cancelled.`),
      repairs,
    };
  }
  if (!turn.admitCall()) {
    return {
      result: errorResult(
        call,
        'rate_limited',
        `This turn has reached its cap of ${turn.maxCalls} tool calls; ${call.name} was not run.`,
        { status: 'fatal', hint: 'Stop calling tools in this turn and report progress to the user.' },
      ),
      repairs,
    };
  }

  // 1. Route.
  const entry = runtime.registry.get(call.name);
  if (!entry) {
    const hidden = runtime.registry.list().filter((e) => !turn.isVisible(e));
    return { result: unknownTool(call, turn.visibleNames(), hidden), repairs };
  }
  if (!turn.isVisible(entry)) return { result: notVisible(call, entry), entry, repairs };
  const spec = entry.spec;

  // 2. Decode and repair.
  const decoded = decodeArguments(rawCall.arguments, { maxBytes: runtime.maxArgumentBytes });
  if (!decoded.ok) {
    return {
      result: errorResult(
        call,
        'invalid_arguments',
        `Invalid arguments for ${call.name}: ${decoded.message}`,
      ),
      entry,
      repairs,
    };
  }
  repairs.push(...decoded.repairs);
  let args = decoded.value;
  if (spec.prepareArguments) {
    try {
      const prepared = spec.prepareArguments(args);
      if (!isPlainObject(prepared)) throw new Error('prepareArguments must return an object');
      args = prepared;
    } catch (error) {
      const message = `Invalid arguments for ${call.name}: ${(error as Error).message}`;
      return { result: errorResult(call, 'invalid_arguments', message), entry, repairs, args };
    }
  }
  const repaired = repairArguments(args, spec.inputSchema);
  if (repaired.repairs.length > 0) repairs.push(...repaired.repairs);
  args = repaired.value;

  // 3. Validate (ajv, then the Standard Schema's own refinements and transforms).
  const validated = await checkArguments(entry, call, args);
  if ('error' in validated) return { result: validated.error, entry, repairs, args };
  args = validated.args;

  // 5. Permission.
  const signal = opts.signal ?? turn.signal;
  const denied = await checkPermission(runtime.permission, turn.info, signal, entry, call, args);
  if (denied) return { result: denied, entry, repairs, args };

  // 6. beforeToolCall hooks: may block, or replace arguments (then validated and permission-checked again).
  const hookCall: HookCall = { id: call.id, name: call.name, arguments: args };
  for (const hook of runtime.hooks.before) {
    let verdict: Awaited<ReturnType<typeof hook>>;
    try {
      verdict = await hook({
        call: hookCall,
        tool: spec,
        turn: turn.info,
        signal,
      });
    } catch (error) {
      const message = `${call.name} was blocked: a beforeToolCall hook failed (${(error as Error)?.message ?? error}).`;
      return { result: errorResult(call, 'blocked', message), entry, repairs, args };
    }
    if (!verdict) continue;
    if ('block' in verdict && verdict.block) {
      const reason = String(verdict.reason || 'blocked by a beforeToolCall hook');
      return { result: errorResult(call, 'blocked', reason), entry, repairs, args };
    }
    if ('arguments' in verdict && verdict.arguments !== undefined) {
      const again = await checkArguments(
        entry,
        call,
        verdict.arguments as Record<string, unknown>,
        'after a beforeToolCall hook',
      );
      if ('error' in again) return { result: again.error, entry, repairs, args };
      const deniedAgain = await checkPermission(
        runtime.permission,
        turn.info,
        signal,
        entry,
        call,
        again.args,
      );
      if (deniedAgain) return { result: deniedAgain, entry, repairs, args: again.args };
      args = again.args;
      hookCall.arguments = args;
    }
  }

  // 7. Execute.
  let finished = false;
  const ids = { threadId: turn.info.threadId, turnId: turn.info.turnId, callId: call.id };
  const onUpdate = (update: ToolUpdate) => {
    if (finished) return;
    const normalized = normalizeUpdate(update);
    runtime.events.emit('tool/call/progress', ids, { name: call.name, ...normalized });
    if (opts.onUpdate) {
      try {
        opts.onUpdate({ callId: call.id, name: call.name, ...normalized });
      } catch {
        // A caller's failing progress handler must not fail the tool.
      }
    }
  };
  let result = await executeTool(
    spec,
    args,
    {
      callId: call.id,
      toolName: call.name,
      threadId: turn.info.threadId,
      turnId: turn.info.turnId,
      workspace: turn.info.workspace,
      cwd: turn.info.cwd,
      onUpdate,
      capabilities: turn.capabilities,
      turnState: turn.stateFor(call.name),
    },
    {
      signals: [opts.signal, turn.signal],
      timeoutMs: spec.timeoutMs ?? runtime.toolTimeoutMs,
      abortGraceMs: runtime.abortGraceMs,
    },
  );
  finished = true;

  // 8. afterToolCall hooks.
  for (const hook of runtime.hooks.after) {
    try {
      const patch = await hook({ call: hookCall, tool: spec, turn: turn.info, result });
      if (patch) result = applyPatch(result, patch as ResultPatch);
    } catch (error) {
      const message = `${call.name} ran, but an afterToolCall hook failed (${(error as Error)?.message ?? error}); its result is withheld.`;
      result = errorResult(call, 'blocked', message);
    }
  }
  return { result, entry, repairs, args };
}

/** Key for "the same failing call": tool name plus a hash of its arguments. */
function failureKey(name: string, args: unknown): string {
  let text: string;
  try {
    text = typeof args === 'string' ? args : (JSON.stringify(args) ?? '');
  } catch {
    text = String(args);
  }
  return `${name}\u0000${text.length > 128 ? createHash('sha256').update(text).digest('hex') : text}`;
}
