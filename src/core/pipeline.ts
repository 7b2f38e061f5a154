// The call pipeline (docs/architecture.md): one tool call, end to end, as the stages run —
//   read the raw call → admit → route → decode and repair → validate → permission (classify, then ask the
//   evaluator) → beforeToolCall hooks → execute → afterToolCall hooks → projection → outcome.
// runCall owns the frame (events, projection, retry budget, details); runStages runs the stages in order,
// each a function below or an import named after its stage. Every stage's failure becomes a result: nothing
// throws out of here, whatever the raw call, the tool, the hooks or the evaluator do.
import { createHash } from 'node:crypto';
import type { FileAccess } from '../sandbox/index.js';
import {
  canonicalJson,
  decodeArguments,
  formatValidationMessage,
  type Repair,
  repairArguments,
} from '../schema/index.js';
import type {
  PermissionEvaluator,
  PermissionIntent,
  SandboxVerdict,
  ToolCall,
  ToolContent,
  ToolResult,
  ToolUpdate,
} from '../types/index.js';
import { type ApprovedCall, capabilitiesFor } from './capabilities.js';
import { errorMessage, errorResult } from './errors.js';
import type { EventBus } from './events.js';
import { executeTool } from './execute.js';
import { formatDuration, guardStage } from './guard.js';
import { type HookLists, runAfterHooks, runBeforeHooks, type TurnInfo } from './hooks.js';
import { checkPermission } from './permission.js';
import { type ProjectionEnv, type ProjectionInfo, projectResult } from './projection.js';
import type { RegisteredTool, ToolRegistry } from './registry.js';
import { attachDetails, normalizeUpdate, previewArguments, timelineView } from './result.js';
import type { RetryBudget } from './retry-budget.js';
import { suggestNames } from './suggest.js';

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
  /** False for a tool an extension registered after the turn began (it waits for the next turn). */
  existsForTurn(entry: RegisteredTool): boolean;
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

type CallRef = { id: string; name: string };
type Args = Record<string, unknown>;

/** One call, end to end. Never throws. */
export async function runCall(
  runtime: RuntimeEnv,
  turn: TurnEnv,
  rawCall: unknown,
  opts: CallOptions = {},
): Promise<ToolResult> {
  const started = performance.now();
  const { call, problem } = readCall(rawCall, turn.nextCallId);
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
        : await runStages(runtime, turn, rawArguments, call, opts);
    } catch (error) {
      staged = { result: internalError(call, error), repairs: [] };
    }
    const { entry, repairs, args } = staged;
    let result = staged.result;

    // Projection: the model-visible view, bounded.
    let projection: ProjectionInfo | undefined;
    try {
      projection = await projectResult(result, entry?.spec.outputPolicy, {
        ...runtime.projection,
        turnId: turn.info.turnId,
      });
    } catch (error) {
      result = internalError(call, error);
    }

    // Outcome: a failure counts against the turn's retry budgets.
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

/** What the stages hand back: the result, and what the frame records beside it. */
interface Staged {
  result: ToolResult;
  entry?: RegisteredTool;
  repairs: Repair[];
  /** The arguments as far as they got: the retry budget's key for "the same call". */
  args?: Args;
}

