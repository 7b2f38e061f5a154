// Keys and lines from a terminal (raw mode) or a pipe, for the approval prompt. Input that arrives between
// prompts is kept, so answers typed ahead are read in order rather than lost.
import { StringDecoder } from 'node:string_decoder';
const MAX_BUFFERED = 64 * 1024;
export class InputReader {
    input;
    buffered = '';
    ended = false;
    wake;
    decoder = new StringDecoder('utf8');
    attached = false;
    constructor(input) {
        this.input = input;
    }
    /**
     * One key. In raw mode: the key itself, a whole escape sequence counting as one key (so the Up arrow,
     * `ESC [ A`, is never read as "a"), and keys typed before the prompt are dropped, since they answered
     * nothing the user had seen. From a pipe: the next line, trimmed (the caller decides whether it is a key).
     */
    async readKey(signal) {
        if (this.input.isTTY && this.input.setRawMode) {
            this.attach();
            this.dropTypedAhead();
            this.input.setRawMode(true);
            try {
                return await this.next(signal, (text) => {
                    if (text.length === 0)
                        return undefined;
                    const length = text.startsWith('\u001b')
                        ? (/^\u001b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?/su.exec(text)?.[0].length ?? 1)
                        : String.fromCodePoint(text.codePointAt(0)).length;
                    return { value: text.slice(0, length), rest: text.slice(length) };
                });
            }
            finally {
                this.input.setRawMode(false);
            }
        }
        const line = await this.readLine(signal);
        return line?.trim();
    }
    /** One line without its newline; undefined at end of input or on abort. */
    async readLine(signal) {
        return this.next(signal, (text) => {
            const end = text.search(/\r\n|\r|\n/);
            if (end < 0)
                return undefined;
            const width = text.startsWith('\r\n', end) ? 2 : 1;
            return { value: text.slice(0, end), rest: text.slice(end + width) };
        });
    }
    async next(signal, take) {
        this.attach();
        for (;;) {
            // An abandoned prompt must not eat input meant for the next one.
            if (signal.aborted)
                return undefined;
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
            this.input.resume();
            await new Promise((resolve) => {
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
    /** Discard what was typed before now: what we hold and what the paused stream holds. */
    dropTypedAhead() {
        const stream = this.input;
        // read() in paused mode hands buffered chunks to the 'data' listener, which appends them to `buffered`.
        while ((stream.readableLength ?? 0) > 0 && stream.read?.() != null)
            ;
        this.buffered = '';
    }
    attach() {
        if (this.attached)
            return;
        this.attached = true;
        this.input.on('data', (chunk) => {
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
//# sourceMappingURL=input-reader.js.map