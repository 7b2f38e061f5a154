/** Built by `native/landlock/build.mjs` at install (src/ and dist/ lie at the same depth). */
export declare const DEFAULT_LANDLOCK_HELPER: string;
export interface LandlockSupport {
    /** The kernel's Landlock ABI version (0: none). */
    abi: number;
    /** Whether the helper has a seccomp filter for this architecture (Unix sockets, UDP, io_uring). */
    seccomp: boolean;
    /** Why the backend cannot run commands at all. */
    unavailable?: string;
}
/** Ask the helper for the kernel's Landlock ABI (a syscall; about a millisecond), once per helper path. */
export declare function landlockSupport(helper: string): LandlockSupport;
/** Forget what was found (tests; after building the helper). */
export declare function clearLandlockSupport(): void;
