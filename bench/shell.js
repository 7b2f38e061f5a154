// Shell tools under load, against plain child_process.spawn measured in the same run:
//   (a) `seq 1 5000000` (~39 MB of output) through exec_command with the none backend and with bwrap:
//       wall time, and the peak RSS growth of the runtime process during the call (memory must stay
//       bounded: the session keeps a 1 MiB head+tail buffer however much the command prints);
//   (b) 64 concurrent sessions (`sleep 5`, yield_time_ms 250): time to start them all and to close them
//       with turn.end(), against 64 plain spawns started together and killed by process group.
//
// Method for (a): every measurement runs in a fresh child process (node --expose-gc) that loads its
// implementation, warms it up with a small `seq`, runs gc(), resets the kernel's peak-RSS mark (writing 5
// to /proc/self/clear_refs resets VmHWM), runs one `seq 1 5000000` and reads VmHWM. "peakDeltaMiB" is VmHWM
// during the call minus VmRSS just before it; the same child then repeats this for `seq 1 20000000` (4× the
// output) to show the peak does not follow the output size. Children are interleaved; figures are medians.
// Note: 64 concurrent calls in one turn make Node warn (MaxListenersExceededWarning) about the turn's
// AbortSignal: src/core/execute.ts adds one abort listener per call in flight.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRuntime, shellTools } from 'handrail';
import { BENCH_RUNTIME } from './runtime-options.js';

const SEQ_N = 5_000_000;
/** Four times the output: a bounded buffer keeps the peak where it was. */
const SEQ_BIG = 20_000_000;
const SESSIONS = 64;
const MiB = 1024 * 1024;
const self = fileURLToPath(import.meta.url);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A workspace the sandboxed command can use: owned by an unprivileged uid when running as root. */
function makeWorkspace(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.geteuid?.() === 0) chownSync(dir, 4242, 4242);
  return dir;
}

async function bwrapWorks(workspace) {
  const runtime = createRuntime({ ...BENCH_RUNTIME, workspace, tools: shellTools(), sandbox: 'bwrap' });
  try {
    const result = await runtime
      .beginTurn()
      .call({ id: 'probe', name: 'exec_command', arguments: { cmd: 'true' } });
    const text = result.content[0]?.text ?? '';
    return result.isError || !text.includes('Process exited with code 0') ? text.split('\n')[0] : true;
  } finally {
    await runtime.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// (a) seq 1 5000000

function measureInChild(impl, workspace) {
  const out = execFileSync(process.execPath, ['--expose-gc', self, '--child', impl, workspace], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

async function benchSeq(impls, workspace, runs) {
  const samples = Object.fromEntries(impls.map((impl) => [impl, []]));
  for (let i = 0; i < runs; i++) {
    for (const impl of impls) samples[impl].push(measureInChild(impl, workspace));
  }
  const out = { command: `seq 1 ${SEQ_N}`, outputMiB: samples.plain[0].bytes / MiB, runs };
  for (const impl of impls) {
    const list = samples[impl];
    out[impl] = {
      ms: median(list.map((s) => s.ms)),
      peakDeltaMiB: median(list.map((s) => s.peakDeltaMiB)),
      maxPeakDeltaMiB: Math.max(...list.map((s) => s.peakDeltaMiB)),
      resultBytes: median(list.map((s) => s.resultBytes ?? 0)),
      // The same at 4× the output (seq 1 20000000): growth here would mean memory follows the output.
      peakDeltaMiBAt4x: median(list.map((s) => s.peakBigDeltaMiB)),
    };
    if (impl !== 'plain') {
      out[impl].timeVsPlain = out[impl].ms / out.plain.ms;
      out[impl].throughputMiBps = out.outputMiB / (out[impl].ms / 1000);
      out[impl].peakDeltaVsOutput = out[impl].peakDeltaMiB / out.outputMiB;
    }
  }
  out.plain.throughputMiBps = out.outputMiB / (out.plain.ms / 1000);
  return out;
}

const statusKB = (field) =>
  Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))[1]);

/** One implementation of "run seq 1 N to the end": returns what the caller got back. */
function loadImpl(impl, workspace) {
  if (impl === 'plain') {
    return (n) =>
      new Promise((resolve, reject) => {
        const child = spawn('seq', ['1', String(n)], { cwd: workspace, stdio: ['ignore', 'pipe', 'ignore'] });
        let bytes = 0;
        child.stdout.on('data', (chunk) => {
          bytes += chunk.length; // read and discarded
        });
        child.once('error', reject);
        child.once('close', (code) => (code === 0 ? resolve({ bytes }) : reject(new Error(`seq: ${code}`))));
      });
  }
  const runtime = createRuntime({ ...BENCH_RUNTIME, workspace, tools: shellTools(), sandbox: impl });
  const turn = runtime.beginTurn();
  let id = 0;
  return async (n) => {
    const result = await turn.call({
      id: `s${++id}`,
      name: 'exec_command',
      arguments: { cmd: `seq 1 ${n}`, yield_time_ms: 30_000, timeout_ms: 120_000 },
    });
    const text = result.content[0]?.text ?? '';
    if (result.isError || !text.includes('Process exited with code 0')) throw new Error(text.slice(0, 500));
    return { resultBytes: Buffer.byteLength(text) };
  };
}

async function child(impl, workspace) {
  const run = loadImpl(impl, workspace);
  await run(1000);
  await run(1000);
  globalThis.gc();
  globalThis.gc();
  writeFileSync('/proc/self/clear_refs', '5');
  const before = statusKB('VmRSS');
  const t0 = process.hrtime.bigint();
  const got = await run(SEQ_N);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const peak = statusKB('VmHWM');
  globalThis.gc();
  globalThis.gc();
  writeFileSync('/proc/self/clear_refs', '5');
  const beforeBig = statusKB('VmRSS');
  await run(SEQ_BIG);
  const peakBig = (statusKB('VmHWM') - beforeBig) / 1024;
  console.log(
    JSON.stringify({ impl, ms, peakDeltaMiB: (peak - before) / 1024, peakBigDeltaMiB: peakBig, ...got }),
  );
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------------------
// (b) 64 concurrent sessions

/** Live processes whose command line contains `needle`. */
function processesWith(needle) {
  let n = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, 'latin1').replaceAll('\0', ' ').includes(needle)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      if (!stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) n++;
    } catch {
      // exited while listed
    }
  }
  return n;
}

