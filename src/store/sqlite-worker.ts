// The store's writer thread: takes batches from the store, writes each in one transaction on its own
// connection, publishes the result in shared memory (see sqlite-channel.ts) and says "done". It keeps no
// queue and never retries on its own: the store decides what is retried, when, and what is dropped.
import { parentPort, workerData } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { writeRows } from './sqlite-batch.js';
import { BatchChannel } from './sqlite-channel.js';
import { openDatabase } from './sqlite-open.js';
import { decodeBatch, type WireBatch } from './sqlite-wire.js';
import { SqliteWriter } from './sqlite-writer.js';

export interface WorkerConfig {
  path: string;
  busyTimeoutMs: number;
  buffer: SharedArrayBuffer;
}

const config = workerData as WorkerConfig;
const channel = new BatchChannel(config.buffer);
let db: Database.Database | undefined;
let writer: SqliteWriter | undefined;

// Opened on the first batch and again after a failure to open: the store's backoff paces the attempts.
function open(): SqliteWriter {
  if (writer) return writer;
  db = openDatabase(config.path, config.busyTimeoutMs);
  writer = new SqliteWriter(db);
  return writer;
}

parentPort!.on('message', (message: WireBatch | 'close') => {
  if (message === 'close') {
    try {
      db?.close();
    } finally {
      process.exit(0); // ends this thread only
    }
  }
  const batch = message as WireBatch;
  if (!channel.claim(batch.id)) return; // the store took it back and wrote it itself
  let result = channel.result();
  try {
    result = writeRows(open, decodeBatch(batch), (progress) => channel.publish(progress));
  } catch (error) {
    // writeRows does not throw; anything else still must not leave the store waiting on this batch.
    result = { ...result, error: { message: String((error as Error)?.message ?? error) } };
  }
  channel.publish(result);
  channel.finish(batch.id);
  parentPort!.postMessage(batch.id);
});
