// A server's progress notifications for one call, forwarded to the call's onUpdate: at most one update per
// interval (the latest wins), so a chatty server cannot flood the event stream.
import type { ToolUpdate } from '../../types/index.js';

export const PROGRESS_INTERVAL_MS = 100;
const MAX_MESSAGE = 500;

export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

export class ProgressForwarder {
  private latest: McpProgress | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastSent = 0;
  private stopped = false;

  constructor(
    private readonly send: (update: ToolUpdate) => void,
    private readonly origin: { server: string; tool: string },
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  push(progress: McpProgress): void {
    if (this.stopped) return;
    this.latest = progress;
    if (this.timer) return;
    const wait = Math.max(0, this.lastSent + this.intervalMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** No update is sent after this (the call has its result). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private flush(): void {
    this.timer = undefined;
    const progress = this.latest;
    if (this.stopped || !progress) return;
    this.lastSent = Date.now();
    const total = typeof progress.total === 'number' ? `/${progress.total}` : '';
    const message = typeof progress.message === 'string' ? progress.message.slice(0, MAX_MESSAGE) : undefined;
    const details: Record<string, unknown> = { mcp: this.origin, progress: progress.progress };
    if (typeof progress.total === 'number') details.total = progress.total;
    if (message) details.message = message;
    try {
      this.send({
        content: `progress ${progress.progress}${total}${message ? `: ${message}` : ''}`,
        details,
      });
    } catch {
      // A listener's failure must not fail the call.
    }
  }
}