async function waitUntil(check, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

async function plainSessions(workspace) {
  const t0 = performance.now();
  const children = await Promise.all(
    Array.from(
      { length: SESSIONS },
      () =>
        new Promise((resolve, reject) => {
          const child = spawn('sleep', ['5'], {
            cwd: workspace,
            stdio: ['pipe', 'pipe', 'pipe'],
            detached: true,
          });
          child.stdout.resume();
          child.stderr.resume();
          child.once('error', reject);
          child.once('spawn', () => resolve(child));
        }),
    ),
  );
  const startMs = performance.now() - t0;
  const t1 = performance.now();
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.once('close', resolve);
          process.kill(-child.pid, 'SIGTERM');
        }),
    ),
  );
  return { startMs, closeMs: performance.now() - t1 };
}

async function execSessions(sandbox, workspace) {
  const runtime = createRuntime({ ...BENCH_RUNTIME, workspace, tools: shellTools(), sandbox });
  try {
    // Warm up the backend (bwrap is probed on first use) outside the measurement.
    await runtime.beginTurn().call({ id: 'w', name: 'exec_command', arguments: { cmd: 'true' } });
    const turn = runtime.beginTurn();
    const secs = String(5 + Math.floor(Math.random() * 1000) / 1000);
    const t0 = performance.now();
    const results = await Promise.all(
      Array.from({ length: SESSIONS }, (_, i) =>
        turn.call({
          id: `p${i}`,
          name: 'exec_command',
          arguments: { cmd: `sleep ${secs}`, yield_time_ms: 250 },
        }),
      ),
    );
    const startMs = performance.now() - t0;
    const running = results.filter((r) => /Process running with session ID/.test(r.content[0]?.text ?? ''));
    const live = processesWith(`sleep ${secs}`);
    const t1 = performance.now();
    await turn.end();
    const closeMs = performance.now() - t1;
    const gone = await waitUntil(() => processesWith(`sleep ${secs}`) === 0);
    if (running.length !== SESSIONS) {
      const other = results.find((r) => !/Process running/.test(r.content[0]?.text ?? ''));
      throw new Error(`${running.length}/${SESSIONS} sessions running: ${other?.content[0]?.text}`);
    }
    return {
      startMs,
      startMinusYieldMs: startMs - 250,
      closeMs,
      liveProcesses: live,
      leftoversAfterEnd: !gone,
    };
  } finally {
    await runtime.close();
  }
}

async function benchSessions(sandboxes, workspace) {
  const plain = await plainSessions(workspace);
  const out = { sessions: SESSIONS, yieldTimeMs: 250, plain };
  for (const sandbox of sandboxes) {
    const r = await execSessions(sandbox, workspace);
    out[sandbox] = {
      ...r,
      startVsPlain: r.startMs / plain.startMs,
      closeVsPlain: r.closeMs / plain.closeMs,
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------

export async function benchShell({ runs = 5 } = {}) {
  const workspace = makeWorkspace('handrail-bench-shell-');
  try {
    const bwrap = await bwrapWorks(workspace);
    const sandboxes = bwrap === true ? ['none', 'bwrap'] : ['none'];
    const result = {
      method: 'seq: child process per run, VmHWM reset before the call, medians; sessions: in process',
      bwrap: bwrap === true ? 'ready' : `unavailable: ${bwrap}`,
    };
    result.seq = await benchSeq(['plain', ...sandboxes], workspace, runs);
    result.sessions = await benchSessions(sandboxes, workspace);
    return result;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child' && process.argv[1] === self) {
  await child(process.argv[3], process.argv[4]);
} else if (process.argv[1] === self) {
  console.log(JSON.stringify(await benchShell(), null, 2));
}
