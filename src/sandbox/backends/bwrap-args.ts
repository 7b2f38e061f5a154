import path from 'node:path';
import type { FileRoot } from '../file-policy-types.js';
import type { SandboxIdentity } from '../process/backend-types.js';
import { DEVICE_NAMES } from './root-devices.js';
import type { Mask } from './scan.js';

/** Everything that decides a bwrap command line. */
export interface BwrapLayout {
  bwrap: string;
  identity: SandboxIdentity;
  network: boolean;
  tty: boolean;
  /** Read-only system mounts (from `systemMountArgs`). */
  system: string[];
  extraReadOnly: readonly string[];
  /** Mounts that make name resolution work when the network is shared. */
  resolver: string[];
  tmpSizeBytes: number;
  home: string;
  /** The command proxy's unix socket (network.commands), shown at its own path (see network/bridge.ts). */
  proxySocket?: string;
  roots: readonly FileRoot[];
  /** Host paths outside the roots shown read-only (a program's own files). */
  readPaths?: readonly string[];
  /** Paths bound read-only over themselves: existing protected paths and placeholders. */
  readOnly: readonly string[];
  /**
   * Folders bound writable over themselves (see `pinnedFolders`): a mount point cannot be renamed or removed,
   * so a command cannot move a protected file's folder aside and put a new file where the old one was.
   */
  pinned?: readonly string[];
  masks: readonly Mask[];
  /** An empty file nobody may read, bound over denied files. */
  deniedFile: string;
  cwd: string;
  /** What runs inside: rlimit wrapper and the shell. */
  command: readonly string[];
  /** `mapped-root` only: a directory of private device nodes (see root-devices.ts) bound over bwrap's. */
  devices?: string;
}

/**
 * Parts of /proc a command running as uid 0 without capabilities could still write, since the kernel lets
 * the owner (uid 0) write them without asking for a capability: sysctls (kernel.core_pattern runs a program
 * as host root), sysrq-trigger, and the driver and file system tunables. Bound read-only from the host
 * (sysctls answer for the namespaces of the reader, so the values are the sandbox's own).
 */
export const PROC_READ_ONLY: readonly string[] = [
  'sys',
  'sysrq-trigger',
  'irq',
  'bus',
  'fs',
  'acpi',
  'scsi',
  'driver',
  'tty',
  'mtrr',
];

/**
 * bwrap's argv. Mount order matters: the system, /proc, /dev and /tmp first, then HOME, then the roots and
 * read paths (outer before nested), then read-only and masked paths inside them (outer before nested), so
 * every mount lands on top of the one that contains it.
 */
export function bwrapArgs(layout: BwrapLayout): string[] {
  const args = [layout.bwrap, ...namespaceArgs(layout.identity, layout.network, layout.tty)];
  args.push(...layout.system);
  for (const dir of layout.extraReadOnly) args.push('--ro-bind', dir, dir);
  args.push(...layout.resolver);
  args.push('--proc', '/proc');
  const mappedRoot = layout.identity.mode === 'mapped-root';
  if (mappedRoot)
    for (const name of PROC_READ_ONLY) args.push('--ro-bind-try', `/proc/${name}`, `/proc/${name}`);
  args.push('--dev', '/dev');
  if (mappedRoot && layout.devices) {
    for (const name of DEVICE_NAMES) args.push('--dev-bind', path.join(layout.devices, name), `/dev/${name}`);
  }
  args.push('--perms', '1777', '--size', String(layout.tmpSizeBytes), '--tmpfs', '/tmp');
  args.push('--bind', layout.home, layout.home);
  // Read-only is enough: connecting to a socket is not a write to the file system.
  if (layout.proxySocket) args.push('--ro-bind', layout.proxySocket, layout.proxySocket);
  // Read paths lie outside the roots, but may hold one: bound in the same order, a root lands on top.
  const readPaths = (layout.readPaths ?? []).map((p) => ({ path: p, access: 'read' as const }));
  for (const root of byDepth([...layout.roots, ...readPaths])) {
    args.push(root.access === 'write' ? '--bind' : '--ro-bind', root.path, root.path);
  }
  const layers = byDepth([
    ...(layout.pinned ?? []).map((p) => ({ path: p, kind: 'pin' as const })),
    ...layout.readOnly.map((p) => ({ path: p, kind: 'ro' as const })),
    ...layout.masks.map((m) => ({ path: m.path, kind: m.dir ? ('dir' as const) : ('file' as const) })),
  ]);
  for (const layer of layers) {
    if (layer.kind === 'ro') args.push('--ro-bind', layer.path, layer.path);
    else if (layer.kind === 'pin') args.push('--bind', layer.path, layer.path);
    else if (layer.kind === 'file') args.push('--ro-bind', layout.deniedFile, layer.path);
    else args.push('--perms', '0000', '--tmpfs', layer.path, '--remount-ro', layer.path);
  }
  args.push('--chdir', layout.cwd, '--', ...layout.command);
  return args;
}

function namespaceArgs(identity: SandboxIdentity, network: boolean, tty: boolean): string[] {
  const args = ['--unshare-all', '--unshare-user'];
  if (network) args.push('--share-net');
  if (identity.mode === 'mapped-root') {
    // bwrap run by root keeps capabilities unless told; the command gets none.
    args.push('--uid', '65534', '--gid', '65534', '--cap-drop', 'ALL');
  }
  args.push('--disable-userns', '--die-with-parent');
  // A new session keeps a command from pushing input into handrail's terminal (TIOCSTI). A tty run has
  // its own pseudo-terminal, which must stay its controlling terminal.
  if (!tty) args.push('--new-session');
  return args;
}

/** setpriv in front of bwrap: root drops to the sandbox user (and its group only) before bwrap starts. */
export function dropTo(setpriv: string, identity: SandboxIdentity): string[] {
  return [
    setpriv,
    `--reuid=${identity.uid}`,
    `--regid=${identity.gid}`,
    '--clear-groups',
    '--no-new-privs',
    '--',
  ];
}

/** Parents before children, so every mount lands on top of the one that contains it. */
/**
 * The folders between a writable root and each protected path in it (existing ones, the root left out, as
 * it is a mount already), but none that is itself read-only, masked or below such a path. At most `limit`,
 * shallowest first: each is one more mount.
 */
export function pinnedFolders(
  protectedPaths: readonly string[],
  roots: readonly FileRoot[],
  fixed: readonly string[],
  exists: (dir: string) => boolean,
  limit = 2048,
): string[] {
  const writable = roots.filter((root) => root.access === 'write').map((root) => root.path);
  const covered = (dir: string) => fixed.some((p) => dir === p || dir.startsWith(`${p}/`));
  const pinned = new Set<string>();
  for (const p of protectedPaths) {
    const root = writable.filter((r) => p.startsWith(`${r}/`)).sort((a, b) => b.length - a.length)[0];
    if (!root) continue;
    for (let dir = path.dirname(p); dir !== root && dir.startsWith(`${root}/`); dir = path.dirname(dir)) {
      if (pinned.has(dir)) break;
      if (!covered(dir) && exists(dir)) pinned.add(dir);
    }
  }
  return byDepth([...pinned].map((p) => ({ path: p })))
    .slice(0, limit)
    .map((p) => p.path);
}

function byDepth<T extends { path: string }>(items: T[]): T[] {
  const depth = (p: string) => p.split('/').length;
  return [...items].sort((a, b) => depth(a.path) - depth(b.path) || a.path.localeCompare(b.path));
}
