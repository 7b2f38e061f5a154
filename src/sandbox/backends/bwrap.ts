import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  promises as fs,
  lstatSync,
  realpathSync,
} from 'node:fs';
import path from 'node:path';
import { ensureStateDir, stateDirProblem } from '../../store/index.js';
import { bridgeLauncher } from '../network/index.js';
import { isWithin } from '../path-syntax.js';
import type {
  BackendStatus,
  SandboxBackend,
  SandboxCommand,
  SandboxIdentity,
  SandboxPolicy,
  WrapResult,
} from '../process/backend-types.js';
import { findExecutable } from '../process/executables.js';
import { createPidsCgroup, joinArgs, type PidsCgroup, pidsCgroupSupport } from '../process/pids-cgroup.js';
import { prlimitArgs } from '../process/rlimits.js';
import { BUILTIN_PROTECTED_GLOBS, homeProtectedPaths } from '../protected-paths.js';
import { type CommandAudit, commandAudit, identities } from './audit.js';
import { bwrapArgs, dropTo, pinnedFolders } from './bwrap-args.js';
import { type GitSnapshot, snapshotGit } from './git-audit.js';
import {
  chooseIdentity,
  type HostViewOptions,
  identityReachProblem,
  neverReachable,
  reachProblem,
} from './identity.js';
import { mappedRootView } from './mapped-root.js';
import { acquirePlaceholders, placeholderCheck, releasePlaceholders } from './placeholders.js';
import {
  firstMissing,
  type Mask,
  mostSpecificRoot,
  pathExists,
  placeholderNames,
  scanPolicyPaths,
  scanRefusal,
  unlistedNote,
} from './scan.js';
import { stateView, withMounts } from './state-view.js';
import { DEFAULT_SYSTEM_PATHS, rootOnlyEntries, systemMountArgs } from './system-view.js';

export interface BwrapOptions extends HostViewOptions {
  /** Path to bwrap (default: found in the system directories). */
  bwrapPath?: string;
  /** Size of the command's private /tmp (a tmpfs, so it counts against memory); default 1 GiB. */
  tmpSizeBytes?: number;
  /** Hold missing protected names at the top of writable roots with read-only placeholders; default true. */
  placeholders?: boolean;
  /** After each command, look for protected paths it created deeper down (and report them); default true. */
  audit?: boolean;
}

const GiB = 1024 ** 3;

/**
 * The bubblewrap backend: a fresh mount namespace showing the system read-only, the roots as the file
 * policy says, deny-read paths hidden, protected paths read-only; new user, PID, IPC, UTS, cgroup and
 * (unless the profile allows the network) network namespaces; a fresh /proc, /dev and /tmp; no further
 * user namespaces; killed with its parent. The command's environment is bwrap's own environment (already
 * filtered), so nothing reaches bwrap's argv, which any process in the sandbox can read at /proc/1/cmdline.
 */
