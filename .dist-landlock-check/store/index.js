export { attachStore, DEFAULT_DB_FILE, isEventStore, resolveStore, } from './attach.js';
export { MemoryStore } from './memory-store.js';
export { NoDatabaseError, openReader } from './sqlite/reader.js';
export { MIGRATIONS, migrate, SCHEMA_VERSION, schemaVersion } from './sqlite/schema.js';
export { SqliteStore } from './sqlite/store.js';
export { createPrivateDir, ensureStateDir } from './state-dir.js';
export { renderEvent, timelineState } from './timeline.js';
//# sourceMappingURL=index.js.map