// A read-only connection for another process (`handrail log`): it never creates, migrates or locks the file.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { newerSchemaError, SCHEMA_VERSION, schemaVersion } from './schema.js';
import { SqliteQueries } from './sqlite-queries.js';

export class NoDatabaseError extends Error {
  constructor(readonly path: string) {
    super(`No handrail database at ${path}`);
    this.name = 'NoDatabaseError';
  }
}

export interface StoreReader {
  readonly path: string;
  readonly queries: SqliteQueries;
  close(): void;
}

/** Open a database for reading; a missing file is a NoDatabaseError, an empty or newer one an error. */
export function openReader(file: string, opts: { busyTimeoutMs?: number } = {}): StoreReader {
  if (!existsSync(file)) throw new NoDatabaseError(file);
  const db = new Database(file, {
    readonly: true,
    fileMustExist: true,
    timeout: opts.busyTimeoutMs ?? 2_000,
  });
  try {
    const version = schemaVersion(db);
    if (version === 0) throw new NoDatabaseError(file);
    if (version > SCHEMA_VERSION) throw newerSchemaError(version, SCHEMA_VERSION);
  } catch (error) {
    db.close();
    throw error;
  }
  return { path: file, queries: new SqliteQueries(db), close: () => db.close() };
}
