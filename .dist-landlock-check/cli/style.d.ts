export interface CliIO {
    stdout: NodeJS.WritableStream & {
        isTTY?: boolean;
    };
    stderr: NodeJS.WritableStream & {
        isTTY?: boolean;
    };
    stdin: NodeJS.ReadableStream & {
        isTTY?: boolean;
    };
    cwd: string;
    env: Record<string, string | undefined>;
}
export interface Style {
    bold(text: string): string;
    dim(text: string): string;
    red(text: string): string;
    green(text: string): string;
    yellow(text: string): string;
}
export declare function wantsColor(stream: {
    isTTY?: boolean;
}, env: Record<string, string | undefined>): boolean;
export declare function createStyle(color: boolean): Style;
/** A mistake on the command line: exit 2, with a hint about the fix. */
export declare class UsageError extends Error {
    readonly hint?: string | undefined;
    constructor(message: string, hint?: string | undefined);
}
/** `handrail <command>: error: ...` and, on its own line, the hint. */
export declare function printError(io: CliIO, where: string, message: string, hint?: string): void;
