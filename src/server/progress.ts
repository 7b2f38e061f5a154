// Progress for one tools/call whose client sent a progressToken. MCP clients time requests out (the SDK's
// default is 60 s) unless progress resets the clock (Claude Code's resetTimeoutOnProgress), so a long call
// must not go quiet: the tool's own updates (a command's latest output) are forwarded at a bounded rate,
// and while nothing new comes a heartbeat says the call is still running.

/** What one notification carries besides the token: a counter that only grows, and a line for humans. */
export interface ProgressNote {
  progress: number;
  message: string;
}

export interface ProgressTiming {
  /** At most one notification per this many ms; a newer update replaces one still waiting (default 1 s). */
  minIntervalMs?: number;
  /** The first heartbeat, when the call has sent nothing yet (default 1 s). */
  firstHeartbeatMs?: number;
  /** Later heartbeats, after this long without a notification (default 10 s). */
  heartbeatMs?: number;
}

export class CallProgress {
  private count = 0;
  private lastSent = 0;
  private pending: string | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly started = Date.now();
  private readonly minIntervalMs: number;
  private readonly heartbeatMs: number;

  constructor(
    private readonly label: string,
    private readonly send: (note: ProgressNote) => void,
    timing: ProgressTiming = {},
  ) {
    this.minIntervalMs = timing.minIntervalMs ?? 1_000;
    this.heartbeatMs = timing.heartbeatMs ?? 10_000;
    this.armHeartbeat(timing.firstHeartbeatMs ?? 1_000);
  }

  /** A tool's update: sent now if the last notification is old enough, otherwise when it is (the latest wins). */
  update(message: string): void {
    if (this.stopped) return;
    this.pending = message;
    if (this.flushTimer) return;
    const wait = this.lastSent + this.minIntervalMs - Date.now();
    if (wait <= 0) this.flush();
    else this.flushTimer = setTimeout(() => this.flush(), wait);
  }

  /** The call has ended: nothing more is sent (its result follows). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.flushTimer);
    clearTimeout(this.heartbeatTimer);
  }

  private flush(): void {
    this.flushTimer = undefined;
    const message = this.pending;
    this.pending = undefined;
    if (message !== undefined) this.emit(message);
  }

  private emit(message: string): void {
    if (this.stopped) return;
    this.lastSent = Date.now();
    try {
      this.send({ progress: ++this.count, message });
    } catch {
      // Progress is best effort: a client gone mid-call is the transport's business.
    }
    this.armHeartbeat(this.heartbeatMs);
  }

  private armHeartbeat(ms: number): void {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => {
      const seconds = Math.round((Date.now() - this.started) / 1000);
      this.emit(`${this.label}: still running (${seconds} s)`);
    }, ms);
    this.heartbeatTimer.unref();
  }
}
