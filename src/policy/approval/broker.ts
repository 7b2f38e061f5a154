// The approval broker: one place where `ask` becomes a question, with a queue, a deadline and a cap.
import type { ApprovalOutcome, ApprovalRequest, Approver, ApproverAnswer } from './types.js';

const MAX_FEEDBACK = 4096;
const DECISIONS = new Set(['allow_once', 'allow_for_turn', 'allow_for_session', 'allow_always', 'deny']);
/**
 * Who answered, as the broker and the evaluator record their own endings. An approver cannot sign as one of
 * them: its "no" would read as nobody's (broker, default, timeout) or as a rule's.
 */
const RESERVED_BY = /^(?:broker|default|timeout|rule:|cached:)/;

export interface BrokerOptions {
  /** Who answers; without one every request is denied (the non-interactive default). */
  approver?: Approver;
  /** Name recorded as `decidedBy` for the approver's answers (default 'callback'). */
  approverName?: string;
  /** How long a request may wait, queue time included (default 5 min); then `expired`, which denies. */
  timeoutMs?: number;
  /** Requests waiting or being answered at once (default 256); more are denied at once. */
  maxPending?: number;
  /** Questions put to the approver at a time (default 1: prompts on one terminal never interleave). */
  concurrency?: number;
}

/** What the broker needs to do before asking (re-checking remembered grants once a queued request is up). */
export type BeforeAsk = () => ApprovalOutcome | undefined;

/** How long a request may wait for an answer, queue time included. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;

export class ApprovalBroker {
  private readonly timeoutMs: number;
  private readonly maxPending: number;
  private readonly concurrency: number;
  private pending = 0;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: BrokerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
    this.maxPending = options.maxPending ?? 256;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
  }

  get hasApprover(): boolean {
    return this.options.approver !== undefined;
  }

  /** Requests waiting in the queue or with the approver. */
  get size(): number {
    return this.pending;
  }

  /**
   * Ask. Never throws: an approver that throws or answers nonsense denies, a request that waits past the
   * deadline expires, an aborted call is cancelled. `beforeAsk` runs when the request reaches the front of
   * the queue, so an identical call approved for the turn meanwhile is not asked again.
   */
  async ask(
    request: ApprovalRequest,
    signal: AbortSignal,
    beforeAsk?: BeforeAsk,
    afterAnswer?: (outcome: ApprovalOutcome) => Promise<void>,
  ): Promise<ApprovalOutcome> {
    const started = Date.now();
    const done = (outcome: Omit<ApprovalOutcome, 'durationMs'>): ApprovalOutcome => ({
      ...outcome,
      durationMs: Date.now() - started,
    });
    const approver = this.options.approver;
    if (!approver) return done({ resolution: 'deny', decidedBy: 'default' });
    if (signal.aborted) return done({ resolution: 'cancelled', decidedBy: 'broker' });
    if (this.pending >= this.maxPending) {
      return done({
        resolution: 'deny',
        decidedBy: 'broker',
        feedback: `${this.pending} approvals are already waiting; the call was not queued. Wait for them before asking again.`,
      });
    }
    this.pending++;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    const onAbort = () => deadline.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const slot = await this.acquire(deadline.signal);
      if (!slot) return done(ending(signal));
      try {
        const outcome =
          beforeAsk?.() ?? (await this.answer(approver, request, deadline.signal, signal, done));
        // Settled while the slot is held, so the next request's beforeAsk already sees what this answer
        // granted (an "always" rule, a turn grant).
        await afterAnswer?.(outcome).catch(() => undefined);
        return outcome;
      } finally {
        this.release();
      }
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      this.pending--;
    }
  }

  private async answer(
    approver: Approver,
    request: ApprovalRequest,
    deadline: AbortSignal,
    signal: AbortSignal,
    done: (outcome: Omit<ApprovalOutcome, 'durationMs'>) => ApprovalOutcome,
  ): Promise<ApprovalOutcome> {
    const answer = await answerOf(approver, request, deadline);
    if (answer === 'aborted') return done(ending(signal));
    if (answer instanceof Error) {
      return done({
        resolution: 'deny',
        decidedBy: 'broker',
        feedback: `The approver failed (${answer.message}), so the call was denied.`,
      });
    }
    return done({
      resolution: answer.decision,
      decidedBy: answer.by ?? this.options.approverName ?? 'callback',
      ...(answer.feedback ? { feedback: answer.feedback } : {}),
      ...(answer.layer ? { layer: answer.layer } : {}),
    });
  }

  /** Wait for a free approver slot; false when the deadline or the call's abort comes first. */
  private acquire(deadline: AbortSignal): Promise<boolean> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const wake = () => {
        deadline.removeEventListener('abort', onAbort);
        this.active++;
        resolve(true);
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(wake);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(false);
      };
      deadline.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(wake);
    });
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}

/** Expired when the deadline passed, cancelled when the call was aborted. */
function ending(signal: AbortSignal): Omit<ApprovalOutcome, 'durationMs'> {
  return signal.aborted
    ? { resolution: 'cancelled', decidedBy: 'broker' }
    : { resolution: 'expired', decidedBy: 'timeout' };
}

async function answerOf(
  approver: Approver,
  request: ApprovalRequest,
  signal: AbortSignal,
): Promise<ApproverAnswer | Error | 'aborted'> {
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    // The approver gets a copy: it must not be able to change what the audit trail records.
    const answered = Promise.resolve()
      .then(() => approver(structuredClone(request), { signal }))
      .then(
        (answer) => checked(answer),
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
    return await Promise.race([answered, aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The answer read once into a plain object: an approver returning a proxy, throwing getters or values that do
 * not serialize denies instead of throwing, and a getter cannot answer one thing here and another later.
 */
function checked(answer: unknown): ApproverAnswer | Error {
  try {
    const given = answer as Record<string, unknown> | null | undefined;
    const decision = given?.decision;
    if (typeof decision !== 'string' || !DECISIONS.has(decision)) {
      return new Error(`it answered ${describe(answer)}, not a decision`);
    }
    const feedback = given?.feedback;
    const layer = given?.layer;
    const by = given?.by;
    return {
      decision: decision as ApproverAnswer['decision'],
      // Feedback goes to the model: bounded like any other text it is handed.
      ...(typeof feedback === 'string' && feedback ? { feedback: feedback.slice(0, MAX_FEEDBACK) } : {}),
      ...(layer === 'user' || layer === 'project' ? { layer } : {}),
      ...(typeof by === 'string' && by && !RESERVED_BY.test(by) ? { by } : {}),
    };
  } catch (error) {
    return new Error(`its answer could not be read (${(error as Error)?.message ?? String(error)})`);
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 80) ?? String(value);
  } catch {
    return typeof value;
  }
}
