import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { FileRoot } from '../file-policy-types.js';
import { relativeInside } from '../path-syntax.js';
import { auditGit, findGitIn, type GitSnapshot } from './git-audit.js';
import { scanPolicyPaths } from './scan.js';

/** What a command's audit compares against, and how (see `commandAudit`). */
export interface AuditInput {
  roots: readonly FileRoot[];
  protectedPaths: readonly string[];
  stateDir?: string;
  /**
   * Protected paths that existed (or were held) when the command started, each with its identity
   * (`identityOf`): one found later with another identity was replaced — its folder moved aside and a new
   * file put in its place — and is told like a created one.
   */
  before: ReadonlyMap<string, string | undefined>;
  maxEntries: number;
  /** Absolute protected paths (see `userProtectedPaths`). */
  absoluteProtected?: readonly string[];
  /** What git would run, recorded before the command (see `snapshotGit`); no git audit without it. */
  git?: GitSnapshot;
  /** The scan before the command stopped at its limit: what seems created may only have been unseen. */
  truncatedBefore?: boolean;
  /** Directories hidden from the command because the scan before could not list them (nothing made there). */
  hiddenBefore?: ReadonlySet<string>;
  /**
   * Whether a path is a placeholder some handrail process holds (see placeholders.ts): one made by another
   * process while the command ran is not something the command created.
   */
  isPlaceholder?: (p: string) => boolean;
}

/**
 * Looks at what a sandboxed command has left in the writable roots: protected paths it created where nothing
 * held them (a nested `sub/.envrc`, a new repository's `.git`), and what it left for git to run on the host.
 * The sandbox binds existing protected paths read-only and holds the missing top-level names with
 * placeholders, but it cannot hold every name at every depth, nor know every git directory (a bare `foo.git`,
 * a `gitdir:` target), so handrail looks afterwards — and, for a service, after each of its calls. Settings
 * that make git run programs (core.fsmonitor, filter drivers, …) and hooks that the command added to any
 * repository in the roots are removed — they would run outside the sandbox on the user's next git command
 * there — and everything else is reported.
 */
export interface CommandAudit {
  /**
   * Look now (the command may still run). Looks run one at a time; each returns only what is new since the
   * one before: a created path or a problem is told once, a removal each time one is made. Never throws.
   */
  look(): Promise<string[]>;
}

export function commandAudit(input: AuditInput): CommandAudit {
  const told = new Set<string>();
  let last: Promise<unknown> = Promise.resolve();
  const once = (items: readonly string[]) =>
    items.filter((item) => {
      if (told.has(item)) return false;
      told.add(item);
      return true;
    });
  return {
    look() {
      const looked = last.then(() =>
        lookOnce(input, once).catch((error: Error) =>
          once([`Could not check for protected paths the command created: ${error.message}`]),
        ),
      );
      last = looked;
      return looked;
    },
  };
}

/** A path's device and inode (undefined when it is missing): what tells a replaced file from the same one. */
export function identityOf(p: string): string | undefined {
  const stat = lstatSync(p, { throwIfNoEntry: false });
  return stat ? `${stat.dev}:${stat.ino}` : undefined;
}

/** The protected paths a command starts with, each with its identity (see `AuditInput.before`). */
export function identities(paths: Iterable<string>): Map<string, string | undefined> {
  return new Map([...paths].map((p) => [p, identityOf(p)]));
}

async function lookOnce(input: AuditInput, once: (items: readonly string[]) => string[]): Promise<string[]> {
  if (!input.roots.some((root) => root.access === 'write')) return [];
  const absoluteProtected = input.absoluteProtected ?? [];
  const after = await scanPolicyPaths({
    roots: input.roots.filter((root) => root.access === 'write'),
    denyRead: [],
    protectedPaths: input.protectedPaths,
    ...(input.stateDir ? { stateDir: input.stateDir } : {}),
    visible: [],
    maxEntries: input.maxEntries,
    absoluteProtected,
  });
  const created = after.readOnly.filter(
    (p) => (!input.before.has(p) || input.before.get(p) !== identityOf(p)) && !input.isPlaceholder?.(p),
  );
  const shown = (p: string) => display(p, input.roots);
  const notes: string[] = [];
  // What this look could not see: protected paths the command made there would go untold.
  const unseen = once([
    ...(after.truncated ? [`the roots now hold more than ${input.maxEntries} entries`] : []),
    ...(after.incomplete ? [after.incomplete] : []),
    ...after.unlisted.filter((p) => !input.hiddenBefore?.has(p)).map((p) => `${shown(p)} cannot be listed`),
  ]);
  if (unseen.length > 0) {
    notes.push(
      `Could not check everything the command left for protected paths (.envrc, .git, …) it created: ${unseen.join('; ')}. Review what it changed there before running programs that read such files.`,
    );
  }
  const fresh = input.truncatedBefore ? [] : once(created);
  if (fresh.length > 0) {
    notes.push(
      `The command created protected paths, which handrail's file tools will not change: ${fresh.map(shown).join(', ')}. Review them before running programs that read them (git, direnv, npm, editors).`,
    );
  }
  if (!input.git) return notes;

  // The scan does not enter protected directories: look for repositories in those the command created (all
  // of them, each time: a repository may appear in one told about at an earlier look).
  const gitDirs = [...after.gitDirs];
  const gitLinks = [...after.gitLinks];
  for (const p of created) {
    if (path.basename(p) === '.git') continue;
    const found = findGitIn(p, input.maxEntries);
    gitDirs.push(...found.gitDirs);
    gitLinks.push(...found.gitLinks);
  }
  const git = auditGit({ roots: input.roots, gitDirs, gitLinks, absoluteProtected }, input.git);
  if (git.settings.length > 0) {
    notes.push(
      `Removed git settings the command added that make git run programs (they would run outside the sandbox on the next git command there): ${git.settings.map((s) => shownIn(s, input.roots)).join('; ')}.`,
    );
  }
  if (git.hooks.length > 0) {
    notes.push(
      `Removed git hooks the command installed or changed (they would run outside the sandbox on the next git command there): ${git.hooks.map(shown).join(', ')}.`,
    );
  }
  if (git.disabled.length > 0) {
    notes.push(
      `Renamed git config files handrail could not check to *.handrail-disabled (git would have read them): ${git.disabled.map((s) => shownIn(s, input.roots)).join('; ')}.`,
    );
  }
  if (git.links.length > 0) {
    notes.push(
      `Removed .git links the command made to repositories outside the writable roots (or to none): ${git.links.map((s) => shownIn(s, input.roots)).join('; ')}.`,
    );
  }
  const unresolved = once(git.unresolved);
  if (unresolved.length > 0) {
    notes.push(
      `Review before running git there: ${unresolved.map((s) => shownIn(s, input.roots)).join('; ')}.`,
    );
  }
  return notes;
}

function display(p: string, roots: readonly FileRoot[]): string {
  for (const root of roots) {
    const rel = relativeInside(p, root.path);
    if (rel) return rel;
  }
  return p;
}

/** A message naming absolute paths, with paths in the roots shown relative to their root. */
function shownIn(text: string, roots: readonly FileRoot[]): string {
  let out = text;
  for (const root of [...roots].sort((a, b) => b.path.length - a.path.length)) {
    if (root.path !== '/') out = out.split(`${root.path}/`).join('');
  }
  return out;
}
