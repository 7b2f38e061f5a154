/** Landlock's filesystem rights (LANDLOCK_ACCESS_FS_*), as the kernel numbers them. */
export declare const FS: {
    readonly EXECUTE: number;
    readonly WRITE_FILE: number;
    readonly READ_FILE: number;
    readonly READ_DIR: number;
    readonly REMOVE_DIR: number;
    readonly REMOVE_FILE: number;
    readonly MAKE_CHAR: number;
    readonly MAKE_DIR: number;
    readonly MAKE_REG: number;
    readonly MAKE_SOCK: number;
    readonly MAKE_FIFO: number;
    readonly MAKE_BLOCK: number;
    readonly MAKE_SYM: number;
    readonly REFER: number;
    readonly TRUNCATE: number;
    readonly IOCTL_DEV: number;
};
/** Read, list and run. */
export declare const READ: number;
/** What makes, removes or moves entries of a directory. */
export declare const CHANGE_ENTRIES: number;
/** Everything a writable root allows (device nodes need CAP_MKNOD, which no command has). */
export declare const WRITE: number;
/** The rights that mean anything on a file (the rest apply to directories). */
export declare const FILE_RIGHTS: number;
/** What a command may do at a path and beneath it, unless a deeper directive says otherwise. */
export interface Directive {
    path: string;
    /** Landlock rights; 0: nothing (a deny-read path). */
    access: number;
}
export interface LandlockRule {
    path: string;
    access: number;
}
export interface CompiledRules {
    rules: LandlockRule[];
    /**
     * Directories whose own entries cannot be made, removed or renamed although their directive allows it:
     * the price of carving a path with less access out of them.
     */
    closed: string[];
    /** Directories that could not be listed to carve them (they get only what every carved path keeps). */
    unreadable: string[];
}
/**
 * Turn directives (absolute canonical paths; the deepest directive over a path decides, the last one given
 * for the same path wins) into additive Landlock rules. Directories on the way to a path with less access
 * are read from disk; entries that appear there later get only what their directory got. Symbolic links
 * get no rule: access through one is decided where its target lies.
 */
export declare function compileRules(directives: readonly Directive[]): CompiledRules;
/** The rules as the helper reads them: NUL-terminated pairs of hexadecimal rights and path. */
export declare function serializeRules(rules: readonly LandlockRule[]): Buffer;
