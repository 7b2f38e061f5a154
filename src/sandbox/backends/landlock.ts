import { chownSync, existsSync, promises as fs, realpathSync } from 'node:fs';
import path from 'node:path';
import { ensureStateDir, stateDirProblem } from '../../store/index.js';
import { isWithin } from '../path-syntax.js';
import type {
  BackendStatus,
  SandboxBackend,
  SandboxCommand,
  SandboxPolicy,
  WrapResult,
} from '../process/backend-types.js';
import { findExecutable } from '../process/executables.js';
import { createPidsCgroup, joinArgs, type PidsCgroup, pidsCgroupSupport } from '../process/pids-cgroup.js';
import { prlimitArgs } from '../process/rlimits.js';
import { BUILTIN_PROTECTED_GLOBS, homeProtectedPaths } from '../protected-paths.js';
import { commandAudit, identities } from './audit.js';
import { type GitSnapshot, snapshotGit } from './git-audit.js';
import { chooseIdentity, type HostViewOptions, identityReachProblem } from './identity.js';
import { DEFAULT_LANDLOCK_HELPER, type LandlockSupport, landlockSupport } from './landlock-helper.js';
import { compileRules, serializeRules } from './landlock-rules.js';
import { landlockDirectives } from './landlock-view.js';
import { placeholderCheck } from './placeholders.js';
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
import { DEFAULT_SYSTEM_PATHS, rootOnlyEntries } from './system-view.js';

export interface LandlockOptions extends HostViewOptions {
  /** The helper program (default: the one built at install, native/landlock/build/handrail-landlock). */
  helperPath?: string;
  /** After each command, look for protected paths it created deeper down (and report them); default true. */
  audit?: boolean;
}

/** Directories named in a note before "and N more". */
const NAMED = 4;

/**
 * The Landlock backend, for where bubblewrap cannot run (no unprivileged user namespaces: default Docker
 * containers, hardened kernels). A helper applies a Landlock ruleset to the command: the system and read
 * roots readable, writable roots and the run directory writable, protected paths read-only, deny-read
 * paths closed, nothing else reachable; no new privileges; TCP denied by Landlock (ABI 4+) and every socket
 * but socketpair() by seccomp unless the profile allows the network; signals and abstract sockets scoped to
 * the sandbox (ABI 6+). It stays the command's subreaper and kills what the command leaves running. No
 * namespaces: the command sees the host's /tmp, /proc and /dev (and may use only what it is granted there).
 */
