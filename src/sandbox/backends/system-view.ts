import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isWithin } from '../path-syntax.js';
import type { Mask } from './scan.js';

/** The host directories a sandboxed command sees, read-only: programs, libraries and configuration. */
export const DEFAULT_SYSTEM_PATHS: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
];

type SystemMounts = { args: string[]; shown: string[] };
const systemCache = new Map<string, Promise<SystemMounts>>();

/**
 * bwrap arguments that show the system paths read-only. A merged-/usr link (`/bin -> usr/bin`) is
 * recreated as a link; any other link is bound at its target. Missing paths are skipped. Worked out once
 * per process and list: the layout of / does not change under a running program.
 */
export function systemMountArgs(paths: readonly string[]): Promise<SystemMounts> {
  const key = paths.join('\u0000');
  let cached = systemCache.get(key);
  if (!cached) {
    cached = computeSystemMounts(paths);
    systemCache.set(key, cached);
  }
  return cached;
}

async function computeSystemMounts(paths: readonly string[]): Promise<SystemMounts> {
  const args: string[] = [];
  const shown: string[] = [];
  const realDirs: string[] = [];
  const links: Array<{ at: string; target: string; real: string }> = [];
  for (const p of paths) {
    const stat = await fs.lstat(p).catch(() => undefined);
    if (!stat) continue;
    if (stat.isSymbolicLink()) {
      const real = await fs.realpath(p).catch(() => undefined);
      if (real) links.push({ at: p, target: await fs.readlink(p), real });
      continue;
    }
    realDirs.push(p);
    args.push('--ro-bind', p, p);
    shown.push(p);
  }
  for (const link of links) {
    if (realDirs.some((dir) => isWithin(link.real, dir))) args.push('--symlink', link.target, link.at);
    else args.push('--ro-bind', link.real, link.at);
    shown.push(link.at);
  }
  return { args, shown };
}

let rootOnly: Promise<Mask[]> | undefined;

/**
 * Entries under /etc that other users may not read (shadow, private keys, database configuration): hidden
 * from a command that runs as root in a user namespace, where the kernel's own checks would let it read
 * them. Walked once per process.
 */
export function rootOnlySystemEntries(): Promise<Mask[]> {
  rootOnly ??= (async () => {
    const masks: Mask[] = [];
    const walk = async (dir: string): Promise<void> => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.isSymbolicLink()) continue;
        const abs = path.join(dir, entry.name);
        const stat = await fs.lstat(abs).catch(() => undefined);
        if (!stat) continue;
        const isDir = stat.isDirectory();
        const open = isDir ? (stat.mode & 0o005) === 0o005 : (stat.mode & 0o004) !== 0;
        if (!open) masks.push({ path: abs, dir: isDir });
        else if (isDir) await walk(abs);
      }
    };
    await walk('/etc');
    return masks;
  })();
  return rootOnly;
}
