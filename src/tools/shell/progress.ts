// Throttled progress for a streaming command: at most one update per interval, carrying the most recent
// output (bounded).
import { LatestThrottle, stripTerminalControls } from '../../output/index.js';
import type { ToolUpdate } from '../../types/index.js';

export const PROGRESS_TAIL_BYTES = 4096;

export class ProgressStream {
  private recent: Buffer = Buffer.alloc(0);
  private total = 0;
  private readonly throttle: LatestThrottle<void>;

  constructor(send: (update: ToolUpdate) => void, intervalMs?: number) {
    this.throttle = new LatestThrottle(() => {
      // The cut may split a character: drop the replacement characters it leaves at the start.
      const text = stripTerminalControls(this.recent.toString('utf8').replace(/^\uFFFD+/, ''));
      send({ content: text, details: { bytes: this.total } });
    }, intervalMs);
  }

  /** Records a chunk and schedules an update. */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    const joined = Buffer.concat([this.recent, chunk]);
    this.recent =
      joined.length > PROGRESS_TAIL_BYTES ? joined.subarray(joined.length - PROGRESS_TAIL_BYTES) : joined;
    this.throttle.push();
  }

  /** Stops updates; nothing is sent afterwards. */
  stop(): void {
    this.throttle.stop();
  }
}