export function createBwrapBackend(options: BwrapOptions = {}): SandboxBackend {
  const bwrap = options.bwrapPath ?? findExecutable('bwrap');
  const runnable = bwrap ? isExecutable(bwrap) : false;
  const setpriv = findExecutable('setpriv');
  const shPath = findExecutable('sh') ?? '/bin/sh';
  const prlimit = findExecutable('prlimit');
  const runAs = options.runAs ?? 'auto';
  const euid = process.geteuid?.() ?? -1;
  const egid = process.getegid?.() ?? -1;
  const maxScanEntries = options.maxScanEntries ?? 1_000_000;
  // Commands that run as uid 0 (mapped-root) need the search for root-only files (cached per process; see
  // rootOnlyEntries). With runAs 'root' every command does: it starts now. Under 'auto' it starts with the
  // first command that needs it, which is no later (the backend is made for the first command): a workspace
  // with an owner never pays for it, nor do its first commands compete with it for the CPU.
  if (euid === 0 && runAs === 'root') {
    void (async () => {
      const system = await systemMountArgs([...(options.systemPaths ?? DEFAULT_SYSTEM_PATHS)]);
      await rootOnlyEntries([...system.shown, ...(await existing(options.readOnlyPaths ?? []))]);
    })().catch(() => undefined);
  }

  const status = (): BackendStatus => {
    if (process.platform !== 'linux') return { state: 'unavailable', reason: 'bwrap needs Linux.' };
    if (!bwrap) {
      return {
        state: 'unavailable',
        reason: 'bwrap is not installed (install the bubblewrap package).',
      };
    }
    if (!runnable) return { state: 'unavailable', reason: `bwrap is not an executable program at ${bwrap}.` };
    if (euid === 0 && runAs !== 'root' && !setpriv) {
      return {
        state: 'unavailable',
        reason:
          'handrail runs as root and setpriv (util-linux) is missing, so commands cannot run as an unprivileged user.',
      };
    }
    if (!prlimit) {
      return {
        state: 'degraded',
        reason: 'prlimit (util-linux) is missing: commands run without resource limits.',
      };
    }
    const cgroup = euid === 0 ? pidsCgroupSupport() : undefined;
    if (runAs === 'root' && cgroup && !cgroup.ok) {
      return {
        state: 'degraded',
        reason: `Commands run as uid 0 without capabilities (runAs: 'root') and no pids cgroup can be made (${cgroup.reason}), so the process limit does not apply to them.`,
      };
    }
    return { state: 'ready' };
  };

  async function wrap(command: SandboxCommand, policy: SandboxPolicy): Promise<WrapResult> {
    const state = status();
    if (state.state === 'unavailable' || !bwrap) {
      return { ok: false, errorClass: 'permission_denied', message: state.reason ?? 'bwrap is unavailable.' };
    }
    const notes: string[] = [];
    const { identity, degraded } = chooseIdentity(policy.roots, runAs, euid, egid);
    // What this command runs without (see mapped-root.ts and pids-cgroup.ts), said in every result.
    const lost = degraded ? [degraded] : [];
    const unreachable = identityReachProblem(identity, policy.roots, command.cwd);
    if (unreachable) return { ok: false, errorClass: 'permission_denied', message: unreachable };
    if (euid === 0 && identity.uid !== 0) {
      for (const dir of [command.runDir, command.home, command.tmp])
        chownSync(dir, identity.uid, identity.gid);
    }

    const system = await systemMountArgs([...(options.systemPaths ?? DEFAULT_SYSTEM_PATHS)]);
    const extra = await existing(options.readOnlyPaths ?? []);
    // The proxy's bridge is handrail's own node: shown read-only when the system directories do not hold it.
    const node = policy.proxy ? process.execPath : undefined;
    if (node && ![...system.shown, ...extra].some((dir) => isWithin(node, dir))) extra.push(node);
    const visible = [...system.shown, ...extra];
    const readPaths = shownReadPaths(policy.readPaths ?? [], visible, identity, euid, notes);
    const denyRead = policy.denyRead ?? [];
    // The user's git, ssh and handrail configuration: read-only wherever the roots are.
    // Other users' homes a writable root holds too (root running commands as the workspace's owner).
    // And the runtime's own policy and store files, at whatever depth (held at their first missing part).
    const absoluteProtected = [
      ...homeProtectedPaths(policy.roots.filter((root) => root.access === 'write').map((root) => root.path)),
      ...(policy.protectedFiles ?? []),
    ];
    // handrail's state directory exists before any command, so no placeholder ever takes its place (the
    // store would then fail to create it and the audit log would be lost).
    // (Looked at first: making what exists already fails with an error, which costs more than the look.)
    const stateDir = policy.stateDir;
    // A state folder a repository committed as a link: never build the view (or the registry) through it.
    const linked = stateDir ? stateDirProblem(stateDir) : undefined;
    if (linked) return { ok: false, errorClass: 'permission_denied', message: linked };
    if (
      stateDir &&
      mostSpecificRoot(stateDir, policy.roots)?.access !== 'read' &&
      !existsSync(path.join(stateDir, '.gitignore'))
    )
      ensureStateDir(stateDir);
    const scan = await scanPolicyPaths({
      roots: policy.roots,
      denyRead,
      protectedPaths: policy.protectedPaths ?? [],
      ...(policy.stateDir ? { stateDir: policy.stateDir } : {}),
      visible,
      readPaths,
      maxEntries: maxScanEntries,
      absoluteProtected,
    });
    // Never run with part of the policy unenforced: a deeper file could be a denied one, or a protected one.
    const refusal = scanRefusal(scan, maxScanEntries);
    if (refusal) return { ok: false, errorClass: 'permission_denied', message: refusal };
    const hidden = unlistedNote(scan.unlisted, policy.roots);
    if (hidden) notes.push(hidden);

    const held: string[] = [];
    const readOnly = [...scan.readOnly];
    // What git would run before the command, to tell what the command added (see git-audit.ts).
    let git: GitSnapshot | undefined;
    if (options.audit !== false) {
      git = snapshotGit({
        roots: policy.roots,
        gitDirs: scan.gitDirs,
        gitLinks: scan.gitLinks,
        absoluteProtected,
        complete: !scan.truncated,
      });
    }
    // What the command leaves behind, looked at on demand while it runs and once more at its end.
    let audit: CommandAudit | undefined;
    let audited: Promise<string[]> | undefined;
    const release = () => {
      audited ??= (async () => {
        releasePlaceholders(held.splice(0));
        return (await audit?.look()) ?? [];
      })();
      return audited;
    };
    let cgroup: PidsCgroup | undefined;
    let releasedAll: Promise<string[]> | undefined;
    const releaseAll = () => {
      releasedAll ??= Promise.all([cgroup?.remove(), release()]).then(([limit, found]) =>
        limit ? [limit, ...found] : found,
      );
      return releasedAll;
    };
    try {
      if (options.placeholders !== false) {
        const globs = [...BUILTIN_PROTECTED_GLOBS, ...(policy.protectedPaths ?? [])];
        const candidates = policy.roots
          .filter((root) => root.access === 'write')
          .flatMap((root) => placeholderNames(globs, root.path).map((name) => path.join(root.path, name)));
        // A missing absolute protected path in a writable root (~/.config/git when the workspace is the
        // home directory) is held at its first missing component.
        for (const p of absoluteProtected) {
          const hold = firstMissing(p, policy.roots);
          if (hold && !scan.masks.some((mask) => isWithin(hold, mask.path))) candidates.push(hold);
        }
        // Those other commands (here or in other handrail processes) hold are shared; the rest that exist
        // are real, bound read-only (found by the scan, or here when created since).
        held.push(...acquirePlaceholders([...new Set(candidates)], policy.stateDir));
        for (const p of candidates)
          if (!held.includes(p) && !readOnly.includes(p) && pathExists(p)) readOnly.push(p);
      }
      const masks: Mask[] = [];
      for (const mask of withStateHidden(scan.masks, policy, readPaths)) {
        // handrail's own 0700 state directory, say: the command's uid cannot get there to read anything.
        if (identity.uid !== euid && neverReachable(mask.path, identity.uid, identity.gid)) continue;
        masks.push(mask);
      }
      let devices: string | undefined;
      if (identity.mode === 'mapped-root') {
        const view = await mappedRootView([...visible, ...readPaths], policy.roots);
        masks.push(...view.masks);
        devices = view.devices;
        lost.push(...view.lost);
      }
      // The process limit: a pids cgroup when handrail is root (RLIMIT_NPROC does not bind uid 0).
      if (euid === 0) {
        const made = createPidsCgroup(path.basename(command.runDir), command.rlimits.processes);
        if ('procs' in made) cgroup = made;
        else if (identity.uid === 0) {
          lost.push(
            `The process limit does not apply: the command runs as uid 0, which RLIMIT_NPROC does not bind, and no pids cgroup could be made (${made.reason}).`,
          );
        }
      }

      // A denied file is replaced by an empty file nobody may read, so reading it fails plainly.
      const deniedFile = path.join(command.runDir, 'denied');
      if (masks.some((mask) => !mask.dir)) await fs.writeFile(deniedFile, '', { mode: 0o000 });
      // The state directory without the audit database's comings and goings (see state-view.ts).
      const state = stateView({ ...policy, identity, euid, masks, denyRead, deniedFile });
      const outside = (p: string) => !state?.covers(p);

      if (!prlimit) notes.push('Resource limits are not applied: prlimit (util-linux) is missing.');
      const args = bwrapArgs({
        bwrap,
        identity,
        network: policy.network,
        tty: command.tty,
        system: system.args,
        extraReadOnly: extra,
        resolver: policy.network ? await resolverArgs(visible) : [],
        tmpSizeBytes: options.tmpSizeBytes ?? GiB,
        home: command.home,
        ...(policy.proxy ? { proxySocket: policy.proxy.socket } : {}),
        roots: policy.roots,
        readPaths,
        readOnly: [...new Set([...readOnly, ...held])].filter(outside),
        // The folders holding absolute protected paths (the home's startup files when a root is a home, the
        // runtime's own files): few and fixed. Nested protected names are not pinned (hundreds of mounts cost
        // seconds); one replaced by moving its folder aside is told by the audit.
        pinned: pinnedFolders(
          absoluteProtected,
          policy.roots,
          [...readOnly, ...held, ...masks.map((mask) => mask.path)],
          (dir) => lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() === true,
        ).filter(outside),
        masks: masks.filter((mask) => outside(mask.path)),
        deniedFile,
        cwd: command.cwd,
        ...(devices ? { devices } : {}),
        command: [
          ...(prlimit ? prlimitArgs(prlimit, command.rlimits, { processes: true }) : []),
          ...(policy.proxy && node ? bridgeLauncher({ sh: shPath, node, endpoint: policy.proxy }) : []),
          ...command.argv,
        ],
      });
      const mounted = withMounts(args, state?.args ?? []);
      const dropped =
        euid === 0 && identity.uid !== 0 && setpriv ? [...dropTo(setpriv, identity), ...mounted] : mounted;
      const sh = pidsCgroupSupport();
      const argv = cgroup && sh.ok ? [...joinArgs(sh.sh, cgroup.procs), ...dropped] : dropped;
      // The command's environment is bwrap's: filtered already, and so never on a command line.
      const commandEnv = { ...command.env, TMPDIR: '/tmp' };
      if (options.audit !== false) {
        audit = commandAudit({
          roots: policy.roots,
          protectedPaths: policy.protectedPaths ?? [],
          ...(policy.stateDir ? { stateDir: policy.stateDir } : {}),
          // What existed or was held when it started (the placeholders stay held until the release).
          before: identities([...readOnly, ...held]),
          maxEntries: maxScanEntries,
          absoluteProtected,
          ...(git ? { git } : {}),
          truncatedBefore: scan.truncated,
          hiddenBefore: new Set(scan.unlisted),
          isPlaceholder: placeholderCheck(policy.stateDir),
        });
      }
      return {
        ok: true,
        argv,
        env: commandEnv,
        cwd: '/',
        commandEnv,
        sandbox: {
          backend: 'bwrap',
          unsandboxed: false,
          identity,
          ...(lost.length > 0 ? { degraded: lost.join(' ') } : {}),
          notes,
        },
        release: releaseAll,
        audit: () => (audited || !audit ? Promise.resolve([]) : audit.look()),
      };
    } catch (error) {
      await releaseAll();
      throw error;
    }
  }

  return { name: 'bwrap', status, acceptsProxy: true, wrap };
}

