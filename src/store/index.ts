export {
  attachStore,
  DEFAULT_DB_FILE,
  type EventSource,
  isEventStore,
  resolveStore,
  type StoreOption,
} from './attach.js';
export { MemoryStore, type MemoryStoreOptions } from './memory-store.js';
export { NoDatabaseError, openReader, type StoreReader } from './sqlite/reader.js';
export { MIGRATIONS, type Migration, migrate, SCHEMA_VERSION, schemaVersion } from './sqlite/schema.js';
export { SqliteStore, type SqliteStoreOptions } from './sqlite/store.js';
export { createPrivateDir, ensureStateDir, refuseLink, stateDirProblem } from './state-dir.js';
export { renderEvent, type TimelineState, timelineState } from './timeline.js';
export type {
  ApprovalDecision,
  ApprovalQuery,
  ApprovalRow,
  EventQuery,
  EventStore,
  OutputRow,
  StoredEvent,
  StoreHealth,
  ThreadRow,
  TurnRow,
} from './types.js';