export function createLandlockBackend(options: LandlockOptions = {}): SandboxBackend {
  const helper = options.helperPath ?? DEFAULT_LANDLOCK_HELPER;
  const prlimit = findExecutable('prlimit');
  const runAs = options.runAs ?? 'auto';
  const euid = process.geteuid?.() ?? -1;
  const egid = process.getegid?.() ?? -1;
  const maxScanEntries = options.maxScanEntries ?? 1_000_000;
  const systemPaths = options.systemPaths ?? DEFAULT_SYSTEM_PATHS;

  const status = (): BackendStatus => {
    const support = landlockSupport(helper);
    if (support.unavailable) return { state: 'unavailable', reason: support.unavailable };
    if (support.abi < 1) return { state: 'unavailable', reason: 'the kernel does not offer Landlock.' };
    const gaps = abiGaps(support);
    if (!prlimit) gaps.push('prlimit (util-linux) is missing: commands run without resource limits.');
    return gaps.length > 0 ? { state: 'degraded', reason: gaps.join(' ') } : { state: 'ready' };
  };

  async function wrap(command: SandboxCommand, policy: SandboxPolicy): Promise<WrapResult> {
    const state = status();
    if (state.state === 'unavailable') {
      return {
        ok: false,
        errorClass: 'permission_denied',
        message: state.reason ?? 'Landlock is unavailable.',
      };
    }
    const support = landlockSupport(helper);
    const { identity } = chooseIdentity(policy.roots, runAs, euid, egid);
    const asRoot = identity.uid === 0;
    if (asRoot && !support.seccomp) {
      return {
        ok: false,
        errorClass: 'permission_denied',
        message:
          'Commands would run as uid 0 under Landlock, which needs a seccomp filter this architecture does not have. Give the workspace to an ordinary user, or choose runAs: { uid, gid }.',
      };
    }
    const unreachable = identityReachProblem(identity, policy.roots, command.cwd);
    if (unreachable) return { ok: false, errorClass: 'permission_denied', message: unreachable };
    if (euid === 0 && !asRoot) {
      for (const dir of [command.runDir, command.home, command.tmp])
        chownSync(dir, identity.uid, identity.gid);
    }
    const lost = abiGaps(support);
    const notes: string[] = [];

    const visible = [...(await existing(systemPaths)), ...(await existing(options.readOnlyPaths ?? []))];
    // A program's own files: readable, like the system (no reach check: the helper opens them as root).
    const readPaths = (policy.readPaths ?? []).filter((p) => !visible.some((dir) => isWithin(p, dir)));
    const denyRead = policy.denyRead ?? [];
    // Other users' homes a writable root holds too (root running commands as the workspace's owner).
    // And the runtime's own policy and store files, at whatever depth (held at their first missing part).
    const absoluteProtected = [
      ...homeProtectedPaths(policy.roots.filter((root) => root.access === 'write').map((root) => root.path)),
      ...(policy.protectedFiles ?? []),
    ];
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
      ...(stateDir ? { stateDir } : {}),
      visible,
      readPaths,
      maxEntries: maxScanEntries,
      absoluteProtected,
    });
    const refusal = scanRefusal(scan, maxScanEntries);
    if (refusal) return { ok: false, errorClass: 'permission_denied', message: refusal };
    const hidden = unlistedNote(scan.unlisted, policy.roots);
    if (hidden) notes.push(hidden);

    const masks: Mask[] = [...scan.masks];
    if (asRoot) {
      // uid 0 reads what only root may read unless it is withheld: the same search as bwrap's mapped-root.
      const rootOnly = await rootOnlyEntries([...visible, ...readPaths]);
      const roots = policy.roots.map((root) => root.path);
      masks.push(...rootOnly.masks.filter((mask) => !roots.some((root) => isWithin(mask.path, root))));
      if (!rootOnly.complete) {
        lost.push(
          `The search for files only root may read in ${visible.join(', ')} did not finish, so some of them may be readable.`,
        );
      }
      lost.push(ROOT_GAPS);
    }
    const globs = [...BUILTIN_PROTECTED_GLOBS, ...(policy.protectedPaths ?? [])];
    const missingProtected = policy.roots
      .filter((root) => root.access === 'write')
      .flatMap((root) => placeholderNames(globs, root.path).map((name) => path.join(root.path, name)))
      .filter((p) => !pathExists(p));
    for (const p of absoluteProtected) {
      const hold = firstMissing(p, policy.roots);
      if (hold) missingProtected.push(hold);
    }
    const compiled = compileRules(
      landlockDirectives({
        visible,
        readPaths,
        roots: policy.roots,
        runDir: command.runDir,
        readOnly: scan.readOnly,
        missingProtected,
        masks,
        stateDir,
        denyRead,
        extraFiles: policy.network ? resolverTarget(visible) : [],
      }),
    );
    const closed = compiled.closed.filter((dir) => mostSpecificRoot(dir, policy.roots)?.access === 'write');
    if (closed.length > 0) notes.push(closedNote(closed));
    const rulesFile = path.join(command.runDir, 'landlock.rules');
    await fs.writeFile(rulesFile, serializeRules(compiled.rules), { mode: 0o600 });

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
    const audit =
      options.audit === false
        ? undefined
        : commandAudit({
            roots: policy.roots,
            protectedPaths: policy.protectedPaths ?? [],
            ...(stateDir ? { stateDir } : {}),
            before: identities(scan.readOnly),
            maxEntries: maxScanEntries,
            absoluteProtected,
            ...(git ? { git } : {}),
            truncatedBefore: scan.truncated,
            hiddenBefore: new Set(scan.unlisted),
            isPlaceholder: placeholderCheck(stateDir),
          });
    let cgroup: PidsCgroup | undefined;
    let audited: Promise<string[]> | undefined;
    const release = () => {
      audited ??= (async () => {
        // What is left of the command goes first: nothing then changes what the look sees.
        const limit = await cgroup?.remove();
        const found = (await audit?.look()) ?? [];
        return limit ? [limit, ...found] : found;
      })();
      return audited;
    };

    // The process limit: a pids cgroup when handrail is root; otherwise RLIMIT_NPROC, which without a user
    // namespace counts all of the user's processes, so the helper allows that many more than run already.
    let nproc: number | undefined;
    if (euid === 0) {
      const made = createPidsCgroup(path.basename(command.runDir), command.rlimits.processes);
      if ('procs' in made) cgroup = made;
      else if (asRoot) {
        lost.push(
          `The process limit does not apply: the command runs as uid 0, which RLIMIT_NPROC does not bind, and no pids cgroup could be made (${made.reason}).`,
        );
      } else nproc = command.rlimits.processes;
    } else nproc = command.rlimits.processes;

    if (!prlimit) notes.push('Resource limits are not applied: prlimit (util-linux) is missing.');
    // No root writable (read_only): Landlock does not answer access(2), so `test -w .` would read the roots
    // as writable from their permission bits; the helper makes it say read-only, as a read-only mount does.
    const readOnlyRoots = !policy.roots.some((root) => root.access === 'write');
    if (readOnlyRoots && !support.readOnlyRoots) {
      lost.push(
        'The Landlock helper is older than this handrail: `test -w` may call a read-only root writable (writes still fail). Run `npm rebuild handrail`.',
      );
    }
    const helperArgs = [
      helper,
      '--rules',
      rulesFile,
      ...(policy.network ? [] : ['--deny-net']),
      ...(readOnlyRoots && support.readOnlyRoots ? ['--read-only-roots'] : []),
      ...(asRoot
        ? ['--drop-caps']
        : euid === 0
          ? ['--uid', `${identity.uid}`, '--gid', `${identity.gid}`]
          : []),
      ...(nproc ? ['--nproc', String(nproc)] : []),
      '--',
      ...(prlimit ? prlimitArgs(prlimit, command.rlimits, { processes: false }) : []),
      ...command.argv,
    ];
    const sh = pidsCgroupSupport();
    const argv = cgroup && sh.ok ? [...joinArgs(sh.sh, cgroup.procs), ...helperArgs] : helperArgs;
    return {
      ok: true,
      argv,
      env: command.env,
      cwd: command.cwd,
      commandEnv: command.env,
      sandbox: {
        backend: 'landlock',
        unsandboxed: false,
        identity,
        ...(lost.length > 0 ? { degraded: lost.join(' ') } : {}),
        notes,
      },
      release,
      audit: () => (audited || !audit ? Promise.resolve([]) : audit.look()),
    };
  }

  return { name: 'landlock', status, wrap };
}

