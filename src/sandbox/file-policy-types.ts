import type { Stats } from 'node:fs';
import type { ApprovableArea } from './approvable-writes.js';

/** A directory tools may read, or read and write. */
export interface FileRoot {
  path: string;
  access: 'read' | 'write';
}

/** The file part of a turn's execution security snapshot. */
export interface FilePolicyConfig {
  roots: FileRoot[];
  /** Relative paths resolve against this; must be inside a root (default: the first root). */
  cwd?: string;
  /** Globs (matched against canonical absolute paths, and against paths relative to each root) never read. */
  denyRead?: string[];
  /** Extra protected globs (relative to each writable root), on top of the built-in list. */
  protectedPaths?: string[];
  /** handrail's own state directory: protected when it lies inside a writable root. */
  stateDir?: string;
  /**
   * Absolute globs outside the roots that a human may approve writing to, one canonical path at a time, for
   * a call or a turn (`/tmp/exports/**`, `~/Downloads/*.csv` once resolved). Never a protected or deny-read
   * path, never inside a root; a glob must name a folder (`/**` is refused).
   */
  approvableWrites?: string[];
  /** `approvableWrites` compiled once (compileApprovableWrites), which wins over it: every turn gets the same areas. */
  approvableAreas?: readonly ApprovableArea[];
  /** Absolute paths (files or folders) that stay read-only wherever they are: custom policy files, say. */
  protectedFiles?: string[];
}

export const FILE_DENIAL_REASONS = [
  'empty_path',
  'invalid_path',
  'outside_roots',
  'symlink_escape',
  'write_requires_writable_root',
  'protected_path',
  'deny_read',
  'not_regular_file',
  'hardlink',
  'changed_since_approval',
] as const;
export type FileDenialReason = (typeof FILE_DENIAL_REASONS)[number];

/** What a checked path resolved to. I/O must go through `path` and confirm `dev`/`ino` when it exists. */
export interface FileAllowed {
  ok: true;
  /** The path as the model gave it. */
  requested: string;
  /** Canonical absolute path (realpath of the target, or of its deepest existing ancestor + plain names). */
  path: string;
  /** Path relative to the cwd when inside it, else absolute: what messages show the model. */
  display: string;
  /** The root that contains it. */
  root: FileRoot;
  /** lstat of the canonical target when it exists. */
  stat?: Stats;
}

export interface FileDenied {
  ok: false;
  reason: FileDenialReason;
  /** A sentence for the model that says what is allowed, e.g. the writable roots and the cwd. */
  message: string;
  requested: string;
  path?: string;
  /**
   * The path is outside the roots but inside `approvableWrites`, and nothing else refuses it: a human may
   * approve writing it (`forApprovedCall`).
   */
  approvable?: true;
}

export type FileCheck = FileAllowed | FileDenied;

/** What kind of target a check expects. */
export interface CheckOptions {
  /** 'file' (default) requires a regular file when the target exists; 'directory' a directory; 'any' either. */
  kind?: 'file' | 'directory' | 'any';
}

/**
 * The turn's file capability. Every file tool checks every path through it before touching the disk, and
 * does its I/O through `safe-fs` with the checked result.
 */
export interface FileAccess {
  readonly cwd: string;
  readonly roots: readonly FileRoot[];
  checkRead(path: string, opts?: CheckOptions): Promise<FileCheck>;
  checkWrite(path: string, opts?: CheckOptions): Promise<FileCheck>;
  /** Whether a canonical path (e.g. found while walking a directory) may be read; no I/O. */
  isReadable(canonicalPath: string): boolean;
  /** The deny-read rule covering an absolute path (it need not exist, nor be inside a root), or undefined. */
  denyReadRule(absolutePath: string): string | undefined;
  /** The deny-read rules the owner set (the runtime's own, on its state directory, left out). */
  readonly ownDenyRead: readonly string[];
  /** Canonical path → what to show the model (relative to cwd when inside it). */
  display(canonicalPath: string): string;
  /**
   * The file checker of one approved call: `approved` canonical paths (outside the roots, inside
   * `approvableWrites`) become writable — and readable as files, since an edit or a patch reads what it
   * changes; a path the owner did not mark as approvable, or one that is protected or deny-read, stays
   * refused whatever is passed here. With `writesOnly`, a write must resolve to one of those canonical paths
   * (what the human was shown): a link retargeted after the approval is refused (`changed_since_approval`).
   */
  forApprovedCall(opts: { approved?: readonly string[]; writesOnly?: readonly string[] }): FileAccess;
}
