// Who the tests run as. As root, test workspaces are given to TEST_UID: bwrap then runs commands as that
// ordinary user (the default for a workspace with a non-root owner), and the workspace stays writable.
import { chownSync } from 'node:fs';
import { tempDir } from './temp.js';

export const isRoot = process.geteuid?.() === 0;

/** The uid test workspaces belong to when the tests run as root (no passwd entry needed). */
export const TEST_UID = 4242;

/** Give a path to TEST_UID when running as root. */
export function own(p: string): void {
  if (isRoot) chownSync(p, TEST_UID, TEST_UID);
}

/** A temporary directory (removed after the test) that belongs to TEST_UID when running as root. */
export function ownedTempDir(prefix = 'handrail-owned-'): string {
  const dir = tempDir(prefix);
  own(dir);
  return dir;
}
