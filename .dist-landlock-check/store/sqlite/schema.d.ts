import type Database from 'better-sqlite3';
export interface Migration {
    version: number;
    name: string;
    sql: string;
}
export declare const MIGRATIONS: readonly Migration[];
export declare const SCHEMA_VERSION: number;
/** The version a database is at (0 for an empty file). */
export declare function schemaVersion(db: Database.Database): number;
/** Bring a writable database up to SCHEMA_VERSION; refuses a database from a newer handrail. */
export declare function migrate(db: Database.Database, migrations?: readonly Migration[]): number;
export declare function newerSchemaError(found: number, supported: number): Error;
