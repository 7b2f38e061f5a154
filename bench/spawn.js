// Per-command overhead of running `true`: plain child_process.spawn, against spawnPlanned with the `none`
// backend and with bwrap (plan + spawn + exit + cleanup each time). Median of 50 runs each, same process.
// Goal: bwrap adds at most 15 ms over a plain spawn.
import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The sandbox modules are not part of the package's public entry yet: import them from the build.
import { createBwrapBackend, createNoneBackend, selectBackend } from '../dist/sandbox/backends/index.js';
import { createFileAccess } from '../dist/sandbox/index.js';
import { buildProcessSpawnPlan, spawnPlanned } from '../dist/sandbox/process/index.js';

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeRuns(runs, once) {
  for (let i = 0; i < 3; i++) await once(); // warm up
  const samples = [];
  const plans = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const planMs = await once();
    samples.push(performance.now() - start);
    if (typeof planMs === 'number') plans.push(planMs);
  }
  return { ms: median(samples), planMs: plans.length > 0 ? median(plans) : undefined };
}

function plainTrue(cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn('true', [], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.once('error', reject);
    child.once('close', () => resolve());
  });
}

async function plannedTrue(files, backend) {
  const start = performance.now();
  const result = await buildProcessSpawnPlan(
    { cmd: 'true' },
    { files, backend, profile: { network: false } },
  );
  if (!result.ok) throw new Error(result.message);
  const planMs = performance.now() - start;
  const exit = await spawnPlanned(result.plan).exit;
  if (exit.code !== 0) throw new Error(`true exited with ${exit.code}`);
  return planMs;
}

export async function benchSpawn({ runs = 50 } = {}) {
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-spawn-'));
  // As root, commands run as the workspace owner: give it one, as a deployment would.
  if (process.geteuid?.() === 0) chownSync(workspace, 4242, 4242);
  try {
    const files = createFileAccess({ roots: [{ path: workspace, access: 'write' }] });
    const plain = await timeRuns(runs, () => plainTrue(workspace));
    const none = await timeRuns(runs, () => plannedTrue(files, createNoneBackend()));
    const bwrapBackend = await selectBackend('bwrap');
    const bwrapState = bwrapBackend.status();
    const available = bwrapState.state !== 'unavailable';
    const bwrap = available
      ? await timeRuns(runs, () => plannedTrue(files, bwrapBackend))
      : { unavailable: bwrapState.reason };
    // The share of the 13 read-only placeholder mounts that keep protected names from being created.
    const bare = available
      ? await timeRuns(runs, () => plannedTrue(files, createBwrapBackend({ placeholders: false })))
      : undefined;
    return {
      runs,
      plainMs: plain.ms,
      none: { ms: none.ms, planMs: none.planMs, overheadMs: none.ms - plain.ms },
      bwrap:
        'unavailable' in bwrap
          ? bwrap
          : {
              ms: bwrap.ms,
              planMs: bwrap.planMs,
              overheadMs: bwrap.ms - plain.ms,
              goalMs: 15,
              withoutPlaceholdersOverheadMs: bare ? bare.ms - plain.ms : undefined,
            },
    };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchSpawn(), null, 2));
}
