// handrail's state directory as sandboxed commands see it, while other processes use the audit database.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bwrapBackend, isRoot, own, run, TEST_UID, workspace } from '../process/helpers.js';

const backend = await bwrapBackend();
const hasBwrap = backend.status().state !== 'unavailable';
const require = createRequire(import.meta.url);

/** What the runtime denies commands: the audit database and its companions (see core/runtime.ts). */
function auditFiles(stateDir: string): string[] {
  return ['', '-wal', '-shm', '-journal'].map((suffix) => path.join(stateDir, `handrail.db${suffix}`));
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/**
 * Another handrail process's store, over and over: open the database (WAL), write a row, close. Each cycle
 * creates and deletes handrail.db-wal and -shm (and -journal when it creates the database), as `handrail
 * call` processes beside a server do. Runs as the workspace owner, like the user's own processes.
 */
function churn(db: string): ChildProcess {
  const script = `
    const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
    for (;;) {
      const db = new Database(${JSON.stringify(db)}, { timeout: 5000 });
      db.pragma('journal_mode = WAL');
      db.exec('CREATE TABLE IF NOT EXISTS t (x TEXT)');
      db.prepare('INSERT INTO t VALUES (?)').run('secret-row-' + Date.now());
      db.close();
    }`;
  const command = isRoot
    ? ['setpriv', `--reuid=${TEST_UID}`, `--regid=${TEST_UID}`, '--clear-groups', process.execPath]
    : [process.execPath];
  const child = spawn(command[0]!, [...command.slice(1), '-e', script], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe.skipIf(!hasBwrap)('bwrap: the state directory beside other processes', () => {
  it("commands never fail on, nor see, another process's SQLite journal coming and going", async () => {
    const ws = workspace();
    const stateDir = path.join(ws, '.handrail');
    mkdirSync(stateDir, { mode: 0o700 });
    own(stateDir);
    mkdirSync(path.join(stateDir, 'outputs'));
    own(path.join(stateDir, 'outputs'));
    churn(path.join(stateDir, 'handrail.db'));
    // Let the database exist before the first command.
    for (let i = 0; i < 100; i++) {
      try {
        statSync(path.join(stateDir, 'handrail.db'));
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const cmd = 'ls -a .handrail | tr "\\n" " "; cat .handrail/handrail.db* 2>/dev/null | wc -c';
    const outcomes: string[] = [];
    for (let wave = 0; wave < 4; wave++) {
      const runs = await Promise.all(
        Array.from({ length: 8 }, () => run(ws, cmd, { backend, stateDir, denyRead: auditFiles(stateDir) })),
      );
      for (const r of runs) outcomes.push(`${r.exit.code} ${r.stdout.trim()}${r.stderr.trim()}`);
    }
    // Saved outputs and the .gitignore are there to read; the database and its companions never are.
    expect(new Set(outcomes)).toEqual(new Set(['0 . .. .gitignore outputs 0']));
  });

  it('a missing state directory is made (0700, with a .gitignore) before the command, never held by a placeholder', async () => {
    const ws = workspace();
    const stateDir = path.join(ws, '.handrail');
    const r = await run(
      ws,
      'ls -a .handrail 2>&1 | tr "\\n" " "; touch .handrail/x 2>/dev/null || echo read-only',
      {
        backend,
        stateDir,
        denyRead: auditFiles(stateDir),
      },
    );
    // As root the directory is root's (0700): the command, run as the workspace owner, cannot look in.
    expect(r.stdout).toBe(
      isRoot
        ? "ls: cannot open directory '.handrail': Permission denied read-only\n"
        : '. .. .gitignore read-only\n',
    );
    const stat = statSync(stateDir);
    expect(stat.mode & 0o777).toBe(0o700);
    expect(stat.uid).toBe(process.geteuid?.());
    expect(readFileSync(path.join(stateDir, '.gitignore'), 'utf8')).toBe('*\n');
  });
});
