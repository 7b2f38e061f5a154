// handrail's state directory (`<workspace>/.handrail` by default): private to the user, never committed.
import { lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What handrail writes in a directory it creates: nothing in it belongs in the user's repository. */
const GITIGNORE = '*\n';

/**
 * Create a directory (and its missing parents) readable by the user only, and put a `.gitignore` ignoring
 * everything in the topmost directory this call created, so `git add -A` never picks up what handrail keeps
 * there. A directory that existed already is left as it is. Throws what mkdir throws, and when `dir` — or
 * any folder from `within` down to it — is a symbolic link.
 */
export function createPrivateDir(dir: string, within?: string): void {
  // Before creating anything: mkdir would follow a planted link and create folders where it points.
  for (const component of componentsFrom(within, dir)) refuseLink(component);
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (created) writeIgnore(created);
  refuseLink(dir);
}

/** `within` and each folder below it down to `dir` (just `dir` without `within`, or when outside it). */
function componentsFrom(within: string | undefined, dir: string): string[] {
  const rel = within === undefined ? '' : path.relative(within, dir);
  if (within === undefined || rel.startsWith('..') || path.isAbsolute(rel)) return [dir];
  const parts = rel === '' ? [] : rel.split(path.sep);
  return [within, ...parts.map((_, i) => path.join(within, ...parts.slice(0, i + 1)))];
}

/** Why commands must not run with this state directory (it is a symbolic link), or undefined. */
export function stateDirProblem(dir: string): string | undefined {
  try {
    refuseLink(dir);
    return undefined;
  } catch (error) {
    return `${(error as Error).message}. Commands do not run until then: the sandbox would build its view of the state folder where the link points.`;
  }
}

/**
 * Throw when `file` is a symbolic link (or, for a directory, not a directory). A repository can commit
 * `.handrail` — or `.handrail/handrail.db` — as a link to anywhere; following it would put handrail's
 * audit log and saved outputs outside the roots. A missing file is fine: it is created where it is.
 */
export function refuseLink(file: string): void {
  const stat = lstatSync(file, { throwIfNoEntry: false });
  if (!stat?.isSymbolicLink()) return;
  throw Object.assign(
    new Error(
      `${file} is a symbolic link; handrail keeps its state only in real files and folders (a repository may have committed it): remove the link, or set stateDir`,
    ),
    { code: 'ELOOP' },
  );
}

/**
 * The state directory, ready before anything (a sandboxed command, the store, the output store) depends on
 * it: created 0700 if missing, with its `.gitignore` (added if someone removed it). Returns false when it
 * cannot be created (a read-only root, another user's directory).
 */
export function ensureStateDir(dir: string): boolean {
  try {
    createPrivateDir(dir);
    writeIgnore(dir);
    return true;
  } catch {
    return false;
  }
}

function writeIgnore(dir: string): void {
  try {
    writeFileSync(path.join(dir, '.gitignore'), GITIGNORE, { flag: 'wx', mode: 0o600 });
  } catch {
    // there already (or not ours to write)
  }
}
