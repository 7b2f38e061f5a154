// The store's side of its writer thread: starting it, posting a batch, hearing it is done, stopping it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EventRow } from './rows.js';
import type { BatchResult } from './sqlite-batch.js';
import { BatchChannel, type Reclaimed } from './sqlite-channel.js';
import { encodeBatch } from './sqlite-wire.js';
import type { WorkerConfig } from './sqlite-worker.js';

/** The compiled worker next to this module: present in dist/, absent when the TypeScript runs from src/. */
export const WORKER_URL = new URL('./sqlite-worker.js', import.meta.url);

export function workerAvailable(): boolean {
  try {
    return existsSync(fileURLToPath(WORKER_URL));
  } catch {
    return false;
  }
}

export interface WorkerEvents {
  /** The worker finished batch `id`; its result is in `result()`. */
  done(id: number): void;
  /** The worker is gone (it failed to start, or stopped) while the store still needed it. */
  exited(reason: string): void;
}

export class WorkerLink {
  private readonly channel = new BatchChannel();
  private readonly worker: Worker;
  private stopping = false;
  private exited = false;

  constructor(file: string, busyTimeoutMs: number, on: WorkerEvents) {
    const config: WorkerConfig = { path: file, busyTimeoutMs, buffer: this.channel.buffer };
    this.worker = new Worker(WORKER_URL, { workerData: config });
    // Batches written in the background must not keep a finished process alive: at exit, the store's
    // exit hook writes what is left. Only an awaited flush holds the process (see hold()).
    this.worker.unref();
    this.worker.on('message', (id: number) => on.done(id));
    let reason = 'the store worker stopped';
    this.worker.on('error', (error) => {
      reason = `the store worker failed: ${error?.message ?? error}`;
    });
    this.worker.on('exit', (code) => {
      this.exited = true;
      if (!this.stopping) on.exited(code === 0 ? reason : `${reason} (exit code ${code})`);
    });
  }

  /** The thread exists (it may be stopping). */
  get running(): boolean {
    return !this.exited;
  }

  get alive(): boolean {
    return !this.exited && !this.stopping;
  }

  send(id: number, session: string, rows: readonly EventRow[]): void {
    this.channel.offer(id);
    this.worker.postMessage(encodeBatch(id, session, rows));
  }

  /** Take `id` back, or wait (blocking) for the worker to finish it; see sqlite-channel.ts. */
  reclaim(id: number, timeoutMs: number): Reclaimed {
    return this.channel.reclaim(id, this.exited ? 0 : timeoutMs);
  }

  isClaimed(id: number): boolean {
    return this.channel.isClaimed(id);
  }

  result(): BatchResult {
    return this.channel.result();
  }

  /** Keep the process alive while someone awaits the worker (a flush, a close), and only then. */
  hold(on: boolean): void {
    if (this.stopping) return;
    if (on) this.worker.ref();
    else this.worker.unref();
  }

  /** Stop the thread; it closes its connection first. The store has nothing in flight by then. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.ref();
    this.worker.postMessage('close');
    const timer = setTimeout(() => void this.worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }

  /** Stop without waiting (a worker that hung): the thread is terminated, its connection torn down. */
  abandon(): void {
    this.stopping = true;
    void this.worker.terminate().catch(() => {});
  }
}
