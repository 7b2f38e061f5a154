// Event store: SqliteStore inserts per second against raw better-sqlite3 inserts of the same rows, and the
// core pipeline benchmark with and without the store attached (writing on its worker thread, the default
// from dist/, and inline on the main thread), measured in the same run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createRuntime, defineTool } from 'handrail';
import { attachStore, SqliteStore } from '../dist/store/index.js';

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

async function storeInserts(dir, calls, worker) {
  const events = [];
  for (let i = 0; i < calls; i++) events.push(...callEvents(i * 3, i));
  const store = new SqliteStore({ path: path.join(dir, `store-${worker}.db`), worker });
  store.record(events[0]);
  await store.flush(); // open + migrate (and start the worker) outside the measurement
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
 * CPU time of the main thread alone, in µs (Linux: /proc/self/task/<pid>/stat, 10 ms ticks), or undefined.
 * Wall time cannot separate the main thread's share from the writer thread's on a busy machine; this can.
 */
function mainThreadCpuUs() {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
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

/**
 * Mean µs per turn.call over `iterations` (mean, not median: batched flushes land on a few calls).
 * `writer`: 'none' (no store), 'worker' (the store's writer thread) or 'inline' (main-thread writes).
 */
async function pipelineMean(dir, writer, iterations) {
  const runtime = createRuntime({
    workspace: dir,
    stateDir: path.join(dir, writer),
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
  const store =
    writer === 'none'
      ? undefined
      : new SqliteStore({
          path: path.join(dir, `pipeline-${writer}-${Date.now()}.db`),
          worker: writer === 'worker',
        });
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
  await new Promise((resolve) => setImmediate(resolve));
  // Calls done; with the worker, the last batches may still be committing on the other thread.
  const callsUs = ((performance.now() - t0) * 1000) / iterations;
  // The store's share of the work is inside the measurement: until everything is committed.
  await store?.flush();
  const us = ((performance.now() - t0) * 1000) / iterations;
  const cpu1 = mainThreadCpuUs();
  const mainCpuUs = cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / iterations;
  detach();
  const written = store?.health().written;
  if (store && (written !== seen || store.health().queued !== 0)) {
    throw new Error(`store wrote ${written} of ${seen} events`);
  }
  await turn.end();
  await runtime.close();
  await store?.close();
  if (seen === 0) throw new Error('events were not delivered');
  return { us, callsUs, mainCpuUs, written };
}

export async function benchStore({ calls = 50_000, iterations = 50_000 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-store-'));
  try {
    const raw = rawInserts(dir, calls);
    const store = await storeInserts(dir, calls, true);
    const inline = await storeInserts(dir, calls, false);
    // Best of three interleaved rounds: the writer thread needs a free core, so a busy machine shows as noise.
    const best = { none: Infinity, worker: Infinity, inline: Infinity };
    const callsOnly = { none: Infinity, worker: Infinity, inline: Infinity };
    const mainCpu = { none: Infinity, worker: Infinity, inline: Infinity };
    let eventsWritten = 0;
    for (let round = 0; round < 3; round++) {
      for (const writer of Object.keys(best)) {
        const r = await pipelineMean(dir, writer, iterations);
        best[writer] = Math.min(best[writer], r.us);
        callsOnly[writer] = Math.min(callsOnly[writer], r.callsUs);
        mainCpu[writer] = Math.min(mainCpu[writer], r.mainCpuUs ?? Number.NaN);
        if (writer === 'worker') eventsWritten = r.written;
      }
    }
    const without = { us: best.none };
    const withStore = { us: best.worker, written: eventsWritten };
    const withInline = { us: best.inline };
    return {
      inserts: { store, inline, raw, ratio: raw.perSecond / store.perSecond },
      pipeline: {
        withoutUs: without.us,
        withUs: withStore.us,
        addedUs: withStore.us - without.us,
        ratio: withStore.us / without.us,
        eventsWritten: withStore.written,
        inlineUs: withInline.us,
        inlineAddedUs: withInline.us - without.us,
        inlineRatio: withInline.us / without.us,
        // Until the last call returned, before the final flush: the main thread's share.
        callsUs: callsOnly,
        // Main-thread CPU per call (Linux only; NaN elsewhere): the cost the store adds to the hot path.
        mainCpuUs: mainCpu,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
