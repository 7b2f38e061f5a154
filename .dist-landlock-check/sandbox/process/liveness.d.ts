/**
 * This process (and thread): `<boot>.<pidns>.<pid>.<start>.<thread>`; stable for the life of the process.
 * Only characters safe in a file name.
 */
export declare function selfToken(): string;
/** This process: `<boot>.<pidns>.<pid>.<start>`. */
export declare function processToken(): string;
/** The `<boot>.<pidns>.<pid>.<start>` part that names the process in a token (threads die with it). */
export declare function processPart(token: string): string;
/**
 * Whether the process a token (or its process part) names may still run. A process of another PID
 * namespace (another container sharing the directory) cannot be checked from here: it counts as alive, so
 * what it holds is never taken from it (at worst an empty placeholder stays).
 */
export declare function isAlive(token: string): boolean;
