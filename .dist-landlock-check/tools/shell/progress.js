// Throttled progress for a streaming command: at most one update per interval, carrying the most recent
// output (bounded), and a last one when the command ends.
import { stripTerminalControls } from '../../output/index.js';
export const PROGRESS_INTERVAL_MS = 100;
export const PROGRESS_TAIL_BYTES = 4096;
export class ProgressStream {
    send;
    intervalMs;
    recent = Buffer.alloc(0);
    total = 0;
    timer;
    lastSent = 0;
    stopped = false;
    constructor(send, intervalMs = PROGRESS_INTERVAL_MS) {
        this.send = send;
        this.intervalMs = intervalMs;
    }
    /** Records a chunk and schedules an update. */
    push(chunk) {
        if (this.stopped)
            return;
        this.total += chunk.length;
        const joined = Buffer.concat([this.recent, chunk]);
        this.recent =
            joined.length > PROGRESS_TAIL_BYTES ? joined.subarray(joined.length - PROGRESS_TAIL_BYTES) : joined;
        if (this.timer)
            return;
        const wait = Math.max(0, this.lastSent + this.intervalMs - Date.now());
        this.timer = setTimeout(() => this.flush(), wait);
    }
    /** Stops updates; nothing is sent afterwards. */
    stop() {
        this.stopped = true;
        clearTimeout(this.timer);
    }
    flush() {
        this.timer = undefined;
        if (this.stopped)
            return;
        this.lastSent = Date.now();
        // The cut may split a character: drop the replacement characters it leaves at the start.
        const text = stripTerminalControls(this.recent.toString('utf8').replace(/^\uFFFD+/, ''));
        try {
            this.send({ content: text, details: { bytes: this.total } });
        }
        catch {
            // A listener's failure must not stop the command.
        }
    }
}
//# sourceMappingURL=progress.js.map