import path from 'node:path';
import { ToolError } from '../../core/errors.js';
import { canonicalizeSync } from '../../sandbox/canonical.js';
import type { FileAccess, FileCheck, FileDenied } from '../../sandbox/file-policy-types.js';
import type { FileLocks, FileVersions } from '../../sandbox/file-versions.js';
import type { ToolContext } from '../../types/index.js';

/** What file tools receive from their turn. */
export interface FsCapabilities {
  files: FileAccess;
  versions: FileVersions;
  locks: FileLocks;
}

/** The turn's file capabilities; a tool run outside a turn that has them fails closed. */
export function fsCapabilities(ctx: ToolContext): FsCapabilities {
  const { files, fileVersions, fileLocks } = ctx.capabilities as {
    files?: FileAccess;
    fileVersions?: FileVersions;
    fileLocks?: FileLocks;
  };
  if (!files || !fileVersions || !fileLocks) {
    throw new ToolError(
      'internal',
      `${ctx.toolName} needs the turn's file capabilities, and this turn has none.`,
    );
  }
  return { files, versions: fileVersions, locks: fileLocks };
}

/** A policy denial as the error a tool throws (class `sandbox_violation`). */
export function denial(check: FileDenied): ToolError {
  return new ToolError('sandbox_violation', check.message, {
    hint: 'Use a path inside the allowed roots; the message says which ones.',
    details: { reason: check.reason, path: check.path ?? check.requested },
  });
}

/** Check a path, throwing the denial; the common case for tools. */
export async function mustRead(
  files: FileAccess,
  requested: string,
  kind: 'file' | 'directory' | 'any' = 'file',
) {
  const check = await files.checkRead(requested, { kind });
  if (!check.ok) throw denial(check);
  return check;
}

export async function mustWrite(files: FileAccess, requested: string) {
  const check = await files.checkWrite(requested, { kind: 'file' });
  if (!check.ok) throw denial(check);
  return check;
}

/** Narrow a FileCheck to allowed or throw its denial. */
export function allowed(check: FileCheck) {
  if (!check.ok) throw denial(check);
  return check;
}

/** Canonical paths for a permission intent, computed synchronously before any I/O. */
export function intentPaths(cwd: string, paths: string[]): string[] {
  return paths
    .filter((p) => typeof p === 'string' && p !== '')
    .map((p) => canonicalizeSync(path.resolve(cwd, p)));
}
