// Event store: SqliteStore inserts per second against raw better-sqlite3 inserts of the same rows; the core
// pipeline benchmark with and without the store attached; and whether writing on a worker thread would pay
// for itself: the store (batched, on the main thread) against the same batches handed to a worker thread
// that writes them with the store's own writer, under three loads, measured in the same run.
// Run alone: `node bench/store.js` (after `npm run build`); `npm run bench` runs it too.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createRuntime, defineTool } from 'handrail';
import { attachStore, SqliteStore } from '../dist/store/index.js';
import { DEFAULT_MAX_PAYLOAD_BYTES, toRow } from '../dist/store/rows.js';
import { median } from './timing.js';

/** A realistic call: started (arguments preview), permission decided, completed (result preview). */
function callEvents(seq, i) {
  const ids = { threadId: 'bench-thread', turnId: `turn-${Math.floor(i / 50)}`, callId: `call_${i}` };
  const ts = Date.now();
  return [
    {
      ...ids,
      type: 'tool/call/started',
      seq: seq + 1,
      ts,
      payload: {
        name: 'exec_command',
        arguments: JSON.stringify({ cmd: `npm test -- --grep case-${i}`, yield_time_ms: 10000 }),
      },
    },
    {
      ...ids,
      type: 'turn/permission/decided',
      seq: seq + 2,
      ts,
      payload: {
        tool: 'exec_command',
        action: 'shell_command',
        summary: `Run npm test -- --grep case-${i}`,
        behavior: 'allow',
        rule: 'exec_command(npm test:*)',
        layer: 'project',
        mode: 'supervised',
      },
    },
    {
      ...ids,
      type: 'tool/call/completed',
      seq: seq + 3,
      ts,
      payload: {
        name: 'exec_command',
        status: 'ok',
        isError: false,
        durationMs: 812.25,
        preview: `> handrail@0.1.0 test\n${'✓ test/some/file.test.ts (12 tests) 40ms\n'.repeat(10)}`.slice(
          0,
          500,
        ),
      },
    },
  ];
}

