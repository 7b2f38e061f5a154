export declare const SUPPORTED_SHELLS: readonly string[];
/**
 * The longest command line that can be run: the shell gets it as one argument, and Linux refuses a single
 * argument over 32 pages (MAX_ARG_STRLEN, 128 KiB with its NUL) with E2BIG.
 */
export declare const MAX_COMMAND_BYTES: number;
/** Why a command cannot be run as given because of its size, or undefined. */
export declare function commandSizeProblem(cmd: string): string | undefined;
/**
 * argv for running `cmd` in a shell, or a message when the shell is not one handrail knows. The shell is
 * an absolute path in the system directories (`bash` → /usr/bin/bash), never looked up on the command's
 * PATH, where a directory of the workspace could hold another `bash`.
 */
export declare function shellArgv(shell: string | undefined, cmd: string): {
    argv: string[];
} | {
    message: string;
};
