// Progress at a bounded rate: at most one update per interval, the latest winning, so a command's output or an
// MCP server's notifications reach the event stream no faster than it can take them, however fast they come.

export const UPDATE_INTERVAL_MS = 100;

export class LatestThrottle<T> {
  private latest: { value: T } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastSent = 0;
  private stopped = false;

  constructor(
    private readonly deliver: (value: T) => void,
    private readonly intervalMs = UPDATE_INTERVAL_MS,
  ) {}

  /** Keep `value` as the latest, and schedule its delivery unless one is already scheduled. */
  push(value: T): void {
    if (this.stopped) return;
    this.latest = { value };
    if (this.timer) return;
    const wait = Math.max(0, this.lastSent + this.intervalMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Nothing is delivered after this (the call has its result). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private flush(): void {
    this.timer = undefined;
    const latest = this.latest;
    this.latest = undefined;
    if (this.stopped || !latest) return;
    this.lastSent = Date.now();
    try {
      this.deliver(latest.value);
    } catch {
      // A listener's failure must not fail the call.
    }
  }
}
