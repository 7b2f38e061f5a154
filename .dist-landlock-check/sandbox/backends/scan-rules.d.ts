/**
 * The deny-read and protected globs compiled for a walk over many entries (a `node_modules` of 150,000
 * files): matching every entry's full path against every glob costs more than reading the directories, so
 * the common shapes are answered from the entry's name alone, with exactly the result the file policy's
 * matchers give. Compiled once per set of globs.
 */
/** As the file policy matches deny globs: dot files like any other, `[!x]` a negated class. */
export declare const GLOB_OPTIONS: {
    dot: boolean;
    posix: boolean;
};
/** A name no real glob targets: a directory whose children would all match is hidden (or protected) whole. */
export declare const PROBE = "\0probe";
export interface DenyRules {
    /**
     * Globs without wildcards (`config/prod`, `/ws/.handrail/handrail.db`): each names one path per root (or
     * one absolute path), found by looking it up, whatever the size of the roots.
     */
    literal: {
        relative: string[];
        absolute: string[];
    };
    /** Globs with wildcards: matched against every entry of the walk. Undefined when there are none. */
    match?: (name: string) => boolean;
    /**
     * Whether a glob with wildcards could match at or below a directory, given its absolute path and its
     * paths relative to the roots that hold it: the walk enters no other directory for deny-read's sake.
     */
    reachesInto(abs: string, rels: readonly string[]): boolean;
}
export declare function compileDeny(given: readonly string[]): DenyRules;
/**
 * Whether a root-relative path is protected, as `protectedMatcher` decides, asked of an entry whose
 * parent directories (inside the root) were asked first and were not protected. Globs of the form
 * `**\/name` and `**\/name/**` then depend on the entry's own name only: for an ASCII name, a set lookup
 * of its lower-case form (and that form without trailing dots and spaces, as `normalizeForProtection`
 * strips them). Any other name, and any other glob, goes through picomatch with the whole path.
 */
export declare function compileProtected(extra: readonly string[]): (rel: string, name: string, dir: boolean) => boolean;
