// Durability: a writer killed with SIGKILL mid-stream leaves a consistent database holding every event it
// reported as flushed, with no gap before the last one; a process that ends with events still queued gets
// every one written exactly once, and the store never keeps a finished process alive. Runs the built store
// (dist/) in a child process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/repo.js';
import { tempDir } from '../../support/temp.js';

const fixture = path.join(import.meta.dirname, 'fixtures', 'writer.mjs');
const built = existsSync(path.join(repoRoot, 'dist', 'store', 'index.js'));
if (!built)
  console.warn('durability.test.ts: dist/store is missing; run `npm run build` (npm test does) to run it.');

/** Start the writer, wait until it has reported `minFlushes` batches, SIGKILL it; the last reported seq. */
function killMidStream(file: string, minFlushes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fixture, file, 'stream'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    let stderr = '';
    let flushes = 0;
    let reported = 0;
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop()!; // a line cut by the kill is not a report
      for (const line of lines) {
        const match = /^flushed (\d+)$/.exec(line);
        if (!match) continue;
        reported = Math.max(reported, Number(match[1]));
        if (++flushes === minFlushes) child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited (${code}) before the kill: ${stderr}`));
      else resolve(reported);
    });
  });
}

/** Event seqs in row order: exactly 1..n means none missing, none twice, none out of order. */
function seqs(file: string): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT seq FROM events ORDER BY id').all() as { seq: number }[]).map((r) => r.seq);
  } finally {
    db.close();
  }
}

const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe.skipIf(!built)('SqliteStore under SIGKILL', () => {
  it.each([5, 40, 120])(
    'keeps every flushed event, gap-free, after a kill at batch %i',
    async (minFlushes) => {
      const file = path.join(tempDir(), 'handrail.db');
      const reported = await killMidStream(file, minFlushes);
      expect(reported).toBeGreaterThan(0);

      const db = new Database(file);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const seqs = (db.prepare('SELECT seq FROM events ORDER BY id').all() as { seq: number }[]).map(
        (r) => r.seq,
      );
      // Every reported event is there, and what is there is exactly 1..max: no gap, no duplicate, no torn batch.
      expect(seqs.length).toBeGreaterThanOrEqual(reported);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      // The side tables were written in the same transactions.
      const approvals = (db.prepare('SELECT count(*) AS n FROM approvals').get() as { n: number }).n;
      expect(approvals).toBe(Math.floor(seqs.length / 10));
      const outputs = (db.prepare('SELECT count(*) AS n FROM outputs').get() as { n: number }).n;
      expect(outputs).toBe(seqs.filter((s) => s % 10 !== 0 && s % 50 === 0).length);
      db.close();
    },
  );

  const run = (mode: string) => {
    const file = path.join(tempDir(), 'handrail.db');
    const child = spawnSync(process.execPath, [fixture, file, mode], { encoding: 'utf8', timeout: 20_000 });
    return { file, status: child.status, stderr: child.stderr };
  };

  it('writes what is still queued when the process exits without closing the store', () => {
    const r = run('exit-without-close');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(seqs(r.file)).toEqual(upTo(1000));
  });

  it('does not keep a finished process alive, and still writes what was queued', () => {
    const r = run('natural-exit');
    expect(r.status).toBe(0); // not killed by the timeout: the unref'd timer let the process end
    expect(seqs(r.file)).toEqual(upTo(3001));
  });
});
