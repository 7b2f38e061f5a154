export interface Spinner {
    /** Hide it (an approval prompt is about to be written). */
    pause(): void;
    resume(): void;
    stop(): void;
}
export declare function startSpinner(stream: NodeJS.WritableStream & {
    isTTY?: boolean;
}, label: string, opts?: {
    delayMs?: number;
    intervalMs?: number;
}): Spinner;
