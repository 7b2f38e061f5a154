/** Resource limits for a command and everything it starts. */
export interface Rlimits {
    /** RLIMIT_NPROC: processes of the sandbox user inside the sandbox's user namespace (bwrap only). */
    processes: number;
    /** RLIMIT_FSIZE in bytes: the largest file a command may write. */
    fileSizeBytes: number;
    /** RLIMIT_NOFILE: open file descriptors per process. */
    openFiles: number;
    /** RLIMIT_AS in bytes: virtual address space per process (V8's WebAssembly reservations need ~10 GiB). */
    addressSpaceBytes: number;
}
export declare const DEFAULT_RLIMITS: Rlimits;
/** Resolve a partial override against the defaults; non-positive or non-finite values are ignored. */
export declare function resolveRlimits(override?: Partial<Rlimits>): Rlimits;
/**
 * `prlimit` arguments that apply the limits to the program that follows. An unprivileged process cannot
 * raise a hard limit, so each value is capped at handrail's own hard limit. RLIMIT_NPROC counts every
 * process of the real uid in the user namespace where the check happens, so it is only set where that
 * namespace is the sandbox's own (bwrap), never for `none`.
 */
export declare function prlimitArgs(prlimit: string, limits: Rlimits, opts: {
    processes: boolean;
}): string[];
