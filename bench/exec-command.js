// Per-call cost of `true` through exec_command (runtime pipeline + plan + session + exit), with the none
// backend and with bwrap, against a plain child_process.spawn measured in the same run. Median of 50.
import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRuntime, shellTools } from 'handrail';
import { BENCH_RUNTIME } from './runtime-options.js';
import { timeRuns } from './timing.js';

function plainTrue(cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn('true', [], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.once('error', reject);
    child.once('close', () => resolve());
  });
}

async function execTrue(sandbox, workspace, runs) {
  const runtime = createRuntime({ ...BENCH_RUNTIME, workspace, tools: shellTools(), sandbox });
  const turn = runtime.beginTurn();
  let n = 0;
  try {
    return await timeRuns(runs, async () => {
      const result = await turn.call({ id: `b${++n}`, name: 'exec_command', arguments: { cmd: 'true' } });
      const text = result.content[0]?.text ?? '';
      if (result.isError || !text.includes('Process exited with code 0')) throw new Error(text);
    });
  } finally {
    await runtime.close();
  }
}

export async function benchExecCommand({ runs = 50 } = {}) {
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-exec-'));
  if (process.geteuid?.() === 0) chownSync(workspace, 4242, 4242);
  try {
    const plainMs = await timeRuns(runs, () => plainTrue(workspace));
    const noneMs = await execTrue('none', workspace, runs);
    let bwrap;
    try {
      const ms = await execTrue('bwrap', workspace, runs);
      bwrap = { ms, overheadMs: ms - plainMs, goalMs: 15 };
    } catch (error) {
      bwrap = { unavailable: error.message };
    }
    return { runs, plainMs, none: { ms: noneMs, overheadMs: noneMs - plainMs }, bwrap };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchExecCommand(), null, 2));
}
