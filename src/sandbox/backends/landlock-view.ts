// What a command under Landlock may reach, as directives (see landlock-rules.ts): the same view bwrap
// builds with mounts — the system read-only, the roots as the file policy says, protected paths read-only,
// deny-read paths and the audit database closed — but with nothing outside it, since Landlock cannot show
// a private /tmp, /dev or /proc; it can only grant or withhold what the host has.
import { type Dirent, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { FileRoot } from '../file-policy-types.js';
import { isWithin } from '../path-syntax.js';
import { type Directive, FS, READ, WRITE } from './landlock-rules.js';
import type { Mask } from './scan.js';

/** Device nodes every command may use. Not /dev/shm (shared by every process of the host) nor /dev/pts. */
const DEVICES = ['/dev/null', '/dev/zero', '/dev/full', '/dev/random', '/dev/urandom'];
const DEVICE_ACCESS = FS.READ_FILE | FS.WRITE_FILE | FS.TRUNCATE;
/** The command's own controlling terminal (tty runs), whatever pseudo-terminal it is. */
const TTY_ACCESS = FS.READ_FILE | FS.WRITE_FILE | FS.IOCTL_DEV;

export interface LandlockView {
  /** Host directories shown read-only (canonical): the system paths and extra read-only paths. */
  visible: readonly string[];
  /** Host paths outside the roots readable for a program (`SandboxPolicy.readPaths`). */
  readPaths?: readonly string[];
  roots: readonly FileRoot[];
  /** The run directory holding the command's HOME and TMPDIR. */
  runDir: string;
  /** Existing protected paths inside writable roots (bound read-only by bwrap). */
  readOnly: readonly string[];
  /** Protected names missing at the top of writable roots (bwrap holds them with placeholders). */
  missingProtected: readonly string[];
  /** Deny-read paths and, for uid 0, root-only files of the system view. */
  masks: readonly Mask[];
  stateDir?: string | undefined;
  denyRead: readonly string[];
  /** Extra files to show read-only (the resolver's target when the network is shared). */
  extraFiles: readonly string[];
}

/** Directives in increasing precedence: later ones win for the same path (see `compileRules`). */
export function landlockDirectives(view: LandlockView): Directive[] {
  const directives: Directive[] = [
    ...view.visible.map((p) => ({ path: p, access: READ })),
    ...view.extraFiles.map((p) => ({ path: p, access: FS.READ_FILE })),
    // /proc as the host has it (Landlock cannot give a fresh one): the command's own entries are needed,
    // and other processes' private ones are closed by Landlock's ptrace rule, not by these rights.
    { path: '/proc', access: FS.READ_FILE | FS.READ_DIR },
    { path: '/dev', access: FS.READ_DIR },
    ...DEVICES.map((p) => ({ path: p, access: DEVICE_ACCESS })),
    { path: '/dev/tty', access: TTY_ACCESS },
    { path: view.runDir, access: WRITE },
    // Before the roots: a root inside a read path keeps its own access.
    ...(view.readPaths ?? []).map((p) => ({ path: p, access: READ })),
    // Outer roots first, so a nested root's own access comes after (the same path: the later one wins).
    ...[...view.roots]
      .sort((a, b) => a.path.length - b.path.length)
      .map((root) => ({ path: root.path, access: root.access === 'write' ? WRITE : READ })),
    ...view.readOnly.map((p) => ({ path: p, access: READ })),
    ...view.missingProtected.map((p) => ({ path: p, access: READ })),
    ...view.masks.map((mask) => ({ path: mask.path, access: 0 })),
    ...stateDirectives(view),
    ...stateInReadPath(view),
  ];
  return directives;
}

/** The state directory closed whole when a read path holds it and no root does (a root shows it as above). */
function stateInReadPath(view: LandlockView): Directive[] {
  if (!view.stateDir) return [];
  let dir = view.stateDir;
  try {
    dir = realpathSync(dir);
  } catch {
    // not there: nothing to close but its name
  }
  if (view.roots.some((root) => isWithin(dir, root.path))) return [];
  return (view.readPaths ?? []).some((p) => isWithin(dir, p)) ? [{ path: dir, access: 0 }] : [];
}

/** Top-level entries of the state directory a command never sees (the placeholder registry). */
const INTERNAL = new Set(['sandbox']);

/**
 * The state directory inside a root, as bwrap's state view shows it: nothing but the entries a command may
 * read (saved outputs, .gitignore), read-only. The audit database and its SQLite companions get no rule,
 * so whatever SQLite creates there while the command runs stays closed too.
 */
function stateDirectives(view: LandlockView): Directive[] {
  const dir = view.stateDir;
  if (!dir || !view.roots.some((root) => root.path !== dir && isWithin(dir, root.path))) return [];
  if (view.masks.some((mask) => isWithin(dir, mask.path))) return [];
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [{ path: dir, access: 0 }];
  }
  const databases = view.denyRead
    .filter((glob) => path.isAbsolute(glob) && path.dirname(glob) === dir && !picomatch.scan(glob).isGlob)
    .map((glob) => path.basename(glob));
  const hidden = (name: string) =>
    INTERNAL.has(name) ||
    databases.some((db) => name === db || name.startsWith(`${db}-`)) ||
    view.masks.some((mask) => mask.path === path.join(dir, name));
  const shown = entries
    .filter((entry) => !hidden(entry.name) && (entry.isFile() || entry.isDirectory()))
    .map((entry) => ({ path: path.join(dir, entry.name), access: READ }));
  // Deny-read matches inside what is shown (a saved output matching `**/*.pem`) come after, and win.
  const deeper = view.masks
    .filter((mask) => shown.some((s) => s.path !== mask.path && isWithin(mask.path, s.path)))
    .map((mask) => ({ path: mask.path, access: 0 }));
  return [{ path: dir, access: 0 }, ...shown, ...deeper];
}
