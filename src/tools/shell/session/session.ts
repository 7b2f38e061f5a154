// One running command the model can come back to: its process, its output buffer, its lifetimes.
import { type BufferRead, HeadTailBuffer } from './head-tail-buffer.js';
import type { ProcessEnd, ProcessHandle } from './process-handle.js';

/** Why a session's process was stopped by handrail rather than ending on its own. */
export type EndReason = 'idle' | 'lifetime' | 'closed' | 'killed';

export interface SessionExit extends ProcessEnd {
  /** Set when handrail killed it. */
  endedBy?: EndReason;
}

export interface SessionOptions {
  id: number;
  /** The command as the model wrote it (named in messages). */
  command: string;
  tty: boolean;
  handle: ProcessHandle;
  bufferBytes?: number;
  /** Kill after this long without a write or poll (default 10 min). */
  idleMs?: number;
  /** Kill after this long in all (default 1 h). */
  lifetimeMs?: number;
  now?: () => number;
}

export const DEFAULT_IDLE_MS = 10 * 60 * 1000;
export const DEFAULT_LIFETIME_MS = 60 * 60 * 1000;

export type WriteOutcome = { ok: true } | { ok: false; reason: 'exited' | 'stdin_closed'; message: string };

export class Session {
  readonly id: number;
  readonly command: string;
  readonly tty: boolean;
  readonly handle: ProcessHandle;
  readonly buffer: HeadTailBuffer;
  readonly startedAt: number;
  lastUsed: number;
  /** Offset of the first byte the model has not been shown. */
  cursor = 0;
  /** Set once the process has exited and its tree is gone. */
  exit: SessionExit | undefined;
  /** Resolves with `exit`. */
  readonly exited: Promise<SessionExit>;
  private endedBy: EndReason | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private lifetimeTimer: NodeJS.Timeout | undefined;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(opts: SessionOptions) {
    this.id = opts.id;
    this.command = opts.command;
    this.tty = opts.tty;
    this.handle = opts.handle;
    this.now = opts.now ?? Date.now;
    this.buffer = new HeadTailBuffer(opts.bufferBytes);
    this.startedAt = this.now();
    this.lastUsed = this.startedAt;
    this.idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
    this.handle.onData((chunk) => this.buffer.write(chunk));
    this.lifetimeTimer = setTimeout(() => void this.kill('lifetime'), opts.lifetimeMs ?? DEFAULT_LIFETIME_MS);
    this.lifetimeTimer.unref();
    this.armIdle();
    this.exited = this.handle.exited.then((end) => {
      clearTimeout(this.idleTimer);
      clearTimeout(this.lifetimeTimer);
      this.exit = this.endedBy ? { ...end, endedBy: this.endedBy } : end;
      return this.exit;
    });
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  get stdinOpen(): boolean {
    return this.running && this.handle.stdinOpen;
  }

  /** Marks the session used now (a write or a poll) and restarts its idle clock. */
  touch(): void {
    this.lastUsed = this.now();
    if (this.running) this.armIdle();
  }

  /** Sends `chars` to the process. Ctrl-C alone interrupts a non-tty session (there is no terminal to). */
  async write(chars: string): Promise<WriteOutcome> {
    this.touch();
    if (chars === '') return { ok: true };
    if (!this.running) {
      return { ok: false, reason: 'exited', message: `Session ${this.id} has exited; its input is closed.` };
    }
    if (!this.tty && chars === '\u0003' && this.handle.interrupt) {
      this.handle.interrupt();
      return { ok: true };
    }
    if (!this.handle.stdinOpen)
      return { ok: false, reason: 'stdin_closed', message: this.stdinClosedMessage() };
    try {
      await this.handle.write(chars);
      return { ok: true };
    } catch {
      return { ok: false, reason: 'stdin_closed', message: this.stdinClosedMessage() };
    }
  }

  /** Output since the last read; the buffer then forgets it. `final` once the process has exited. */
  read(): BufferRead {
    const out = this.buffer.readSince(this.cursor, { final: !this.running });
    this.cursor = out.next;
    this.buffer.release(out.next);
    return out;
  }

  /** Kills the process tree; `reason` is reported with the exit. Resolves once it has exited. */
  async kill(reason: EndReason = 'killed'): Promise<SessionExit> {
    if (this.running) {
      this.endedBy ??= reason;
      await this.handle.kill();
    }
    return this.exited;
  }

  /** Calls `cb` with each chunk of output as it arrives (for streaming to the caller). */
  onData(cb: (chunk: Buffer | string) => void): void {
    this.handle.onData(cb);
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.kill('idle'), this.idleMs);
    this.idleTimer.unref();
  }

  private stdinClosedMessage(): string {
    if (!this.tty) {
      return (
        `Session ${this.id} (\`${this.command}\`) was started without tty: true, so its standard input is ` +
        'closed and nothing was written. Start the command with tty: true to send it input; poll this ' +
        'session with empty chars to read its output, or send "\\u0003" to stop it.'
      );
    }
    return (
      `Session ${this.id} (\`${this.command}\`) is running but its standard input is closed, so nothing ` +
      'was written. Poll it with empty chars to read its output, or start the command again with tty: true ' +
      'if it needs input.'
    );
  }
}
