type Input = NodeJS.ReadableStream & {
    isTTY?: boolean;
    setRawMode?: (raw: boolean) => unknown;
};
export declare class InputReader {
    private readonly input;
    private buffered;
    private ended;
    private wake;
    private readonly decoder;
    private attached;
    constructor(input: Input);
    /**
     * One key. In raw mode: the key itself, a whole escape sequence counting as one key (so the Up arrow,
     * `ESC [ A`, is never read as "a"), and keys typed before the prompt are dropped, since they answered
     * nothing the user had seen. From a pipe: the next line, trimmed (the caller decides whether it is a key).
     */
    readKey(signal: AbortSignal): Promise<string | undefined>;
    /** One line without its newline; undefined at end of input or on abort. */
    readLine(signal: AbortSignal): Promise<string | undefined>;
    private next;
    /** Discard what was typed before now: what we hold and what the paused stream holds. */
    private dropTypedAhead;
    private attach;
}
export {};
