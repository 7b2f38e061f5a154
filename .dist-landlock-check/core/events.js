/** Per-iterator buffer cap: a consumer that stops reading loses the oldest events, never memory. */
const DEFAULT_ITERATOR_BUFFER = 10_000;
/** Events queued for deferred delivery before a synchronous flush. */
const MAX_PENDING = 4096;
/**
 * The runtime's event stream. Delivery is deferred to a macrotask so that a slow or throwing subscriber
 * never delays or breaks a call: `emit` only appends to a queue. Listener errors are counted, not thrown.
 */
export class EventBus {
    seq = 0;
    listeners = new Set();
    pending = [];
    flushScheduled = false;
    closed = false;
    iterators = new Set();
    /** Errors thrown (or rejected) by listeners, for diagnostics. */
    listenerErrors = 0;
    /** Whether anyone listens; emitters may skip building payloads when not. */
    get hasSubscribers() {
        return this.listeners.size > 0 || this.iterators.size > 0;
    }
    emit(type, ids, payload) {
        const seq = ++this.seq;
        if (this.closed || !this.hasSubscribers)
            return;
        const event = {
            type,
            seq,
            ts: Date.now(),
            threadId: ids.threadId,
            turnId: ids.turnId,
            payload,
        };
        if (ids.callId !== undefined)
            event.callId = ids.callId;
        this.pending.push(event);
        // A caller that never yields to the event loop (a tight loop of synchronous tools) must not grow the
        // queue without bound: past the cap, deliver now.
        if (this.pending.length >= MAX_PENDING) {
            this.flush();
            return;
        }
        if (!this.flushScheduled) {
            this.flushScheduled = true;
            setImmediate(this.flush);
        }
    }
    /** Subscribe a listener; returns the unsubscribe function. */
    on(listener) {
        this.listeners.add(listener);
        return () => {
            this.listeners.delete(listener);
        };
    }
    /** An async iterator over events from now on, with a bounded buffer. */
    subscribe(opts = {}) {
        const iterator = new EventIterator(opts.bufferSize ?? DEFAULT_ITERATOR_BUFFER, () => this.iterators.delete(iterator));
        if (this.closed)
            iterator.finish();
        else
            this.iterators.add(iterator);
        opts.signal?.addEventListener('abort', () => iterator.finish(), { once: true });
        return iterator;
    }
    [Symbol.asyncIterator]() {
        return this.subscribe();
    }
    /** Deliver what is queued, then end every iterator. */
    close() {
        if (this.closed)
            return;
        this.flush();
        this.closed = true;
        for (const iterator of this.iterators)
            iterator.finish();
        this.iterators.clear();
        this.listeners.clear();
    }
    flush = () => {
        this.flushScheduled = false;
        const batch = this.pending;
        if (batch.length === 0)
            return;
        this.pending = [];
        for (const event of batch) {
            for (const listener of this.listeners) {
                try {
                    const ret = listener(event);
                    if (ret && typeof ret.then === 'function') {
                        ret.then(undefined, () => {
                            this.listenerErrors++;
                        });
                    }
                }
                catch {
                    this.listenerErrors++;
                }
            }
            for (const iterator of this.iterators)
                iterator.push(event);
        }
    };
}
/** One consumer's view of the stream: a ring-like bounded queue. */
export class EventIterator {
    bufferSize;
    onFinish;
    queue = [];
    head = 0;
    /** Consumers waiting in next(), oldest first (overlapping next() calls each get their own event). */
    waiters = [];
    done = false;
    /** Events dropped because this consumer fell more than `bufferSize` behind. */
    dropped = 0;
    constructor(bufferSize, onFinish) {
        this.bufferSize = bufferSize;
        this.onFinish = onFinish;
    }
    push(event) {
        if (this.done)
            return;
        const waiter = this.waiters.shift();
        if (waiter) {
            waiter({ value: event, done: false });
            return;
        }
        this.queue.push(event);
        if (this.queue.length - this.head > this.bufferSize) {
            this.head++;
            this.dropped++;
        }
        // Compact occasionally so the array does not grow with dropped or consumed entries.
        if (this.head > 1024 && this.head * 2 > this.queue.length) {
            this.queue = this.queue.slice(this.head);
            this.head = 0;
        }
    }
    next() {
        if (this.head < this.queue.length) {
            const value = this.queue[this.head++];
            return Promise.resolve({ value, done: false });
        }
        if (this.done)
            return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
            this.waiters.push(resolve);
        });
    }
    return() {
        this.finish();
        return Promise.resolve({ value: undefined, done: true });
    }
    finish() {
        if (this.done)
            return;
        this.done = true;
        this.onFinish();
        for (const waiter of this.waiters.splice(0))
            waiter({ value: undefined, done: true });
    }
    [Symbol.asyncIterator]() {
        return this;
    }
}
//# sourceMappingURL=events.js.map