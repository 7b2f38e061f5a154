import { createHash } from 'node:crypto';
import { decodeArguments, type Repair, repairArguments } from '../schema/index.js';
import type {
  PermissionEvaluator,
  PermissionIntent,
  SandboxVerdict,
  ScopedException,
  ToolCall,
  ToolContent,
  ToolResult,
  ToolUpdate,
} from '../types/index.js';
import { checkArguments, isPlainObject } from './argument-checks.js';
import { errorResult } from './errors.js';
import type { EventBus } from './events.js';
import { executeTool } from './execute.js';
import { runAfterHooks, runBeforeHooks } from './hook-stages.js';
import type { HookLists, TurnInfo } from './hooks.js';
import { canonicalJson } from './permission.js';
import { checkPermission } from './permission-stage.js';
import { type ProjectionEnv, type ProjectionInfo, projectResult } from './project-result.js';
import { errorMessage, normalizeCall } from './raw-call.js';
import type { RegisteredTool, ToolRegistry } from './registry.js';
import { attachDetails, previewArguments, timelineView } from './result-views.js';
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
  hookTimeoutMs: number;
  permissionTimeoutMs: number;
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
  /** An id for a call that arrived without one. */
  nextCallId(): string;
  /** Counts calls; returns false once the turn's call cap is spent. */
  admitCall(): boolean;
  maxCalls: number;
  /** The turn's checked capabilities handed to tools (visibility now; file, network, process later). */
  capabilities: Record<string, unknown>;
  /** What the turn's sandbox policy says of a call, before anyone is asked. */
  precheck: (intent: PermissionIntent) => Promise<SandboxVerdict>;
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
 * nothing throws out of here, whatever the raw call, the tool, the hooks or the evaluator do.
 */
export async function runCall(
  runtime: RuntimeEnv,
  turn: TurnEnv,
  rawCall: unknown,
  opts: CallOptions = {},
): Promise<ToolResult> {
  const started = performance.now();
  const { call, problem } = normalizeCall(rawCall, turn.nextCallId);
  const ids = { threadId: turn.info.threadId, turnId: turn.info.turnId, callId: call.id };
  const rawArguments = problem ? undefined : (rawCall as ToolCall).arguments;
  try {
    if (runtime.events.hasSubscribers) {
      runtime.events.emit('tool/call/started', ids, {
        name: call.name,
        arguments: previewArguments(rawArguments),
      });
    }
    let staged: Staged;
    try {
      staged = problem
        ? { result: errorResult(call, 'unknown_tool', problem), repairs: [] }
        : await stages(runtime, turn, rawArguments, call, opts);
    } catch (error) {
      staged = { result: internalError(call, error), repairs: [] };
    }
    const { entry, repairs, args } = staged;
    let result = staged.result;
    let projection: ProjectionInfo | undefined;
    try {
      projection = await projectResult(result, entry?.spec.outputPolicy, {
        ...runtime.projection,
        turnId: turn.info.turnId,
      });
    } catch (error) {
      result = internalError(call, error);
    }
    if (result.isError) {
      const before = result.outcome;
      result.outcome = turn.budget.recordFailure(
        call.name,
        failureKey(call.name, args ?? rawArguments),
        before,
      );
      // A spent budget must reach the model even when the agent loop ignores `outcome`.
      if (result.outcome !== before && result.outcome.hint) {
        result.content = [...result.content, { type: 'text', text: `[${result.outcome.hint}]` }];
      }
    }
    try {
      attachDetails(result, repairs, projection);
    } catch (error) {
      // Details a tool built with throwing getters: drop them rather than the result.
      result.details = { detailsError: (error as Error)?.message ?? String(error) };
    }
    if (runtime.events.hasSubscribers) {
      runtime.events.emit(
        'tool/call/completed',
        ids,
        timelineView(result, performance.now() - started, repairs, projection),
      );
    }
    return result;
  } catch (error) {
    // Last line of defence: a bug in handrail itself is still a result.
    return internalError(call, error);
  }
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
  rawArguments: unknown,
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
        {
          status: 'fatal',
          hint: 'Stop calling tools in this turn and report progress to the user.',
        },
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
  const signals = [opts.signal, turn.signal];

  // 2. Decode and repair.
  const decoded = decodeArguments(rawArguments, { maxBytes: runtime.maxArgumentBytes });
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
    const before = canonicalJson(args);
    try {
      const prepared = spec.prepareArguments(args);
      if (!isPlainObject(prepared)) throw new Error('prepareArguments must return an object');
      args = prepared;
    } catch (error) {
      const message = `Invalid arguments for ${call.name}: ${errorMessage(error)}`;
      return { result: errorResult(call, 'invalid_arguments', message), entry, repairs, args };
    }
    if (canonicalJson(args) !== before) {
      repairs.push({
        path: '',
        kind: 'tool_prepared',
        note: `${call.name}'s prepareArguments rewrote the arguments`,
      });
    }
  }
  const repaired = repairArguments(args, spec.inputSchema);
  if (repaired.repairs.length > 0) repairs.push(...repaired.repairs);
  args = repaired.value;

  // 3. Validate (ajv, then the Standard Schema's own refinements and transforms).
  const validated = await checkArguments(entry, call, args, { signals, timeoutMs: runtime.hookTimeoutMs });
  if ('error' in validated) return { result: validated.error, entry, repairs, args };
  args = validated.args;

  // 5. Permission (the sandbox's policy first, then rules, mode and a human).
  let exceptions: ScopedException[] = [];
  const permit = (candidate: Record<string, unknown>) =>
    checkPermission(runtime.permission, turn.info, entry, call, candidate, {
      signals,
      timeoutMs: runtime.permissionTimeoutMs,
      precheck: turn.precheck,
      granted: (given) => {
        exceptions = given;
      },
      emit: (type, payload) =>
        runtime.events.emit(
          type,
          { threadId: turn.info.threadId, turnId: turn.info.turnId, callId: call.id },
          payload,
        ),
    });
  const denied = await permit(args);
  if (denied) return { result: denied, entry, repairs, args };

  // 6. beforeToolCall hooks (see hook-stages.ts): may block, or change the arguments (checked again).
  const before = await runBeforeHooks({
    runtime,
    turn,
    entry,
    call,
    args,
    signals,
    signal: opts.signal,
    permit,
  });
  if (!before.ok) return { result: before.result, entry, repairs, args: before.args };
  args = before.args;
  const hookCall = before.hookCall;

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
      ...(exceptions.length > 0 ? { exceptions } : {}),
    },
    { signals, timeoutMs: spec.timeoutMs ?? runtime.toolTimeoutMs, abortGraceMs: runtime.abortGraceMs },
  );
  finished = true;

  // 8. afterToolCall hooks: a hook that fails, hangs or returns garbage withholds the result (fail closed).
  result = await runAfterHooks({ runtime, turn, entry, call, hookCall, result });
  return { result, entry, repairs, args };
}

function internalError(call: { id: string; name: string }, error: unknown): ToolResult {
  return errorResult(
    call,
    'internal',
    `handrail failed while running ${call.name || 'a tool call'}: ${errorMessage(error)}`,
  );
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