/**
 * The read paths this command is shown: not those the system view shows already, nor those bwrap, running
 * as the command's user, could not reach to bind (a user's 0700 home above them): those are noted.
 */
function shownReadPaths(
  given: readonly string[],
  visible: readonly string[],
  identity: SandboxIdentity,
  euid: number,
  notes: string[],
): string[] {
  const shown: string[] = [];
  for (const p of given) {
    if (visible.some((dir) => isWithin(p, dir))) continue;
    // Dropped to that uid (setpriv, no supplementary groups) before bwrap starts; mapped-root binds as root.
    const problem =
      euid === 0 && identity.uid !== 0 ? reachProblem(p, 'read', identity.uid, identity.gid) : undefined;
    if (problem) notes.push(`not shown: ${p} (commands run as uid ${identity.uid}, and ${problem})`);
    else shown.push(p);
  }
  return shown;
}

/**
 * handrail's state directory, when a read path holds it and no root does: hidden whole (a root shows it
 * through the state view instead), with the masks inside it dropped (nothing can be mounted in a hidden
 * directory).
 */
function withStateHidden(
  masks: readonly Mask[],
  policy: SandboxPolicy,
  readPaths: readonly string[],
): Mask[] {
  const given = policy.stateDir;
  if (!given) return [...masks];
  const stateDir = realOrSelf(given);
  const shown = readPaths.some((p) => p !== stateDir && isWithin(stateDir, p));
  if (!shown || policy.roots.some((root) => isWithin(stateDir, root.path))) return [...masks];
  return [...masks.filter((mask) => !isWithin(mask.path, stateDir)), { path: stateDir, dir: true }];
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** When /etc/resolv.conf links outside what the sandbox shows (systemd-resolved), show its target too. */
async function resolverArgs(visible: readonly string[]): Promise<string[]> {
  try {
    const real = realpathSync('/etc/resolv.conf');
    if (visible.some((dir) => isWithin(real, dir))) return [];
    await fs.access(real);
    return ['--ro-bind', real, real];
  } catch {
    return [];
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function existing(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const real = await fs.realpath(p).catch(() => undefined);
    if (real) out.push(real);
  }
  return out;
}
