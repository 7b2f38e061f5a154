import type { FileAccess } from '../../../sandbox/index.js';
/** 1234 → "1,234", as every count the model sees is written. */
export declare function count(n: number): string;
/** A searched directory as messages name it: "src", or "the current directory (/abs/path)". */
export declare function where(files: FileAccess, canonical: string): string;
/**
 * Cut a line to `max` characters (code points, so a surrogate pair is never split), marking the cut. Both
 * grep implementations cut through here, so a long line reads the same whichever one found it.
 */
export declare function cutLine(text: string, max: number): string;
/** Compare two strings by code unit, the order every listing here uses (stable across locales). */
export declare function byCodeUnit(a: string, b: string): number;
/** "1 entry", "2 entries", "1,234 entries". */
export declare function counted(n: number, singular: string, plural: string): string;
