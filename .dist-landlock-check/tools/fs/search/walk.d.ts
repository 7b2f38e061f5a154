import type { FileAccess } from '../../../sandbox/index.js';
export type EntryKind = 'dir' | 'file' | 'symlink' | 'fifo' | 'socket' | 'device';
export interface WalkEntry {
    /** Canonical path (for a symbolic link, the link's own path: links are never followed). */
    path: string;
    /** Relative to the walk's start, with `/`. */
    rel: string;
    name: string;
    /** 1 for a child of the start. */
    depth: number;
    kind: EntryKind;
    /** Matched an ignore rule or lies in an ignored directory (seen only with `includeIgnored`). */
    ignored: boolean;
}
export interface WalkOptions {
    files: FileAccess;
    signal?: AbortSignal;
    /** Levels below the start to visit (default: no limit). */
    maxDepth?: number;
    /** Visit ignored entries too (marked), and descend into ignored directories. */
    includeIgnored?: boolean;
    /** Entries visited before the walk stops; it then reports `capped`. */
    maxEntries: number;
    /** Pre-order, directories first and then by name, one directory at a time (for listings). */
    ordered?: boolean;
    /** Whether to enter a directory; lets a glob's fixed prefix prune the walk. */
    descend?: (entry: WalkEntry) => boolean;
    /** Directories read at once when not ordered (default 8). */
    concurrency?: number;
}
export interface WalkSummary {
    visited: number;
    capped: boolean;
    /** Entries skipped because an ignore rule matched them (their contents are not counted). */
    ignored: number;
    /** Subdirectories that could not be listed (removed meanwhile, no permission). */
    unreadable: number;
}
/**
 * Walk a checked directory: never follows symbolic links (they are visited as entries, not entered), never
 * enters `.git`, skips what the file policy will not let us read, and applies ignore files the way ripgrep
 * does (see ignore-rules.ts). Bounded by `maxEntries`.
 */
export declare function walk(start: string, opts: WalkOptions, visit: (entry: WalkEntry) => void): Promise<WalkSummary>;
/** Directories first, then everything else, each by name. */
export declare function listingOrder(a: WalkEntry, b: WalkEntry): number;
