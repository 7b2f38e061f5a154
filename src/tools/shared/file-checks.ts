// What every tool that touches files shares: the file capabilities' type, and path checks that turn a
// policy denial into the error a tool throws.
import path from 'node:path';
import type { fileCapabilities } from '../../core/index.js';
import { ToolError } from '../../core/index.js';
import { canonicalizeSync, type FileAccess, type FileCheck, type FileDenied } from '../../sandbox/index.js';
import type { CapabilitiesOf } from '../../types/index.js';

/** `ctx.capabilities` of a tool that declares `fileCapabilities`: files, fileVersions and fileLocks. */
export type FileCapabilities = CapabilitiesOf<typeof fileCapabilities>;

/** A policy denial as the error a tool throws (class `sandbox_violation`). */
export function denial(check: FileDenied): ToolError {
  // Outside the roots but approvable: only a human's approval of the call (asked about, not allowed by the
  // profile without asking) opens it.
  const message = check.approvable
    ? `${check.message} The owner lets a human approve writing it (approvableWrites), and this call was not approved for it.`
    : check.message;
  return new ToolError('sandbox_violation', message, {
    hint: check.approvable
      ? 'Ask the user to approve the write, or write inside the allowed roots.'
      : 'Use a path inside the allowed roots; the message says which ones.',
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
