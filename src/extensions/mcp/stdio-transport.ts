// The MCP SDK's Transport over a server handrail started as a planned (sandboxed) process: JSON-RPC messages
// one per line on its stdin and stdout, its stderr kept (the last few KiB) to say why it failed. A line that is
// not a JSON-RPC message ends the connection with a reason naming the server; so does its exit.

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
  /** The sandbox the server runs in, once started. */
  sandbox: SandboxInfo | undefined;

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
    const ok = stdin.write(serializeMessage(message));
    if (!ok) await drained(stdin);
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
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error as Error);
    }
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
    // Stopped by handrail (close, a timeout): the caller knows why better than the exit status does.
    if (!this.closing) this.reason ??= `MCP server ${this.server} ${exitWords(exit)}${this.stderrSuffix()}`;
    this.finish();
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