const ROOT_GAPS =
  'Commands run as uid 0 without capabilities (the roots belong to root, and Landlock has no user namespace to map it): they can change the permission bits (never setuid or setgid) and times of root-owned files outside the roots, and read the root-only files at the top of /proc. Give the workspace to an ordinary user, or set runAs, to close this.';

/** What this kernel's Landlock (and the helper's seccomp filter) cannot enforce, as sentences. */
function abiGaps(support: LandlockSupport): string[] {
  const gaps: string[] = [];
  if (support.abi < 2) {
    gaps.push('Landlock ABI 1: renaming or linking files between directories fails.');
  }
  if (support.abi < 3) {
    gaps.push(
      `Landlock ABI ${support.abi} cannot stop truncate(2): files outside the writable roots that the command's user may write can be emptied.`,
    );
  }
  if (support.abi < 4 && !support.seccomp) {
    gaps.push(`Landlock ABI ${support.abi} cannot deny the network and no seccomp filter exists here.`);
  }
  if (!support.seccomp) {
    gaps.push('No seccomp filter for this architecture: Unix sockets (the D-Bus session bus) are reachable.');
  }
  if (support.abi < 6) {
    gaps.push(
      `Landlock ABI ${support.abi} cannot scope signals: the command can signal other processes of its user.`,
    );
  }
  return gaps;
}

function closedNote(closed: readonly string[]): string {
  const named = closed.slice(0, NAMED).join(', ');
  const more = closed.length > NAMED ? ` and ${closed.length - NAMED} more` : '';
  return `Landlock cannot keep protected names (.git, .envrc, …) read-only inside a writable directory without closing it, so no entry can be created, removed or renamed directly in ${named}${more}; the files there stay writable, and so does everything in their subdirectories.`;
}

/** When /etc/resolv.conf links outside what the command may read (systemd-resolved), its target too. */
function resolverTarget(visible: readonly string[]): string[] {
  try {
    const real = realpathSync('/etc/resolv.conf');
    return visible.some((dir) => isWithin(real, dir)) ? [] : [real];
  } catch {
    return [];
  }
}

async function existing(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const real = await fs.realpath(p).catch(() => undefined);
    if (real && !out.includes(real)) out.push(real);
  }
  return out;
}
