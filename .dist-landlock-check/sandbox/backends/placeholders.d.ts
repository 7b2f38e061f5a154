/** Whether a path is a placeholder this process holds: a scan must not mistake it for a real file. */
export declare function isPlaceholder(p: string): boolean;
/**
 * Hold placeholders for protected names (absolute paths): create the missing ones, share those another
 * command (here or in another process) holds. Returns the paths now held; a path left out exists for real
 * (or cannot be made): the caller binds it read-only like any protected path.
 */
export declare function acquirePlaceholders(paths: readonly string[], stateDir?: string): string[];
/** Undo `acquirePlaceholders`: a placeholder nobody holds any more is removed. */
export declare function releasePlaceholders(paths: readonly string[]): void;
/**
 * A predicate: is this path a placeholder some handrail process holds (in this process, or registered in
 * the state directory's registry and still the directory that was made)? The audit uses it so a placeholder
 * another process made during a command is not reported as something the command created.
 */
export declare function placeholderCheck(stateDir?: string): (p: string) => boolean;
/** Release everything this process holds (the exit hook; tests). */
export declare function releaseAllPlaceholders(): void;
/**
 * Clean up after processes that died holding placeholders in this state directory (the next start does
 * this by itself when its first command runs; a runtime may call it earlier).
 */
export declare function sweepPlaceholders(stateDir: string): void;
