// Keys and lines from a terminal (raw mode) or a pipe, for the approval prompt. Input that arrives between
// prompts is kept, so answers typed ahead are read in order rather than lost.
import { StringDecoder } from 'node:string_decoder';

type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

const MAX_BUFFERED = 64 * 1024;

export class InputReader {
  private buffered = '';
  private ended = false;
  private wake: (() => void) | undefined;
  private readonly decoder = new StringDecoder('utf8');
  private attached = false;

  constructor(private readonly input: Input) {}

  /** One key: in raw mode the key itself, from a pipe the first character of the next line. */
  async readKey(signal: AbortSignal): Promise<string | undefined> {
    if (this.input.isTTY && this.input.setRawMode) {
      this.input.setRawMode(true);
      try {
        return await this.next(signal, (text) =>
          text.length > 0 ? { value: text[0]!, rest: text.slice(1) } : undefined,
        );
      } finally {
        this.input.setRawMode(false);
      }
    }
    const line = await this.readLine(signal);
    return line === undefined ? undefined : (line.trim()[0] ?? '');
  }

  /** One line without its newline; undefined at end of input or on abort. */
  async readLine(signal: AbortSignal): Promise<string | undefined> {
    return this.next(signal, (text) => {
      const end = text.search(/\r\n|\r|\n/);
      if (end < 0) return undefined;
      const width = text.startsWith('\r\n', end) ? 2 : 1;
      return { value: text.slice(0, end), rest: text.slice(end + width) };
    });
  }

  private async next(
    signal: AbortSignal,
    take: (text: string) => { value: string; rest: string } | undefined,
  ): Promise<string | undefined> {
    this.attach();
    for (;;) {
      const got = take(this.buffered);
      if (got) {
        this.buffered = got.rest;
        return got.value;
      }
      if (this.ended) {
        const rest = this.buffered;
        this.buffered = '';
        return rest.length > 0 ? rest : undefined;
      }
      if (signal.aborted) return undefined;
      this.input.resume();
      await new Promise<void>((resolve) => {
        const done = () => {
          signal.removeEventListener('abort', done);
          this.wake = undefined;
          resolve();
        };
        this.wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
      this.input.pause();
    }
  }

  private attach(): void {
    if (this.attached) return;
    this.attached = true;
    this.input.on('data', (chunk: Buffer | string) => {
      const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
      // Typed-ahead input is bounded: a pipe that floods the prompt keeps its last 64 KiB.
      this.buffered = (this.buffered + text).slice(-MAX_BUFFERED);
      this.wake?.();
    });
    this.input.on('end', () => {
      this.ended = true;
      this.wake?.();
    });
    this.input.pause();
  }
}
