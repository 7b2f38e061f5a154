// A server's progress notifications for one call, forwarded to the call's onUpdate at a bounded rate (the
// latest wins), so a chatty server cannot flood the event stream.
import { LatestThrottle } from '../../output/index.js';
import type { ToolUpdate } from '../../types/index.js';

const MAX_MESSAGE = 500;

export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

export class ProgressForwarder {
  private readonly throttle: LatestThrottle<McpProgress>;

  constructor(
    send: (update: ToolUpdate) => void,
    origin: { server: string; tool: string },
    intervalMs?: number,
  ) {
    this.throttle = new LatestThrottle((progress) => send(progressUpdate(progress, origin)), intervalMs);
  }

  push(progress: McpProgress): void {
    this.throttle.push(progress);
  }

  /** No update is sent after this (the call has its result). */
  stop(): void {
    this.throttle.stop();
  }
}

function progressUpdate(progress: McpProgress, origin: { server: string; tool: string }): ToolUpdate {
  const total = typeof progress.total === 'number' ? `/${progress.total}` : '';
  const message = typeof progress.message === 'string' ? progress.message.slice(0, MAX_MESSAGE) : undefined;
  const details: Record<string, unknown> = { mcp: origin, progress: progress.progress };
  if (typeof progress.total === 'number') details.total = progress.total;
  if (message) details.message = message;
  return { content: `progress ${progress.progress}${total}${message ? `: ${message}` : ''}`, details };
}
