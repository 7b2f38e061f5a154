import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../../core/index.js';
import { type FileAccess, type FileAllowed, type FileCheck, sameVersion } from '../../../sandbox/index.js';
import { denial } from '../../shared/file-checks.js';
import type { PatchOp } from './types.js';

/** A path of the patch after the file policy allowed it. */
export interface Target {
  /** The path as written in the patch: what messages and the summary show. */
  given: string;
  canonical: string;
  write: FileAllowed;
  /** Present for paths read: update and delete sources, and existing files an add or a move replaces. */
  read?: FileAllowed;
}

export interface ResolvedOp {
  op: PatchOp;
  /** The path the operation names (the file added, deleted or updated). */
  source: Target;
  /** An update's `*** Move to:` destination. */
  dest?: Target;
}

type Verb = 'add' | 'delete' | 'update' | 'move to';

/**
 * Check every path of the patch through the file policy before anything is read: sources of updates and
 * deletes must be readable and writable, every path written or created must be writable. The first denial
 * stops the patch; the result's canonical paths are what gets locked.
 */
export async function resolveTargets(ops: readonly PatchOp[], files: FileAccess): Promise<ResolvedOp[]> {
  const resolved: ResolvedOp[] = [];
  for (const op of ops) {
    if (op.kind === 'add') {
      resolved.push({ op, source: await target(files, op.path, 'add', false) });
    } else if (op.kind === 'delete') {
      const source = await target(files, op.path, 'delete', true);
      await refuseLeafLink(files, op.path, 'delete');
      resolved.push({ op, source });
    } else {
      const entry: ResolvedOp = { op, source: await target(files, op.path, 'update', true) };
      if (op.moveTo !== undefined) await refuseLeafLink(files, op.path, 'move');
      if (op.moveTo !== undefined) entry.dest = await target(files, op.moveTo, 'move to', false);
      resolved.push(entry);
    }
  }
  return resolved;
}

/**
 * Whether the checks still describe the disk: every path still is (or still is not) the file it was when
 * checked. When another patch replaced one while this one waited for its lock, the checks are redone.
 */
export async function stillCurrent(resolved: readonly ResolvedOp[]): Promise<boolean> {
  for (const { source, dest } of resolved) {
    for (const target of dest ? [source, dest] : [source]) {
      const now = await fs.lstat(target.canonical).catch(() => undefined);
      const then = target.write.stat;
      if (!now !== !then) return false;
      if (then && !sameVersion(now, then)) return false;
    }
  }
  return true;
}

/**
 * Deleting or moving through a symbolic link would remove the link's target and leave the link behind,
 * while the summary names the link: refuse, and say what the link points to.
 */
async function refuseLeafLink(files: FileAccess, given: string, verb: 'delete' | 'move'): Promise<void> {
  const lexical = path.resolve(files.cwd, given);
  const stat = await fs.lstat(lexical).catch(() => undefined);
  if (!stat?.isSymbolicLink()) return;
  const target = await fs.readlink(lexical).catch(() => '?');
  throw new ToolError(
    'invalid_arguments',
    `apply_patch verification failed: cannot ${verb} ${given}: it is a symbolic link (to ${target}); apply_patch ${verb}s regular files only.`,
    { hint: 'Patch the file the link points to, or remove the link with a shell command.' },
  );
}

/** Check `given` for writing, and for reading when the operation reads it or replaces an existing file. */
async function target(files: FileAccess, given: string, verb: Verb, reads: boolean): Promise<Target> {
  const write = allowed(await files.checkWrite(given, { kind: 'file' }), given, verb);
  const result: Target = { given, canonical: write.path, write };
  if (reads || write.stat) result.read = allowed(await files.checkRead(given, { kind: 'file' }), given, verb);
  return result;
}

function allowed(check: FileCheck, given: string, verb: Verb): FileAllowed {
  if (check.ok) return check;
  if (check.reason === 'not_regular_file') {
    // The policy says "Cannot write x: it is a directory, not a file"; say it in terms of the operation.
    const what = check.message.replace(/^Cannot \w+ [^:]*: /, '').replace(/\.$/, '');
    const action = verb === 'move to' ? `move a file to ${given}` : `${verb} ${given}`;
    throw new ToolError(
      'invalid_arguments',
      `apply_patch verification failed: cannot ${action}: ${what}; apply_patch works on files only.`,
      { hint: 'Name a regular file in the patch.' },
    );
  }
  throw denial(check);
}
