// The MCP SDK's Transport over a server handrail started as a planned (sandboxed) process: JSON-RPC messages
// one per line on its stdin and stdout, its stderr kept (the last few KiB) to say why it failed. A line that is
// not a JSON-RPC message ends the connection with a reason naming the server; so does its exit. The answer to
// each tools/call is held until the sandbox has looked at what the server left in the workspace (see
// `PlannedProcess.audit`): what would run outside the sandbox is gone before anyone sees the result.

import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { PlannedProcess, ProcessExit, SandboxInfo } from '../../sandbox/index.js';

/** Largest single message a server may send (an image or a long file read fits; an endless line does not). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** How much of the server's stderr is kept for failure reasons. */
export const STDERR_TAIL_BYTES = 8 * 1024;
/** How much of a malformed line a reason quotes. */
const QUOTE_CHARS = 200;
/** Messages a server may send while an answer is held for the workspace check; more is a flood. */
export const MAX_HELD_BYTES = 4 * MAX_MESSAGE_BYTES;
/** Sandbox notes kept until taken (the latest), each cut to NOTE_CHARS. */
const MAX_NOTES = 20;
const NOTE_CHARS = 2000;

/** Starts the server's process, handing its output to the transport. Throws (with the reason) if it cannot. */
export type LaunchProcess = (output: {
  onStdout(chunk: Buffer): void;
  onStderr(chunk: Buffer): void;
}) => Promise<{ process: PlannedProcess; sandbox: SandboxInfo }>;

