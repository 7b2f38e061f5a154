import type { HandrailEvent } from '../types/index.js';
import { type SqliteStoreOptions } from './sqlite/store.js';
import type { EventStore } from './types.js';
/** The database file name under the state directory. */
export declare const DEFAULT_DB_FILE = "handrail.db";
/** What `createRuntime({ store })` accepts. */
export type StoreOption = 'sqlite' | 'memory' | false | ({
    path?: string;
} & Partial<Omit<SqliteStoreOptions, 'path'>>) | EventStore;
/** Anything with the bus's `on` (the EventBus), so the store does not depend on core. */
export interface EventSource {
    on(listener: (event: HandrailEvent) => unknown): () => void;
}
/** Subscribe a store to a bus; returns detach (which flushes what the store has queued). */
export declare function attachStore(bus: EventSource, store: EventStore): () => void;
/**
 * Resolve the `store` option: undefined or 'sqlite' → `<stateDir>/handrail.db`; `{ path }` → that file
 * (relative to the state directory); 'memory' → a MemoryStore; false → none; an EventStore → itself.
 */
export declare function resolveStore(option: StoreOption | undefined, stateDir: string): EventStore | undefined;
export declare function isEventStore(value: unknown): value is EventStore;