async function storeInserts(dir, calls) {
  const events = [];
  for (let i = 0; i < calls; i++) events.push(...callEvents(i * 3, i));
  const store = new SqliteStore({ path: path.join(dir, 'store.db') });
  store.record(events[0]);
  await store.flush(); // open + migrate outside the measurement
  const t0 = performance.now();
  // Bursts across macrotasks, as a bus delivers them, so the store batches on its own schedule.
  for (let i = 1; i < events.length; i += 300) {
    for (let k = i; k < Math.min(events.length, i + 300); k++) store.record(events[k]);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await store.flush();
  const seconds = (performance.now() - t0) / 1000;
  const health = store.health();
  await store.close();
  if (health.written !== events.length) throw new Error(`store wrote ${health.written} of ${events.length}`);
  return { events: events.length - 1, perSecond: (events.length - 1) / seconds, flushes: health.flushes };
}

/** Baseline: the same rows, already serialized, into one table with one prepared statement, 1,000 per txn. */
function rawInserts(dir, calls) {
  const rows = [];
  for (let i = 0; i < calls; i++) {
    for (const e of callEvents(i * 3, i)) {
      rows.push([e.seq, e.ts, e.type, e.threadId, e.turnId, e.callId, JSON.stringify(e.payload)]);
    }
  }
  const db = new Database(path.join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE events (id INTEGER PRIMARY KEY, seq INTEGER, ts INTEGER, type TEXT, thread_id TEXT,
           turn_id TEXT, call_id TEXT, payload TEXT)`);
  const insert = db.prepare(
    'INSERT INTO events (seq, ts, type, thread_id, turn_id, call_id, payload) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const batch = db.transaction((slice) => {
    for (const row of slice) insert.run(...row);
  });
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += 1000) batch(rows.slice(i, i + 1000));
  const seconds = (performance.now() - t0) / 1000;
  db.close();
  return { events: rows.length, perSecond: rows.length / seconds };
}

/**
 * CPU time of the main thread alone, in µs (Linux: /proc/self/task/<pid>/schedstat, in ns), or undefined.
 * Wall time cannot separate the main thread's share from a writer thread's on a busy machine; this can.
 */
function mainThreadCpuUs() {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  } catch {
    return undefined;
  }
}

const schema = {
  type: 'object',
  properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
  required: ['path'],
  additionalProperties: false,
};

/** Mean µs per turn.call over `iterations` (mean, not median: batched flushes land on a few calls). */
async function pipelineMean(dir, withStore, iterations) {
  const runtime = createRuntime({
    workspace: dir,
    stateDir: path.join(dir, withStore ? 'with' : 'without'),
    tools: [
      defineTool({
        name: 'noop',
        description: 'Does nothing.',
        inputSchema: schema,
        annotations: { readOnlyHint: true },
        execute: () => 'ok',
      }),
    ],
    // Whatever the runtime's own default becomes, this measures the store we attach here.
    store: false,
  });
  let seen = 0;
  runtime.events.on(() => {
    seen++;
  });
  const store = withStore
    ? new SqliteStore({ path: path.join(dir, `pipeline-${randomUUID()}.db`) })
    : undefined;
  const detach = store ? attachStore(runtime.events, store) : () => {};
  const turn = runtime.beginTurn({ threadId: 'bench', turnId: 'bench' });
  const args = { path: 'src/index.ts', limit: 100 };
  const run = async (n, prefix) => {
    for (let i = 0; i < n; i++) {
      await turn.call({ id: `${prefix}${i}`, name: 'noop', arguments: args });
      // Yield now and then, as an agent loop does between model rounds, so deferred work runs in the loop.
      if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await run(Math.min(20_000, iterations), 'w'); // warm up
  const cpu0 = mainThreadCpuUs();
  const t0 = performance.now();
  await run(iterations, 'm');
  // The store's share of the work is inside the measurement: until everything is committed.
  await store?.flush();
  const us = ((performance.now() - t0) * 1000) / iterations;
  const cpu1 = mainThreadCpuUs();
  const mainCpuUs = cpu0 === undefined || cpu1 === undefined ? Number.NaN : (cpu1 - cpu0) / iterations;
  detach();
  const written = store?.health().written;
  if (store && (written !== seen || store.health().queued !== 0)) {
    throw new Error(`store wrote ${written} of ${seen} events`);
  }
  await turn.end();
  await runtime.close();
  await store?.close();
  if (seen === 0) throw new Error('events were not delivered');
  return { us, mainCpuUs, written };
}

// ---------------------------------------------------------------------------------------------------------
// Worker thread or main thread? The store used to hand its batches to a writer thread; this is that design,
// kept here (not in the package) so the decision in src/store/sqlite/writer.ts can be checked again: the same
// queueing and batch schedule as the store (a batch on a 20 ms timer or at 512 events, one batch in flight),
// rows shipped as one flat array per batch (the cheapest clone measured), written on the other thread by
// the store's own SqliteWriter on its own connection (same file settings: WAL, synchronous=NORMAL).

const WRITER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = import(workerData.writerModule).then(({ openDatabase, SqliteWriter }) =>
  new SqliteWriter(openDatabase(workerData.path, 2000)));
parentPort.on('message', async ({ id, session, flat }) => {
  const writer = await ready;
  const rows = [];
  for (let i = 0; i < flat.length; i += 8) {
    const row = { session, seq: flat[i], ts: flat[i + 1], type: flat[i + 2], threadId: flat[i + 3],
      turnId: flat[i + 4], callId: flat[i + 5], payload: flat[i + 6] };
    if (flat[i + 7]) Object.assign(row, flat[i + 7]);
    rows.push(row);
  }
  writer.writeBatch(rows);
  parentPort.postMessage(id);
});`;

const EXTRA = ['turnStarted', 'turnEnded', 'output', 'approvalOpened', 'approvalResolved'];

class WorkerThreadWriter {
  session = randomUUID();
  queue = [];
  inFlight = 0;
  written = 0;
  batchIds = 0;
  timer = undefined;
  timerDue = 0;
  waiters = [];

  constructor(file) {
    const writerModule = new URL('../dist/store/sqlite/writer.js', import.meta.url).href;
    this.worker = new Worker(WRITER_THREAD, { eval: true, workerData: { path: file, writerModule } });
    this.worker.on('message', () => this.onDone());
  }

  record(event) {
    this.queue.push(toRow(event, this.session, DEFAULT_MAX_PAYLOAD_BYTES));
    if (this.queue.length >= 512) this.schedule(0);
    else this.schedule(20);
  }

  flush() {
    if (this.inFlight === 0 && this.queue.length === 0) return Promise.resolve();
    const done = new Promise((resolve) => this.waiters.push(resolve));
    this.send();
    return done;
  }

  async close() {
    await this.flush();
    clearTimeout(this.timer);
    await this.worker.terminate();
  }

  health() {
    return { written: this.written, queued: this.queue.length + this.inFlight };
  }

  // As the store does: keep a timer that fires no later than asked, rather than re-arming it on every record.
  schedule(ms) {
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.send();
    }, ms);
  }

  send() {
    if (this.inFlight > 0 || this.queue.length === 0) return;
    const rows = this.queue;
    this.queue = [];
    this.inFlight = rows.length;
    const flat = new Array(rows.length * 8);
    let i = 0;
    for (const r of rows) {
      flat[i++] = r.seq;
      flat[i++] = r.ts;
      flat[i++] = r.type;
      flat[i++] = r.threadId;
      flat[i++] = r.turnId;
      flat[i++] = r.callId;
      flat[i++] = r.payload;
      flat[i++] = EXTRA.some((k) => r[k]) ? Object.fromEntries(EXTRA.map((k) => [k, r[k]])) : null;
    }
    this.worker.postMessage({ id: ++this.batchIds, session: this.session, flat });
  }

  onDone() {
    this.written += this.inFlight;
    this.inFlight = 0;
    if (this.queue.length > 0 && (this.waiters.length > 0 || this.queue.length >= 512 || !this.timer)) {
      this.send();
    }
    if (this.inFlight === 0 && this.queue.length === 0)
      for (const resolve of this.waiters.splice(0)) resolve();
  }
}

/** A tool call's completed event with a `size`-character output preview. */
function outputEvent(seq, size) {
  return {
    type: 'tool/call/completed',
    seq,
    ts: Date.now(),
    threadId: 'bench-thread',
    turnId: `turn-${Math.floor(seq / 150)}`,
    callId: `call_${seq}`,
    payload: {
      name: 'exec_command',
      status: 'ok',
      isError: false,
      durationMs: 12.5,
      preview: 'x'.repeat(size),
    },
  };
}

const LOADS = {
  // Sustained and heavy: a call's worth of events (3) every 1 ms timer tick, ~2,500 events/s, far above what
  // an agent's calls produce (progress events are throttled), so a writer's cost shows.
  steady: { label: '10k × 500 B, 3 per 1 ms tick', events: 10_000, size: 500, burst: 3, pauseMs: 1 },
  // Stress, not realism: as fast as a bus can deliver them, 300 per macrotask.
  burst: { label: '10k × 500 B, flat out', events: 10_000, size: 500, burst: 300, pauseMs: 0 },
  // Large outputs (the store keeps a 256 KiB head of each): one every 10 ms.
  large: { label: '50 × 1 MB output, 1 per 10 ms', events: 50, size: 1_000_000, burst: 1, pauseMs: 10 },
};

const SINK = {
  record() {},
  flush: async () => {},
  health: () => ({ written: 0, queued: 0 }),
  close: async () => {},
};

function makeWriter(kind, file) {
  if (kind === 'none') return SINK;
  if (kind === 'thread') return new WorkerThreadWriter(file);
  return new SqliteStore({ path: file });
}

/** One run of `load` into a fresh file: what the main thread felt, and how long until all was durable. */
async function underLoad(dir, kind, load) {
  const writer = makeWriter(kind, path.join(dir, `${kind}-${randomUUID()}.db`));
  writer.record(outputEvent(0, 10));
  await writer.flush(); // open + migrate (and start the thread) outside the measurement
  const events = Array.from({ length: load.events }, (_, i) => outputEvent(i + 1, load.size));
  const recordUs = new Float64Array(load.events);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu0 = mainThreadCpuUs();
  const t0 = performance.now();
  for (let i = 0; i < events.length; ) {
    for (let k = 0; k < load.burst && i < events.length; k++, i++) {
      const start = performance.now();
      writer.record(events[i]);
      recordUs[i] = (performance.now() - start) * 1000;
    }
    if (load.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, load.pauseMs));
    else await new Promise((resolve) => setImmediate(resolve));
  }
  await writer.flush();
  const durableMs = performance.now() - t0;
  const cpu1 = mainThreadCpuUs();
  loop.disable();
  const written = writer.health().written;
  await writer.close();
  if (kind !== 'none' && written !== load.events + 1) throw new Error(`${kind} wrote ${written}`);
  recordUs.sort();
  return {
    recordP50Us: recordUs[Math.floor(recordUs.length * 0.5)],
    recordP99Us: recordUs[Math.min(recordUs.length - 1, Math.floor(recordUs.length * 0.99))],
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
    cpuUsPerEvent: cpu0 === undefined || cpu1 === undefined ? Number.NaN : (cpu1 - cpu0) / load.events,
    durableMs,
  };
}