/** The stages, in order; the first that fails gives the result. */
async function runStages(
  runtime: RuntimeEnv,
  turn: TurnEnv,
  rawArguments: unknown,
  call: CallRef,
  opts: CallOptions,
): Promise<Staged> {
  const repairs: Repair[] = [];

  // 1. Admit: the turn is still running, the caller has not cancelled, the turn's call cap is not spent.
  const refused = admit(turn, call, opts);
  if (refused) return { result: refused, repairs };

  // 2. Route: a registered tool the model can see.
  const routed = route(runtime, turn, call);
  if ('result' in routed) return { ...routed, repairs };
  const { entry } = routed;
  const signals = [opts.signal, turn.signal];

  // 3. Decode and repair.
  const decoded = decodeAndRepair(runtime, entry, call, rawArguments, repairs);
  if ('error' in decoded) return { result: decoded.error, entry, repairs, ...decoded.at };
  let args = decoded.args;

  // 4. Validate (ajv, then the Standard Schema's own refinements and transforms).
  const validated = await checkArguments(entry, call, args, { signals, timeoutMs: runtime.hookTimeoutMs });
  if ('error' in validated) return { result: validated.error, entry, repairs, args };
  args = validated.args;

  // 5. Permission (classify; the sandbox's policy first, then rules, mode and a human). An allow may carry
  // sandbox exceptions approved for this call, which the tool receives.
  let approval: ApprovedCall = {};
  // The turn's deny-read rules, which a git line that can print stored files answers to (policy/assess.ts).
  const files = turn.capabilities.files as FileAccess | undefined;
  const assess = files
    ? { deniedRead: (p: string) => files.denyReadRule(p), ownDenyRead: files.ownDenyRead }
    : {};
  const permit = (candidate: Args) =>
    checkPermission(runtime.permission, turn.info, entry, call, candidate, {
      signals,
      timeoutMs: runtime.permissionTimeoutMs,
      precheck: turn.precheck,
      assess,
      granted: (given) => {
        approval = given;
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

  // 6. beforeToolCall hooks: may block, or change the arguments (validated and permission-checked again).
  const before = await runBeforeHooks(runtime.hooks.before, {
    tool: entry.spec,
    turn: turn.info,
    call,
    args,
    signal: opts.signal ?? turn.signal,
    signals,
    timeoutMs: runtime.hookTimeoutMs,
    validate: (candidate) =>
      checkArguments(entry, call, candidate, {
        signals,
        timeoutMs: runtime.hookTimeoutMs,
        when: 'after a beforeToolCall hook',
      }),
    permit,
  });
  if (!before.ok) return { result: before.result, entry, repairs, args: before.args };
  args = before.args;

  // 7. Execute.
  let result = await execute(runtime, turn, entry, call, args, approval, opts);

  // 8. afterToolCall hooks: a hook that fails, hangs or returns garbage withholds the result (fail closed).
  result = await runAfterHooks(runtime.hooks.after, {
    tool: entry.spec,
    turn: turn.info,
    call,
    hookCall: before.hookCall,
    result,
    signal: turn.signal,
    timeoutMs: runtime.hookTimeoutMs,
  });
  return { result, entry, repairs, args };
}

// ---------------------------------------------------------------------------------------------------------
// Reading the raw call
// ---------------------------------------------------------------------------------------------------------

/** Read a raw call defensively: providers and adapters hand over all sorts of shapes. */
function readCall(raw: unknown, nextId: () => string): { call: CallRef; problem?: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      call: { id: nextId(), name: '' },
      problem: `The tool call is not an object (got ${describe(raw)}).`,
    };
  }
  let rawId: unknown;
  let rawName: unknown;
  try {
    rawId = (raw as ToolCall).id;
    rawName = (raw as ToolCall).name;
  } catch {
    return { call: { id: nextId(), name: '' }, problem: 'The tool call could not be read.' };
  }
  const id =
    typeof rawId === 'string' && rawId !== '' ? rawId : typeof rawId === 'number' ? String(rawId) : nextId();
  if (typeof rawName !== 'string' || rawName === '') {
    return {
      call: { id, name: '' },
      problem: `The tool call has no tool name (got ${describe(rawName)}); name one of the available tools.`,
    };
  }
  return { call: { id, name: rawName } };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'string';
  return typeof value;
}

// ---------------------------------------------------------------------------------------------------------
// 1. Admit
// ---------------------------------------------------------------------------------------------------------

function admit(turn: TurnEnv, call: CallRef, opts: CallOptions): ToolResult | undefined {
  if (turn.signal.aborted) {
    return errorResult(call, 'cancelled', `Turn ${turn.info.turnId} has ended; no further calls run in it.`);
  }
  if (opts.signal?.aborted) {
    return errorResult(call, 'cancelled', `${call.name} was not run: the call was cancelled.`);
  }
  if (!turn.admitCall()) {
    return errorResult(
      call,
      'rate_limited',
      `This turn has reached its cap of ${turn.maxCalls} tool calls; ${call.name} was not run.`,
      {
        status: 'fatal',
        hint: 'Stop calling tools in this turn and report progress to the user.',
      },
    );
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// 2. Route
// ---------------------------------------------------------------------------------------------------------

function route(
  runtime: RuntimeEnv,
  turn: TurnEnv,
  call: CallRef,
): { entry: RegisteredTool } | { result: ToolResult; entry?: RegisteredTool } {
  const entry = runtime.registry.get(call.name);
  if (!entry || !turn.existsForTurn(entry)) {
    const hidden = runtime.registry.list().filter((e) => turn.existsForTurn(e) && !turn.isVisible(e));
    const result = unknownTool(call, turn.visibleNames(), hidden);
    if (entry) {
      const text = result.content[0] as { type: 'text'; text: string };
      text.text = `Tool "${call.name}" arrived after this turn began (its server's tool list changed): it can be called from the next turn. ${text.text.replace(/^Unknown tool "[^"]*"\. /, '')}`;
    }
    return { result };
  }
  if (!turn.isVisible(entry)) return { result: notVisible(call, entry), entry };
  return { entry };
}

/** What the model reads when it names a tool that does not exist: the closest names, visible or hidden. */
function unknownTool(call: CallRef, visible: string[], hidden: RegisteredTool[]): ToolResult {
  const close = suggestNames(call.name, visible);
  const closeHidden = suggestNames(
    call.name,
    hidden.map((e) => e.spec.name),
    1,
  );
  let message = `Unknown tool "${call.name}".`;
  if (close.length > 0) message += ` Did you mean ${close.map((n) => `"${n}"`).join(' or ')}?`;
  else if (closeHidden.length > 0) {
    const target = hidden.find((e) => e.spec.name === closeHidden[0])!;
    message += ` Did you mean "${target.spec.name}"? It is in the "${target.spec.domain}" domain: call request_tools with {"domains":["${target.spec.domain}"]} to reveal it.`;
  }
  message += ` Available tools: ${listNames(visible)}.`;
  return errorResult(call, 'unknown_tool', message);
}

/** What the model reads when it calls a tool of a domain not revealed yet. */
function notVisible(call: CallRef, entry: RegisteredTool): ToolResult {
  const domain = entry.spec.domain ?? 'unknown';
  return errorResult(
    call,
    'not_visible',
    `Tool "${call.name}" is not available yet: it belongs to the "${domain}" domain. Call request_tools with {"domains":["${domain}"]} to reveal it, then call it again.`,
  );
}

function listNames(names: string[]): string {
  const sorted = [...names].sort();
  return sorted.length > 30
    ? `${sorted.slice(0, 30).join(', ')}, … (${sorted.length} in all)`
    : sorted.join(', ') || '(none)';
}

// ---------------------------------------------------------------------------------------------------------
// 3. Decode and repair
// ---------------------------------------------------------------------------------------------------------

/**
 * Decode the raw arguments (bounded), let the tool prepare them, then repair the known model quirks against
 * the schema. Each repair is recorded in `repairs`. A failure names the arguments it got as far as, if any.
 */
function decodeAndRepair(
  runtime: RuntimeEnv,
  entry: RegisteredTool,
  call: CallRef,
  rawArguments: unknown,
  repairs: Repair[],
): { args: Args } | { error: ToolResult; at: { args?: Args } } {
  const spec = entry.spec;
  const decoded = decodeArguments(rawArguments, { maxBytes: runtime.maxArgumentBytes });
  if (!decoded.ok) {
    const message = `Invalid arguments for ${call.name}: ${decoded.message}`;
    return { error: errorResult(call, 'invalid_arguments', message), at: {} };
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
      return { error: errorResult(call, 'invalid_arguments', message), at: { args } };
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
  return { args: repaired.value };
}

// ---------------------------------------------------------------------------------------------------------
// 4. Validate
// ---------------------------------------------------------------------------------------------------------

/**
 * Validate decoded arguments: the compiled ajv validator first (every problem, with paths), then the
 * Standard Schema's own refinements, defaults and transforms when the tool was defined with zod & co.
 * Also checks arguments a beforeToolCall hook changed (`when` says so in the messages).
 */
async function checkArguments(
  entry: RegisteredTool,
  call: CallRef,
  args: Args,
  opts: { signals: ReadonlyArray<AbortSignal | undefined>; timeoutMs: number; when?: string },
): Promise<{ args: Args } | { error: ToolResult }> {
  const name = opts.when ? `${call.name} (${opts.when})` : call.name;
  if (!isPlainObject(args)) {
    const message = `Invalid arguments for ${name}: arguments must be a JSON object.`;
    return { error: errorResult(call, 'invalid_arguments', message) };
  }
  const problems = entry.validate(args);
  if (problems)
    return { error: errorResult(call, 'invalid_arguments', formatValidationMessage(name, problems)) };
  const standard = entry.spec.standardValidate;
  if (!standard) return { args };
  const outcome = await guardStage(() => standard(args), opts.signals, opts.timeoutMs);
  if (!outcome.ok) {
    // A validator that throws or hangs is a bug in the tool's schema, not a mistake the model can fix.
    const why =
      outcome.kind === 'error'
        ? `failed: ${(outcome.error as Error)?.message ?? String(outcome.error)}`
        : outcome.kind === 'timeout'
          ? `did not answer within ${formatDuration(opts.timeoutMs)}`
          : 'was cancelled';
    const errorClass = outcome.kind === 'cancelled' ? 'cancelled' : 'tool_error';
    return { error: errorResult(call, errorClass, `The input schema of ${name} ${why}.`) };
  }
  const checked = outcome.value;
  if (!checked.ok) {
    const message = `Invalid arguments for ${name}: ${checked.issues.join('; ')}.`;
    return { error: errorResult(call, 'invalid_arguments', message) };
  }
  return { args: isPlainObject(checked.value) ? checked.value : args };
}

// 5. Permission: checkPermission, in permission.ts. 6. beforeToolCall hooks: runBeforeHooks, in hooks.ts.

// ---------------------------------------------------------------------------------------------------------
// 7. Execute
// ---------------------------------------------------------------------------------------------------------

/** Run the tool (executeTool bounds it in time and by signal), forwarding its progress while it runs. */
async function execute(
  runtime: RuntimeEnv,
  turn: TurnEnv,
  entry: RegisteredTool,
  call: CallRef,
  args: Args,
  approval: ApprovedCall,
  opts: CallOptions,
): Promise<ToolResult> {
  const spec = entry.spec;
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
  const result = await executeTool(
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
      capabilities: capabilitiesFor(spec.capabilities, turn.capabilities, approval),
      turnState: turn.stateFor(call.name),
      ...(approval.exceptions && approval.exceptions.length > 0 ? { exceptions: approval.exceptions } : {}),
    },
    {
      signals: [opts.signal, turn.signal],
      timeoutMs: spec.timeoutMs ?? runtime.toolTimeoutMs,
      abortGraceMs: runtime.abortGraceMs,
    },
  );
  finished = true;
  return result;
}

// 8. afterToolCall hooks: runAfterHooks, in hooks.ts. Projection and outcome: in runCall, above.

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

function internalError(call: CallRef, error: unknown): ToolResult {
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

function isPlainObject(value: unknown): value is Args {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
