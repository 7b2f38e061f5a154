import { execFile } from 'node:child_process';
import { promises as fs, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FileRoot } from '../file-policy-types.js';
import { isWithin } from '../path-syntax.js';
import { findExecutable } from '../process/executables.js';
import { DEFAULT_SYSTEM_PATHS } from '../process/program-paths.js';
import type { Mask } from './scan.js';

/** The host directories a sandboxed command sees, read-only: programs, libraries and configuration. */
export { DEFAULT_SYSTEM_PATHS };

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

/** What a command running as uid 0 without capabilities must not see, and how complete the search was. */
export interface RootOnlyScan {
  /** Entries owned by uid or gid 0 that others may not read (files) or enter (directories), outermost. */
  masks: Mask[];
  /** False when the walk stopped at its limit, or failed: deeper root-only entries may be readable. */
  complete: boolean;
  /** How long the search took (once per process and list, then cached). */
  ms: number;
}

/** The search is redone after this long, for root-only files created while handrail runs. */
export const ROOT_ONLY_TTL_MS = 10 * 60 * 1000;
/** Entries the fallback walk (no GNU/busybox find) visits before it stops. */
const MAX_WALK_ENTRIES = 500_000;
const FIND_TIMEOUT_MS = 60_000;

const rootOnlyCache = new Map<string, { at: number; scan: Promise<RootOnlyScan> }>();

/**
 * The entries of the sandbox's view that only root may read: files owned by uid 0 or gid 0 without the
 * read bit for others (/etc/shadow, /etc/gshadow, private keys under /etc/ssl/private, a 0600 sudoers
 * drop-in), directories owned by uid 0 or gid 0 that others may not enter (/etc/polkit-1/rules.d, a 0700
 * /root shown through readOnlyPaths). A command that runs as uid 0 without capabilities (`mapped-root`)
 * would pass the kernel's permission checks on them as their owner; the sandbox hides them instead. Files
 * of other users (a 0700 home) need no mask: without CAP_DAC_OVERRIDE uid 0 is an ordinary stranger there.
 *
 * `visible` is the list of host paths the sandbox shows (system and extra read-only paths). Searched with
 * `find` (one process, about 0.5 s for 140,000 entries with a warm cache), or walked in JavaScript where
 * there is no find; cached per process and list for ROOT_ONLY_TTL_MS.
 */
export function rootOnlyEntries(visible: readonly string[]): Promise<RootOnlyScan> {
  const key = visible.join('\u0000');
  const hit = rootOnlyCache.get(key);
  if (hit && Date.now() - hit.at < ROOT_ONLY_TTL_MS) return hit.scan;
  const scan = searchRootOnly(visible);
  rootOnlyCache.set(key, { at: Date.now(), scan });
  return scan;
}

/** Forget the cached searches (tests). */
export function clearRootOnlyCache(): void {
  rootOnlyCache.clear();
}

async function searchRootOnly(visible: readonly string[]): Promise<RootOnlyScan> {
  const started = performance.now();
  const targets = await walkTargets(visible);
  const find = findExecutable('find');
  let found = find ? await findRootOnly(find, targets) : undefined;
  found ??= await walkRootOnly(targets);
  const masks = (await Promise.all(found.paths.map(asMask))).filter((m): m is Mask => m !== undefined);
  return { masks, complete: found.complete, ms: Math.round(performance.now() - started) };
}

/**
 * The visible paths to search: each shown directory once (a merged-/usr link such as /bin -> usr/bin is
 * searched under /usr); a link shown at its target's place is searched through the link (find -H), so the
 * entries come out at the paths the sandbox has them.
 */
async function walkTargets(visible: readonly string[]): Promise<string[]> {
  const reals = await Promise.all(visible.map((p) => fs.realpath(p).catch(() => undefined)));
  const targets: string[] = [];
  const seen = new Set<string>();
  visible.forEach((p, i) => {
    const real = reals[i];
    if (!real || seen.has(real)) return;
    const inside = reals.some((other, j) => j !== i && other && other !== real && isWithin(real, other));
    if (inside) return;
    seen.add(real);
    targets.push(p);
  });
  return targets;
}

/** Root-owned (uid or gid 0), and others lack read (files) or search (directories). */
const FIND_EXPRESSION = [
  '(',
  '-user',
  '0',
  '-o',
  '-group',
  '0',
  ')',
  '(',
  '(',
  '-type',
  'd',
  '!',
  '-perm',
  '-0001',
  ')',
  '-o',
  '(',
  '!',
  '-type',
  'd',
  '!',
  '-type',
  'l',
  '!',
  '-perm',
  '-0004',
  ')',
  ')',
  '-prune',
  '-print0',
];

