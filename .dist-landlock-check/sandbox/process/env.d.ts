/**
 * Host variables a command inherits (plus the locale categories, LOCALE_VARS), each checked like a model's
 * variable. Nothing else from handrail's environment. PATH is rebuilt (see `sandboxPath`).
 */
export declare const HOST_ENV_ALLOWLIST: readonly string[];
/** The locale variables a command inherits: the POSIX and glibc categories, not any LC_ name. */
export declare const LOCALE_VARS: readonly string[];
/** The PATH a command gets when the host's has no usable entry. */
export declare const DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";
/** The variable that marks every process of one run, so a tree can be found after it daemonized. */
export declare const RUN_MARKER_VAR = "HANDRAIL_RUN";
/** Set for runs without a terminal, so programs print plain text and never wait in a pager. */
export declare const NON_TTY_ENV: Readonly<Record<string, string>>;
/** Why a model-supplied variable name is refused, or undefined when it is allowed. Case-insensitive. */
export declare function envRefusalReason(name: string): string | undefined;
export interface EnvRefusal {
    name: string;
    reason: string;
}
/** The message for refused variables, naming each one and why. */
export declare function envRefusalMessage(refused: readonly EnvRefusal[]): string;
export interface EnvInput {
    /** handrail's own environment (only the allowlist is read). */
    host: NodeJS.ProcessEnv;
    home: string;
    tmp: string;
    tty: boolean;
    runId: string;
    /** Added by the profile: trusted configuration, not filtered. */
    extra?: Record<string, string>;
    /** Given by the model: each variable checked. */
    model?: Record<string, unknown>;
    /** Canonical writable roots: no entry of the host's PATH inside one reaches the command. */
    writableRoots?: readonly string[];
}
export type EnvResult = {
    ok: true;
    env: Record<string, string>;
} | {
    ok: false;
    refused: EnvRefusal[];
};
/** Build a command's environment. Model variables that are refused fail the whole build. */
export declare function buildCommandEnv(input: EnvInput): EnvResult;
/**
 * The host's PATH as a command may use it: absolute entries only (an empty or relative entry searches the
 * working directory), none inside a writable root (a `node_modules/.bin` or `./bin` first on the host's
 * PATH would let a file of the workspace stand in for `ls` or `git`), each once. A PATH the profile sets
 * (`extraEnv`) is the user's own choice and replaces this one.
 */
export declare function sandboxPath(hostPath: string | undefined, writableRoots: readonly string[]): string;