export class ProcessTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;

  private process: PlannedProcess | undefined;
  private readonly stderr = new TailBuffer(STDERR_TAIL_BYTES);
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private closing = false;
  private closed = false;
  private reason: string | undefined;
  /** Ids of the tools/call requests sent and not answered yet. */
  private readonly calls = new Set<string | number>();
  /** Messages waiting behind a held answer (kept in order), and their size. */
  private held: Promise<void> | undefined;
  private heldCount = 0;
  private heldBytes = 0;
  private notes: string[] = [];
  /** The sandbox the server runs in, once started. */
  sandbox: SandboxInfo | undefined;
  /**
   * Called with the sandbox's notes on what the server did to the workspace: after a call (protected paths it
   * created, git settings and hooks removed), and when its process has ended (the last look).
   */
  onnotes?: ((notes: string[]) => void) | undefined;

  constructor(
    /** The server's name, for reasons. */
    private readonly server: string,
    private readonly launch: LaunchProcess,
  ) {}

  /** Why the connection ended (exit status, malformed output), with the end of its stderr. */
  get closeReason(): string | undefined {
    return this.reason;
  }

  /** The end of the server's stderr (at most a few KiB), for reasons. */
  stderrTail(): string {
    return this.stderr.text();
  }

  /**
   * The sandbox's notes not taken yet (see `onnotes`), oldest first, and forget them: those of the last look
   * when the process ended. A call's own look travels in its answer (`sandboxNotesOf`).
   */
  takeNotes(): string[] {
    const notes = this.notes;
    this.notes = [];
    return notes;
  }

  async start(): Promise<void> {
    if (this.process) throw new Error('ProcessTransport already started');
    const { process, sandbox } = await this.launch({
      onStdout: (chunk) => this.onStdout(chunk),
      onStderr: (chunk) => this.stderr.push(chunk),
    });
    this.process = process;
    this.sandbox = sandbox;
    void process.exit.then((exit) => this.ended(exit));
    // Closed while the process was being planned and started: it must not outlive the connection.
    if (this.closing) await process.kill();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.process?.stdin;
    if (!stdin || this.closing || this.closed || !stdin.writable) {
      throw new Error(`MCP server ${this.server} is not running`);
    }
    this.track(message);
    const ok = stdin.write(serializeMessage(message));
    if (!ok) await drained(stdin);
  }

  /** Follow the calls in flight: their answers wait for the workspace check. */
  private track(message: JSONRPCMessage): void {
    if (!('method' in message)) return;
    if (message.method === 'tools/call' && 'id' in message) this.calls.add(message.id);
    // A cancelled call may never be answered: the next call's check, or the last one, sees what it did.
    const cancelled = message.method === 'notifications/cancelled' ? message.params?.requestId : undefined;
    if (typeof cancelled === 'string' || typeof cancelled === 'number') this.calls.delete(cancelled);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.process) await this.process.kill();
    else this.finish();
  }

  private onStdout(chunk: Buffer): void {
    let start = 0;
    while (!this.closing) {
      const newline = chunk.indexOf(10, start);
      if (newline === -1) {
        this.keep(chunk.subarray(start));
        return;
      }
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      const line = this.pending.length > 0 ? Buffer.concat([...this.pending, piece]) : piece;
      this.pending = [];
      this.pendingBytes = 0;
      if (line.length > MAX_MESSAGE_BYTES) {
        this.fail(`sent a message larger than ${MAX_MESSAGE_BYTES} bytes`);
        return;
      }
      this.handleLine(line.toString('utf8').replace(/\r$/, ''));
    }
  }

  private keep(rest: Buffer): void {
    if (rest.length === 0) return;
    this.pending.push(rest);
    this.pendingBytes += rest.length;
    if (this.pendingBytes > MAX_MESSAGE_BYTES)
      this.fail(`sent a message larger than ${MAX_MESSAGE_BYTES} bytes`);
  }

  private handleLine(line: string): void {
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      const quoted = line.length > QUOTE_CHARS ? `${line.slice(0, QUOTE_CHARS)}…` : line;
      this.fail(`sent a line on stdout that is not a JSON-RPC message: ${JSON.stringify(quoted)}`);
      return;
    }
    this.deliver(message, line.length);
  }

  /**
   * Hand a message on, in the order the server sent them; the answer to a tools/call only once the sandbox has
   * looked at the workspace (and removed what would run outside it), and what follows it after it.
   */
  private deliver(message: JSONRPCMessage, bytes: number): void {
    const answersCall =
      'id' in message && !('method' in message) && message.id !== undefined && this.calls.delete(message.id);
    if (!answersCall && this.heldCount === 0) {
      this.hand(message);
      return;
    }
    this.heldCount++;
    this.heldBytes += bytes;
    if (this.heldBytes > MAX_HELD_BYTES) {
      this.fail(
        `sent more than ${MAX_HELD_BYTES} bytes while its last answer was held for the workspace check`,
      );
      return;
    }
    this.held = (this.held ?? Promise.resolve()).then(async () => {
      const answer = answersCall ? withSandboxNotes(message, await this.look()) : message;
      this.heldCount--;
      this.heldBytes -= bytes;
      this.hand(answer);
    });
  }

  private hand(message: JSONRPCMessage): void {
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }

  /** The sandbox's look at what the server has left in the workspace so far: the notes for this answer. */
  private async look(): Promise<string[]> {
    if (!this.process) return [];
    let found: string[];
    try {
      found = await this.process.audit();
    } catch (error) {
      found = [
        `Could not check what MCP server ${this.server} left in the workspace: ${(error as Error).message}`,
      ];
    }
    // They travel with the answer they belong to, not in the connection's pile (see withSandboxNotes).
    return this.report(found, false);
  }

  /** Tell `onnotes` (each cut to NOTE_CHARS), and keep them for `takeNotes` unless told not to. */
  private report(found: readonly string[], keep = true): string[] {
    if (found.length === 0) return [];
    const notes = found.map(cut).slice(-MAX_NOTES);
    if (keep) {
      this.notes.push(...notes);
      if (this.notes.length > MAX_NOTES) this.notes.splice(0, this.notes.length - MAX_NOTES);
    }
    try {
      this.onnotes?.(notes);
    } catch (error) {
      this.onerror?.(error as Error);
    }
    return notes;
  }

  /** A broken stream ends the connection: the server is stopped, and its calls answer with the reason. */
  private fail(what: string): void {
    if (this.closing) return;
    this.reason = `MCP server ${this.server} ${what}`;
    this.pending = [];
    this.closing = true;
    this.onerror?.(new Error(this.reason));
    void this.process?.kill();
  }

  private ended(exit: ProcessExit): void {
    // The sandbox's last look (and a process limit reached): kept, and part of the reason.
    const found = this.report(exit.notes);
    const after = found.length > 0 ? `; then handrail found: ${cut(found.join(' '))}` : '';
    // Stopped by handrail (close, a timeout): the caller knows why better than the exit status does.
    if (!this.closing)
      this.reason ??= `MCP server ${this.server} ${exitWords(exit)}${after}${this.stderrSuffix()}`;
    // Answers still held are handed on first: they arrived before the end.
    if (this.held) void this.held.then(() => this.finish());
    else this.finish();
  }

  private stderrSuffix(): string {
    const tail = this.stderr.text().trim();
    return tail ? `; its stderr ends: ${tail}` : '';
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}