/** Per load, the median of `rounds` interleaved runs of each writer (and of no store at all), per figure. */
async function writerComparison(dir, rounds) {
  const result = {};
  for (const [name, load] of Object.entries(LOADS)) {
    const runs = { none: [], main: [], thread: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternate which writer runs first: a run pays for the garbage of the one before it.
      const order = round % 2 === 0 ? ['none', 'main', 'thread'] : ['none', 'thread', 'main'];
      for (const kind of order) runs[kind].push(await underLoad(dir, kind, load));
    }
    const medians = {};
    for (const [kind, list] of Object.entries(runs)) {
      medians[kind] = Object.fromEntries(Object.keys(list[0]).map((k) => [k, median(list.map((r) => r[k]))]));
    }
    result[name] = { label: load.label, ...medians };
  }
  return result;
}

const f = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const ratio = (a, b) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : 'n/a');

/** The comparison as lines: each figure for the main-thread store, the worker thread, and their ratio. */
export function formatWriterComparison(comparison) {
  const lines = [
    'writer: main thread (the store) vs worker thread (same batches, same writer); medians; ratio = worker / main',
    '  record() p50/p99 µs | event-loop delay p99/max ms (1 ms resolution) | main-thread CPU µs/event (store only) | ms to durable',
  ];
  for (const r of Object.values(comparison)) {
    const cpu = (m) => m.cpuUsPerEvent - r.none.cpuUsPerEvent;
    lines.push(
      `  ${r.label} (no store: loop p99 ${f(r.none.loopP99Ms, 2)} ms, max ${f(r.none.loopMaxMs)} ms)`,
    );
    for (const [name, m] of [
      ['main thread', r.main],
      ['worker thread', r.thread],
    ]) {
      lines.push(
        `    ${name.padEnd(14)} ${f(m.recordP50Us)}/${f(m.recordP99Us)} | ${f(m.loopP99Ms, 2)}/${f(m.loopMaxMs)} | ${f(cpu(m), 2)} | ${f(m.durableMs)}`,
      );
    }
    lines.push(
      `    ratio          ${ratio(r.thread.recordP50Us, r.main.recordP50Us)}/${ratio(r.thread.recordP99Us, r.main.recordP99Us)} | ${ratio(r.thread.loopP99Ms, r.main.loopP99Ms)}/${ratio(r.thread.loopMaxMs, r.main.loopMaxMs)} | ${ratio(cpu(r.thread), cpu(r.main))} | ${ratio(r.thread.durableMs, r.main.durableMs)}`,
    );
  }
  return lines;
}

