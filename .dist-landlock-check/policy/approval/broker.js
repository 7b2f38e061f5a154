const MAX_FEEDBACK = 4096;
const DECISIONS = new Set(['allow_once', 'allow_for_turn', 'allow_for_session', 'allow_always', 'deny']);
/** How long a request may wait for an answer, queue time included. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;
export class ApprovalBroker {
    options;
    timeoutMs;
    maxPending;
    concurrency;
    pending = 0;
    active = 0;
    waiting = [];
    constructor(options = {}) {
        this.options = options;
        this.timeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
        this.maxPending = options.maxPending ?? 256;
        this.concurrency = Math.max(1, options.concurrency ?? 1);
    }
    get hasApprover() {
        return this.options.approver !== undefined;
    }
    /** Requests waiting in the queue or with the approver. */
    get size() {
        return this.pending;
    }
    /**
     * Ask. Never throws: an approver that throws or answers nonsense denies, a request that waits past the
     * deadline expires, an aborted call is cancelled. `beforeAsk` runs when the request reaches the front of
     * the queue, so an identical call approved for the turn meanwhile is not asked again.
     */
    async ask(request, signal, beforeAsk, afterAnswer) {
        const started = Date.now();
        const done = (outcome) => ({
            ...outcome,
            durationMs: Date.now() - started,
        });
        const approver = this.options.approver;
        if (!approver)
            return done({ resolution: 'deny', decidedBy: 'default' });
        if (signal.aborted)
            return done({ resolution: 'cancelled', decidedBy: 'broker' });
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
            if (!slot)
                return done(ending(signal));
            try {
                const outcome = beforeAsk?.() ?? (await this.answer(approver, request, deadline.signal, signal, done));
                // Settled while the slot is held, so the next request's beforeAsk already sees what this answer
                // granted (an "always" rule, a turn grant).
                await afterAnswer?.(outcome).catch(() => undefined);
                return outcome;
            }
            finally {
                this.release();
            }
        }
        finally {
            clearTimeout(timer);
            signal.removeEventListener('abort', onAbort);
            this.pending--;
        }
    }
    async answer(approver, request, deadline, signal, done) {
        const answer = await answerOf(approver, request, deadline);
        if (answer === 'aborted')
            return done(ending(signal));
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
    acquire(deadline) {
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
                if (index >= 0)
                    this.waiting.splice(index, 1);
                resolve(false);
            };
            deadline.addEventListener('abort', onAbort, { once: true });
            this.waiting.push(wake);
        });
    }
    release() {
        this.active--;
        this.waiting.shift()?.();
    }
}
/** Expired when the deadline passed, cancelled when the call was aborted. */
function ending(signal) {
    return signal.aborted
        ? { resolution: 'cancelled', decidedBy: 'broker' }
        : { resolution: 'expired', decidedBy: 'timeout' };
}
async function answerOf(approver, request, signal) {
    let onAbort;
    const aborted = new Promise((resolve) => {
        onAbort = () => resolve('aborted');
        signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
        // The approver gets a copy: it must not be able to change what the audit trail records.
        const answered = Promise.resolve()
            .then(() => approver(structuredClone(request), { signal }))
            .then((answer) => checked(answer), (error) => (error instanceof Error ? error : new Error(String(error))));
        return await Promise.race([answered, aborted]);
    }
    finally {
        if (onAbort)
            signal.removeEventListener('abort', onAbort);
    }
}
/**
 * The answer read once into a plain object: an approver returning a proxy, throwing getters or values that do
 * not serialize denies instead of throwing, and a getter cannot answer one thing here and another later.
 */
function checked(answer) {
    try {
        const given = answer;
        const decision = given?.decision;
        if (typeof decision !== 'string' || !DECISIONS.has(decision)) {
            return new Error(`it answered ${describe(answer)}, not a decision`);
        }
        const feedback = given?.feedback;
        const layer = given?.layer;
        const by = given?.by;
        return {
            decision: decision,
            // Feedback goes to the model: bounded like any other text it is handed.
            ...(typeof feedback === 'string' && feedback ? { feedback: feedback.slice(0, MAX_FEEDBACK) } : {}),
            ...(layer === 'user' || layer === 'project' ? { layer } : {}),
            ...(typeof by === 'string' && by ? { by } : {}),
        };
    }
    catch (error) {
        return new Error(`its answer could not be read (${error?.message ?? String(error)})`);
    }
}
function describe(value) {
    try {
        return JSON.stringify(value)?.slice(0, 80) ?? String(value);
    }
    catch {
        return typeof value;
    }
}
//# sourceMappingURL=broker.js.map