/** A note cut to NOTE_CHARS (one may list every path a server created). */
function cut(note: string): string {
  return note.length > NOTE_CHARS ? `${note.slice(0, NOTE_CHARS - 1)}…` : note;
}

/** How a server's process ended, in words. */
function exitWords(exit: ProcessExit): string {
  if (exit.error) return `could not be started: ${exit.error}`;
  if (exit.signal) return `was killed by ${exit.signal}`;
  return `exited with status ${exit.code}`;
}

function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', gone);
      resolve();
    };
    const gone = () => {
      stream.off('drain', done);
      reject(new Error('the server closed its stdin'));
    };
    stream.once('drain', done);
    stream.once('close', gone);
  });
}

/** The last `limit` bytes written to it, as text. */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.limit) {
      // A copy, so the large chunk itself is not kept alive by the slice.
      this.chunks = [Buffer.from(chunk.subarray(chunk.length - this.limit))];
      this.bytes = this.limit;
      return;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.bytes - (this.chunks[0]?.length ?? 0) >= this.limit && this.chunks.length > 1) {
      this.bytes -= this.chunks.shift()!.length;
    }
  }

  text(): string {
    const all = Buffer.concat(this.chunks);
    const tail = all.length > this.limit ? all.subarray(all.length - this.limit) : all;
    // A cut may split a character: drop what it leaves at the start.
    return tail.toString('utf8').replace(/^\uFFFD+/, '');
  }
}

/** Where a call's answer carries the sandbox's notes to the connection: a key only handrail writes. */
const NOTES_KEY = 'handrail/sandboxNotes';

/**
 * The answer with the sandbox's notes for it in `result._meta` — and without whatever the server put under
 * that key itself, so a server cannot speak in handrail's name.
 */
function withSandboxNotes(message: JSONRPCMessage, notes: string[]): JSONRPCMessage {
  const result = (message as { result?: unknown }).result;
  if (typeof result !== 'object' || result === null) return message;
  const { [NOTES_KEY]: _forged, ...meta } = ((result as { _meta?: unknown })._meta ?? {}) as Record<
    string,
    unknown
  >;
  if (notes.length > 0) meta[NOTES_KEY] = notes;
  const { _meta: _old, ...rest } = result as Record<string, unknown>;
  const next = Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest;
  return { ...message, result: next } as JSONRPCMessage;
}

/** The sandbox's notes a call's answer carries (see withSandboxNotes), removed from it. */
export function takeSandboxNotes(result: Record<string, unknown>): string[] {
  const meta = result._meta as Record<string, unknown> | undefined;
  if (typeof meta !== 'object' || meta === null || !(NOTES_KEY in meta)) return [];
  const { [NOTES_KEY]: notes, ...others } = meta;
  if (Object.keys(others).length > 0) result._meta = others;
  else delete result._meta;
  return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string') : [];
}
