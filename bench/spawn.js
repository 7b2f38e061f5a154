// Per-command overhead of running `true`: plain child_process.spawn, against spawnPlanned with the `none`
// backend and with bwrap (plan + spawn + exit + cleanup each time). 50 runs each, same process; p50 and mean,
// each as a difference and a ratio against the plain spawn. Goal: bwrap adds at most 15 ms over a plain spawn.
import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The sandbox is not part of the package's public entry: import it from the build, through its front door.
import {
  buildProcessSpawnPlan,
  createBwrapBackend,
  createFileAccess,
  createNoneBackend,
  selectBackend,
  spawnPlanned,
} from '../dist/sandbox/index.js';

/** p50 and mean of `runs` awaited calls of `once` (after three warm-up calls); `once` may return a side figure. */
export async function sampleRuns(runs, once) {
  for (let i = 0; i < 3; i++) await once();
  const samples = [];
  const sides = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const side = await once();
    samples.push(performance.now() - start);
    if (typeof side === 'number') sides.push(side);
  }
  return { ...stats(samples), side: sides.length > 0 ? stats(sides).p50 : undefined };
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: sorted[Math.floor(sorted.length / 2)],
    mean: values.reduce((a, b) => a + b, 0) / values.length,
  };
}

/** A run's figures against the plain spawn's: p50 and mean, each as a difference and a ratio. */
export function against(plain, r) {
  return {
    p50: r.p50,
    mean: r.mean,
    p50OverheadMs: r.p50 - plain.p50,
    meanOverheadMs: r.mean - plain.mean,
    p50Ratio: r.p50 / plain.p50,
    meanRatio: r.mean / plain.mean,
  };
}

export function plainTrue(cwd) {
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
    const plain = await sampleRuns(runs, () => plainTrue(workspace));
    const none = await sampleRuns(runs, () => plannedTrue(files, createNoneBackend()));
    const bwrapBackend = await selectBackend('bwrap');
    const bwrapState = bwrapBackend.status();
    const available = bwrapState.state !== 'unavailable';
    const bwrap = available
      ? await sampleRuns(runs, () => plannedTrue(files, bwrapBackend))
      : { unavailable: bwrapState.reason };
    // The share of the read-only placeholder mounts that keep protected names from being created.
    const bare = available
      ? await sampleRuns(runs, () => plannedTrue(files, createBwrapBackend({ placeholders: false })))
      : undefined;
    return {
      runs,
      plain: { p50: plain.p50, mean: plain.mean },
      none: { ...against(plain, none), planMs: none.side },
      bwrap:
        'unavailable' in bwrap
          ? bwrap
          : {
              ...against(plain, bwrap),
              planMs: bwrap.side,
              goalMs: 15,
              withoutPlaceholders: bare ? against(plain, bare) : undefined,
            },
    };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchSpawn(), null, 2));
}
