// Throttled progress for a streaming command: at most one update per interval, carrying the most recent
// output (bounded), and a last one when the command ends.
import { stripTerminalControls } from '../../output/index.js';
import type { ToolUpdate } from '../../types/index.js';

export const PROGRESS_INTERVAL_MS = 100;
export const PROGRESS_TAIL_BYTES = 4096;

export class ProgressStream {
  private recent: Buffer = Buffer.alloc(0);
  private total = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastSent = 0;
  private stopped = false;

  constructor(
    private readonly send: (update: ToolUpdate) => void,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  /** Records a chunk and schedules an update. */
  push(chunk: Buffer): void {
    if (this.stopped) return;
    this.total += chunk.length;
    const joined = Buffer.concat([this.recent, chunk]);
    this.recent =
      joined.length > PROGRESS_TAIL_BYTES ? joined.subarray(joined.length - PROGRESS_TAIL_BYTES) : joined;
    if (this.timer) return;
    const wait = Math.max(0, this.lastSent + this.intervalMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Stops updates; nothing is sent afterwards. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private flush(): void {
    this.timer = undefined;
    if (this.stopped) return;
    this.lastSent = Date.now();
    // The cut may split a character: drop the replacement characters it leaves at the start.
    const text = stripTerminalControls(this.recent.toString('utf8').replace(/^\uFFFD+/, ''));
    try {
      this.send({ content: text, details: { bytes: this.total } });
    } catch {
      // A listener's failure must not stop the command.
    }
  }
}
