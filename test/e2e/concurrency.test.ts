// Several handrail processes on one workspace (two MCP clients, `handrail call` beside `handrail serve`, a CI
// job beside an editor): real processes, real bwrap, real SQLite. Runs the built package (dist/).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/repo.js';
import { bwrapReady } from '../support/sandbox.js';
import { sharedTempDir } from '../support/temp.js';
import { isRoot, own, TEST_UID } from '../support/users.js';

const dist = path.join(repoRoot, 'dist');
const worker = path.join(repoRoot, 'test', 'e2e', 'fixtures', 'concurrent-worker.mjs');
const built = existsSync(path.join(dist, 'index.js'));
if (!built) console.warn('dist/ is missing: run `npm run build` for the concurrency test.');

interface Result {
  dir: string;
  isError: boolean;
  text: string;
}

/** The pids of the handrail processes this file started (other files' processes run beside them). */
const ours = new Set<number>();

/** One handrail process: COUNT commands at once, each sleeping `sleep` seconds before its attack. */
function handrail(ws: string, id: number, count: number, sleep: number): Promise<Result[]> {
  const args = [worker, dist, ws, String(id), String(count), String(sleep)];
  const [command, ...rest] = isRoot
    ? ['setpriv', `--reuid=${TEST_UID}`, `--regid=${TEST_UID}`, '--clear-groups', process.execPath, ...args]
    : [process.execPath, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(command!, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    // setpriv execs node: the child's pid is the handrail process's, which its run directories are named by.
    if (child.pid !== undefined) ours.add(child.pid);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`handrail process ${id} exited with ${code}: ${err}`));
      else resolve(JSON.parse(out) as Result[]);
    });
  });
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(!built || !bwrapReady)('several handrail processes on one workspace', () => {
  it('four processes × 20 concurrent commands: all succeed, every protected path created is reported, no placeholder is lost', async () => {
    // As root, the workspace belongs to TEST_UID and the processes run as that ordinary user.
    const ws = sharedTempDir('handrail-multi-');
    own(ws);
    const before = new Set(readdirSync(os.tmpdir()));
    // An editor's short commands first; once its placeholders exist, three longer-running processes start.
    // When the first one ends it must not take away placeholders the others' sandboxes rely on.
    const first = handrail(ws, 0, 20, 0.1);
    await until(() => existsSync(path.join(ws, '.yarnrc.yml')), 15_000);
    const others = [1, 2, 3].map((id) => handrail(ws, id, 20, 2));
    const results = (await Promise.all([first, ...others])).flat();

    expect(results).toHaveLength(80);
    const failed = results.filter((r) => r.isError || !r.text.includes('done'));
    expect(failed).toEqual([]);
    // Each command's own protected file is reported to it, whichever process ran it.
    const unreported = results.filter((r) => !r.text.includes(`${r.dir}/.envrc`));
    expect(unreported.map((r) => r.dir)).toEqual([]);
    // No command could remove a placeholder and create the top-level name it held.
    const created = results.filter((r) => /created-(yarnrc|envrc)/.test(r.text));
    expect(created.map((r) => r.dir)).toEqual([]);
    // The state directory as commands see it: never the audit database.
    expect(results.filter((r) => r.text.includes('handrail.db'))).toEqual([]);
    // Nothing left behind: no placeholder, no protected file at the top.
    expect(readdirSync(ws).sort()).toEqual(['.handrail', 'd']);
    // Only this test's processes' run directories count: another file's (a serve process it SIGKILLed on
    // purpose, whose leftovers the next start sweeps) may sit beside them when files run in parallel.
    const runDirs = readdirSync(os.tmpdir()).filter((name) => name.startsWith('handrail-run-'));
    expect(runDirs.filter((name) => !before.has(name) && ours.has(Number(name.split('.')[2])))).toEqual([]);
    expect(ours.size).toBe(4);
  }, 90_000);
});
