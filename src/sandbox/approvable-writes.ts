// Which paths outside the roots a human may approve writing to: the owner's `approvableWrites`, compiled
// once into folders and matchers on canonical paths. Deciding that a path is approvable is only the first
// step: the file policy still refuses protected and deny-read paths there, and the write happens only for
// the one canonical path a human approved (FileAccess.forApprovedCall).
import path from 'node:path';
import picomatch from 'picomatch';
import { canonicalizeSync } from './canonical.js';
import { GLOB_OPTIONS, isWithin, relativeInside } from './path-syntax.js';

export interface ApprovableArea {
  /** The entry as the owner wrote it, for messages. */
  entry: string;
  /**
   * The folder a write there is anchored to, canonical: new parent folders are created only below it, and
   * protected-path globs (`.git/**`, `.vscode/**`…) apply relative to it as they do inside a root.
   */
  root: string;
  /** Whether a canonical path is covered by the entry. */
  covers(canonical: string): boolean;
}

/**
 * Compile `approvableWrites`, once (createRuntime does, and hands the areas to every turn): a folder is
 * resolved where it leads now, so a link planted later in a listed folder's place cannot move the area. An
 * entry is an absolute path — that file or folder and everything below it — or an absolute glob matched
 * whole against canonical paths (`/tmp/exports/**`, `/srv/reports/*.csv`). A
 * glob must name a folder before its first wildcard (`/**` would make every path approvable), and entries
 * are plain paths: no negation, no backslash escapes; nor may one lead to / through a link. Throws with the
 * entry's problem.
 */
export function compileApprovableWrites(entries: readonly string[]): ApprovableArea[] {
  return entries.map((entry) => {
    const problem = entryProblem(entry);
    if (problem) throw new Error(`approvableWrites entry "${entry}" ${problem}.`);
    const scan = picomatch.scan(entry);
    if (!scan.isGlob) {
      const target = canonicalizeSync(path.resolve(entry));
      if (target === '/') throw new Error(`approvableWrites entry "${entry}" leads to / (${NO_FOLDER}).`);
      return {
        entry,
        root: path.dirname(target),
        covers: (canonical) => isWithin(canonical, target),
      };
    }
    const base = canonicalizeSync(path.resolve(scan.base));
    if (base === '/') throw new Error(`approvableWrites entry "${entry}" leads to / (${NO_FOLDER}).`);
    const match = picomatch(scan.glob, GLOB_OPTIONS);
    return {
      entry,
      root: base,
      covers: (canonical) => {
        const rel = relativeInside(canonical, base);
        return rel !== undefined && rel !== '' && match(rel);
      },
    };
  });
}

const NO_FOLDER = 'it would make every path approvable; name a folder, such as /tmp/exports/**';

function entryProblem(entry: string): string | undefined {
  if (typeof entry !== 'string' || entry.trim() === '') return 'is empty';
  if (!path.isAbsolute(entry)) return 'must be an absolute path or glob (or start with ~/)';
  if (entry.includes('\0')) return 'contains a NUL byte';
  if (entry.includes('\\')) return 'contains a backslash; write the path without escapes';
  const scan = picomatch.scan(entry);
  if (scan.negated || scan.negatedExtglob) return 'is negated; list only what may be approved';
  const base = path.resolve(scan.isGlob ? scan.base || '/' : entry);
  if (base === '/') return `names no folder: ${NO_FOLDER}`;
  return undefined;
}

/** The first area covering a canonical path, or undefined. */
export function approvableAreaOf(
  areas: readonly ApprovableArea[],
  canonical: string,
): ApprovableArea | undefined {
  return areas.find((area) => area.covers(canonical));
}
