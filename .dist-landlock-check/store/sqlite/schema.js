export const MIGRATIONS = [
    {
        version: 1,
        name: 'initial schema: threads, turns, events, outputs, approvals',
        sql: `
      CREATE TABLE threads (
        id TEXT PRIMARY KEY,
        first_ts INTEGER NOT NULL,
        last_ts INTEGER NOT NULL
      );
      CREATE TABLE turns (
        thread_id TEXT NOT NULL,
        id TEXT NOT NULL,
        started_ts INTEGER NOT NULL,
        last_ts INTEGER NOT NULL,
        ended_ts INTEGER,
        calls INTEGER,
        PRIMARY KEY (thread_id, id)
      );
      CREATE INDEX turns_by_id ON turns (id);
      CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        session TEXT NOT NULL,
        seq INTEGER NOT NULL,
        ts INTEGER NOT NULL,
        type TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        turn_id TEXT NOT NULL,
        call_id TEXT,
        payload TEXT NOT NULL
      );
      -- Only the log's two access paths: an index per lookup column costs about as much as the row itself
      -- (a call's events are found through its turn).
      CREATE INDEX events_by_thread ON events (thread_id, id);
      CREATE INDEX events_by_turn ON events (turn_id, id);
      CREATE TABLE outputs (
        id INTEGER PRIMARY KEY,
        thread_id TEXT NOT NULL,
        turn_id TEXT NOT NULL,
        call_id TEXT,
        path TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        ts INTEGER NOT NULL
      );
      CREATE INDEX outputs_by_turn ON outputs (thread_id, turn_id);
      CREATE TABLE approvals (
        request_id TEXT PRIMARY KEY,
        request_key TEXT,
        thread_id TEXT NOT NULL,
        turn_id TEXT NOT NULL,
        call_id TEXT,
        tool TEXT,
        action TEXT,
        summary TEXT,
        rule TEXT,
        suggested_rule TEXT,
        opened_ts INTEGER,
        resolved_ts INTEGER,
        decision TEXT,
        decided_by TEXT,
        feedback TEXT,
        duration_ms REAL
      );
      CREATE INDEX approvals_by_turn ON approvals (thread_id, turn_id);
      CREATE INDEX approvals_pending ON approvals (opened_ts) WHERE resolved_ts IS NULL;
    `,
    },
];
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
/** The version a database is at (0 for an empty file). */
export function schemaVersion(db) {
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
    if (!hasMeta)
        return 0;
    const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get();
    return row ? Number(row.value) : 0;
}
/** Bring a writable database up to SCHEMA_VERSION; refuses a database from a newer handrail. */
export function migrate(db, migrations = MIGRATIONS) {
    const target = migrations[migrations.length - 1]?.version ?? 0;
    const run = db.transaction(() => {
        db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_ts INTEGER NOT NULL
      );
    `);
        const current = schemaVersion(db);
        if (current > target)
            throw newerSchemaError(current, target);
        const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_ts) VALUES (?, ?, ?)');
        for (const migration of migrations) {
            if (migration.version <= current)
                continue;
            db.exec(migration.sql);
            record.run(migration.version, migration.name, Date.now());
        }
        db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(String(target));
        return target;
    });
    return run.immediate();
}
export function newerSchemaError(found, supported) {
    return new Error(`The handrail database has schema version ${found}, newer than this handrail supports (${supported}). Upgrade handrail, or use another database file.`);
}
//# sourceMappingURL=schema.js.map