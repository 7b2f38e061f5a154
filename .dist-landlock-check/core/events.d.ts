import type { HandrailEvent, HandrailEventType } from '../types/index.js';
export type EventListener = (event: HandrailEvent) => unknown;
/**
 * The runtime's event stream. Delivery is deferred to a macrotask so that a slow or throwing subscriber
 * never delays or breaks a call: `emit` only appends to a queue. Listener errors are counted, not thrown.
 */
export declare class EventBus implements AsyncIterable<HandrailEvent> {
    private seq;
    private readonly listeners;
    private pending;
    private flushScheduled;
    private closed;
    private readonly iterators;
    /** Errors thrown (or rejected) by listeners, for diagnostics. */
    listenerErrors: number;
    /** Whether anyone listens; emitters may skip building payloads when not. */
    get hasSubscribers(): boolean;
    emit(type: HandrailEventType, ids: {
        threadId: string;
        turnId: string;
        callId?: string;
    }, payload: Record<string, unknown>): void;
    /** Subscribe a listener; returns the unsubscribe function. */
    on(listener: EventListener): () => void;
    /** An async iterator over events from now on, with a bounded buffer. */
    subscribe(opts?: {
        bufferSize?: number;
        signal?: AbortSignal;
    }): EventIterator;
    [Symbol.asyncIterator](): AsyncIterator<HandrailEvent>;
    /** Deliver what is queued, then end every iterator. */
    close(): void;
    private readonly flush;
}
/** One consumer's view of the stream: a ring-like bounded queue. */
export declare class EventIterator implements AsyncIterableIterator<HandrailEvent> {
    private readonly bufferSize;
    private readonly onFinish;
    private queue;
    private head;
    /** Consumers waiting in next(), oldest first (overlapping next() calls each get their own event). */
    private readonly waiters;
    private done;
    /** Events dropped because this consumer fell more than `bufferSize` behind. */
    dropped: number;
    constructor(bufferSize: number, onFinish: () => void);
    push(event: HandrailEvent): void;
    next(): Promise<IteratorResult<HandrailEvent>>;
    return(): Promise<IteratorResult<HandrailEvent>>;
    finish(): void;
    [Symbol.asyncIterator](): this;
}
