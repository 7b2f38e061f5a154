import type { SpawnFunction } from '../../sandbox/index.js';
export interface PtySpawnOptions {
    cols?: number;
    rows?: number;
}
export declare const DEFAULT_COLS = 120;
export declare const DEFAULT_ROWS = 40;
/** A spawner whose child is a pty: output arrives on `stdout` (stderr is merged by the terminal). */
export declare function ptySpawn(opts?: PtySpawnOptions): SpawnFunction;
