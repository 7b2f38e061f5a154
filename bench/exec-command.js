// Per-call cost of `true` through exec_command (runtime pipeline + plan + session + exit), with the none
// backend and with bwrap, against a plain child_process.spawn measured in the same run. 50 runs each; p50
// and mean, each as a difference and a ratio against the plain spawn.
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRuntime, shellTools } from 'handrail';
import { BENCH_RUNTIME } from './runtime-options.js';
import { against, plainTrue, sampleRuns } from './spawn.js';

async function execTrue(sandbox, workspace, runs) {
  const runtime = createRuntime({ ...BENCH_RUNTIME, workspace, tools: shellTools(), sandbox });
  const turn = runtime.beginTurn();
  let n = 0;
  try {
    return await sampleRuns(runs, async () => {
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
    const plain = await sampleRuns(runs, () => plainTrue(workspace));
    const none = await execTrue('none', workspace, runs);
    let bwrap;
    try {
      bwrap = { ...against(plain, await execTrue('bwrap', workspace, runs)), goalMs: 15 };
    } catch (error) {
      bwrap = { unavailable: error.message };
    }
    return { runs, plain: { p50: plain.p50, mean: plain.mean }, none: against(plain, none), bwrap };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchExecCommand(), null, 2));
}