export async function benchStore({
  calls = 50_000,
  iterations = 50_000,
  rounds = 4,
  log = (line) => console.log(line),
} = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-store-'));
  try {
    const writer = await writerComparison(dir, rounds);
    for (const line of formatWriterComparison(writer)) log(`  ${line}`);
    const raw = rawInserts(dir, calls);
    const store = await storeInserts(dir, calls);
    // Best of three interleaved rounds: a busy machine shows as noise.
    const best = { without: Infinity, with: Infinity };
    const mainCpuUs = { without: Infinity, with: Infinity };
    let eventsWritten = 0;
    for (let round = 0; round < 3; round++) {
      for (const withStore of [false, true]) {
        const key = withStore ? 'with' : 'without';
        const r = await pipelineMean(dir, withStore, iterations);
        best[key] = Math.min(best[key], r.us);
        mainCpuUs[key] = Math.min(mainCpuUs[key], r.mainCpuUs);
        if (withStore) eventsWritten = r.written;
      }
    }
    return {
      writer,
      inserts: { store, raw, ratio: raw.perSecond / store.perSecond },
      pipeline: {
        withoutUs: best.without,
        withUs: best.with,
        addedUs: best.with - best.without,
        ratio: best.with / best.without,
        eventsWritten,
        // Main-thread CPU per call (Linux only; NaN elsewhere).
        mainCpuUs,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('[store] writer placement, inserts, pipeline');
  const s = await benchStore();
  const k = (n) => `${Math.round(n).toLocaleString('en-US')}/s`;
  console.log(
    `  inserts: store ${k(s.inserts.store.perSecond)} (${s.inserts.store.flushes} batches) | raw prepared INSERT, 1,000 per txn ${k(s.inserts.raw.perSecond)} (${s.inserts.ratio.toFixed(2)}×)`,
  );
  console.log(
    `  pipeline (mean per turn.call, 3 events each): ${s.pipeline.withoutUs.toFixed(2)} µs without | ${s.pipeline.withUs.toFixed(2)} µs with store (+${s.pipeline.addedUs.toFixed(2)} µs, ${s.pipeline.ratio.toFixed(2)}×)`,
  );
}
