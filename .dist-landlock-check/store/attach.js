// Wiring between the runtime's event bus and a store, plus the `store` option of createRuntime.
import path from 'node:path';
import { MemoryStore } from './memory-store.js';
import { SqliteStore } from './sqlite/store.js';
/** The database file name under the state directory. */
export const DEFAULT_DB_FILE = 'handrail.db';
/** Subscribe a store to a bus; returns detach (which flushes what the store has queued). */
export function attachStore(bus, store) {
    const off = bus.on((event) => store.record(event));
    return () => {
        off();
        store.flushSync();
    };
}
/**
 * Resolve the `store` option: undefined or 'sqlite' → `<stateDir>/handrail.db`; `{ path }` → that file
 * (relative to the state directory); 'memory' → a MemoryStore; false → none; an EventStore → itself.
 */
export function resolveStore(option, stateDir) {
    if (option === false)
        return undefined;
    if (option === undefined || option === 'sqlite') {
        return new SqliteStore({ path: path.join(stateDir, DEFAULT_DB_FILE) });
    }
    if (option === 'memory')
        return new MemoryStore();
    if (isEventStore(option))
        return option;
    const { path: file, ...rest } = option;
    return new SqliteStore({ ...rest, path: path.resolve(stateDir, file ?? DEFAULT_DB_FILE) });
}
export function isEventStore(value) {
    const v = value;
    return (typeof v === 'object' &&
        v !== null &&
        typeof v.record === 'function' &&
        typeof v.flushSync === 'function' &&
        typeof v.close === 'function');
}
//# sourceMappingURL=attach.js.map