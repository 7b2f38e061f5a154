// Runtimes for tests: real ones, in temporary workspaces, closed after the test.
import {
  type ApprovalDecision,
  type ApprovalRequest,
  type ApproverAnswer,
  builtinTools,
  createRuntime,
  type HandrailEvent,
  type Runtime,
  type RuntimeOptions,
} from '../../src/index.js';
import { onCleanup } from './cleanup.js';
import { tempDir } from './temp.js';

/** A runtime in a temp workspace (full_access, no rate limits unless given), closed after the test. */
export function makeRuntime(options: RuntimeOptions = {}): Runtime {
  const workspace = options.workspace ?? tempDir();
  const runtime = createRuntime({ profile: 'full_access', rateLimits: false, ...options, workspace });
  onCleanup(() => runtime.close());
  return runtime;
}

/** What an asking runtime's approver answers: always the same decision, or one chosen for the request. */
export type Answer = ApprovalDecision | ((request: ApprovalRequest) => ApprovalDecision | ApproverAnswer);

/**
 * A runtime (supervised unless the options say otherwise) whose approver records every request in `asked`
 * and answers `answer` (default: deny). Otherwise as makeRuntime.
 */
export function askingRuntime(
  options: Omit<RuntimeOptions, 'approver'> = {},
  answer: Answer = 'deny',
): { runtime: Runtime; asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  const runtime = makeRuntime({
    profile: 'supervised',
    ...options,
    approver: (request) => {
      asked.push(request);
      const given = typeof answer === 'function' ? answer(request) : answer;
      return typeof given === 'string' ? { decision: given } : given;
    },
  });
  return { runtime, asked };
}

/**
 * The built-in tools in an asking runtime (no OS sandbox, no policy files), one turn begun, every event
 * collected: the harness of the trust-model tests.
 */
export function askingTurn(options: Omit<RuntimeOptions, 'approver'>, answer: Answer = 'deny') {
  const { runtime, asked } = askingRuntime(
    {
      tools: builtinTools(),
      sandbox: 'none',
      policyFiles: { user: null, managed: null, project: null },
      ...options,
    },
    answer,
  );
  const events = collectEvents(runtime);
  return { runtime, turn: runtime.beginTurn(), asked, events };
}

/**
 * The built-in tools in an asking runtime (no OS sandbox, no user or managed policy) whose project policy is
 * trusted, so an "always" answer is written there: the harness of the tests of what "always" writes.
 */
export function alwaysWritingRuntime(
  options: Omit<RuntimeOptions, 'approver'> & { workspace: string },
  answer: Answer = 'allow_always',
) {
  return askingRuntime(
    {
      tools: builtinTools(),
      sandbox: 'none',
      policyFiles: { user: null, managed: null },
      trustProjectPolicy: true,
      ...options,
    },
    answer,
  );
}

/** Collect every event a runtime emits. */
export function collectEvents(runtime: Runtime): HandrailEvent[] {
  const events: HandrailEvent[] = [];
  runtime.events.on((event) => {
    events.push(event);
  });
  return events;
}

let ids = 0;
/** A tool call with an ID no other call in the test file has. */
export function call(name: string, args: Record<string, unknown>) {
  return { id: `c${++ids}`, name, arguments: args };
}