function findRootOnly(
  find: string,
  targets: readonly string[],
): Promise<{ paths: string[]; complete: boolean } | undefined> {
  if (targets.length === 0) return Promise.resolve({ paths: [], complete: true });
  return new Promise((resolve) => {
    execFile(
      find,
      ['-H', ...targets, ...FIND_EXPRESSION],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: FIND_TIMEOUT_MS, env: { LC_ALL: 'C' } },
      (error, stdout, stderr) => {
        // Exit 1 with output: some entry vanished or could not be read while find ran; the rest is good.
        // An unknown option (a find without -print0) or a timeout: fall back to the walk.
        const code = (error as { code?: unknown } | null)?.code;
        const usable =
          !error || (code === 1 && !/unknown|unrecognized|invalid|usage/i.test(stderr) && stdout !== '');
        if (!usable) return resolve(undefined);
        resolve({ paths: stdout.split('\u0000').filter(Boolean), complete: !error });
      },
    );
  });
}

async function walkRootOnly(targets: readonly string[]): Promise<{ paths: string[]; complete: boolean }> {
  const paths: string[] = [];
  let budget = MAX_WALK_ENTRIES;
  const visit = async (abs: string, top: boolean): Promise<void> => {
    if (budget-- <= 0) return;
    const stat = await (top ? fs.stat(abs) : fs.lstat(abs)).catch(() => undefined);
    if (!stat || stat.isSymbolicLink()) return;
    const isDir = stat.isDirectory();
    if ((stat.uid === 0 || stat.gid === 0) && (stat.mode & (isDir ? 0o001 : 0o004)) === 0) {
      paths.push(abs);
      return;
    }
    if (!isDir) return;
    const names = await fs.readdir(abs).catch(() => []);
    for (const name of names) await visit(path.join(abs, name), false);
  };
  for (const target of targets) await visit(target, true);
  return { paths, complete: budget > 0 };
}

async function asMask(p: string): Promise<Mask | undefined> {
  const stat = await fs.stat(p).catch(() => undefined);
  return stat ? { path: p, dir: stat.isDirectory() } : undefined;
}

/**
 * The masks that apply to one command: a mask inside a root gives way to the root (the policy shows the
 * roots); a masked directory that contains a root is replaced by masks of everything beside the way down to
 * that root, so the root stays reachable and the rest stays hidden.
 */
export async function masksOutsideRoots(masks: readonly Mask[], roots: readonly FileRoot[]): Promise<Mask[]> {
  const rootPaths = roots.map((root) => root.path);
  const out: Mask[] = [];
  for (const mask of masks) {
    if (rootPaths.some((root) => isWithin(mask.path, root))) continue;
    const inside = rootPaths.filter((root) => isWithin(root, mask.path));
    if (!mask.dir || inside.length === 0) out.push(mask);
    else out.push(...(await around(mask.path, inside)));
  }
  return out;
}

async function around(dir: string, roots: readonly string[]): Promise<Mask[]> {
  const out: Mask[] = [];
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    // Binding over a link would hide its target instead; a link's own text is not a secret.
    if (entry.isSymbolicLink()) continue;
    const inside = roots.filter((root) => isWithin(root, abs));
    if (inside.length === 0) out.push({ path: abs, dir: entry.isDirectory() });
    else if (!inside.includes(abs)) out.push(...(await around(abs, inside)));
  }
  return out;
}

/**
 * Files at the top of /proc that only root may read (kpageflags, timer_list, slabinfo, ...): a fresh /proc
 * in the sandbox shows them again even where a container runtime hid them on the host. Found from the
 * host's /proc, plus those a container runtime may have replaced there; only names that exist are kept.
 */
const PROC_ROOT_ONLY = [
  'kcore',
  'kmsg',
  'kpagecgroup',
  'kpagecount',
  'kpageflags',
  'pagetypeinfo',
  'slabinfo',
  'timer_list',
  'sched_debug',
  'vmallocinfo',
];

let procMasks: Mask[] | undefined;

export function procRootOnlyFiles(): Mask[] {
  if (procMasks) return procMasks;
  const names = new Set(PROC_ROOT_ONLY);
  try {
    for (const name of readdirSync('/proc')) {
      if (/^\d+$/.test(name)) continue;
      const stat = lstatSync(path.join('/proc', name));
      if (stat.isFile() && stat.uid === 0 && (stat.mode & 0o004) === 0) names.add(name);
    }
  } catch {
    // no /proc: nothing to hide
  }
  procMasks = [...names]
    .map((name) => path.join('/proc', name))
    .filter((p) => {
      try {
        return !lstatSync(p).isDirectory();
      } catch {
        return false;
      }
    })
    .map((p) => ({ path: p, dir: false }));
  return procMasks;
}
