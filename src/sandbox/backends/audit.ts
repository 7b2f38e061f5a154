import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FileRoot } from '../file-policy-types.js';
import { relativeInside } from '../path-syntax.js';
import { scanPolicyPaths } from './scan.js';

/**
 * After a sandboxed command: protected paths it created where nothing held them (a nested `sub/.envrc`,
 * a new repository's `.git`). The sandbox binds existing protected paths read-only and holds the missing
 * top-level names with placeholders, but it cannot hold every name at every depth, so handrail looks
 * afterwards. Active hooks in a repository the command created are removed — they would run outside the
 * sandbox on the user's next git command there — and everything else is reported to the model.
 */
export async function auditProtectedPaths(input: {
  roots: readonly FileRoot[];
  protectedPaths: readonly string[];
  stateDir?: string;
  /** Protected paths that existed (or were held) when the command started. */
  before: ReadonlySet<string>;
  maxEntries: number;
}): Promise<string[]> {
  if (!input.roots.some((root) => root.access === 'write')) return [];
  const after = await scanPolicyPaths({
    roots: input.roots.filter((root) => root.access === 'write'),
    denyRead: [],
    protectedPaths: input.protectedPaths,
    ...(input.stateDir ? { stateDir: input.stateDir } : {}),
    visible: [],
    maxEntries: input.maxEntries,
  });
  const created = after.readOnly.filter((p) => !input.before.has(p));
  if (created.length === 0) return [];
  const removed: string[] = [];
  for (const p of created) {
    if (path.basename(p) === '.git') removed.push(...(await removeActiveHooks(path.join(p, 'hooks'))));
  }
  const shown = (p: string) => display(p, input.roots);
  const notes = [
    `The command created protected paths, which handrail's file tools will not change: ${created.map(shown).join(', ')}. Review them before running programs that read them (git, direnv, npm, editors).`,
  ];
  if (removed.length > 0) {
    notes.push(
      `Removed git hooks the command installed in a new repository (they would run outside the sandbox on the next git command there): ${removed.map(shown).join(', ')}.`,
    );
  }
  return notes;
}

/** Hook files git would run: anything in the hooks directory except git's own `*.sample` templates. */
async function removeActiveHooks(hooksDir: string): Promise<string[]> {
  const entries = await fs.readdir(hooksDir, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    if (entry.name.endsWith('.sample')) continue;
    const file = path.join(hooksDir, entry.name);
    // rm without following links: a symlinked hook is removed as a link, its target stays.
    await fs.rm(file, { recursive: true, force: true }).then(
      () => removed.push(file),
      () => undefined,
    );
  }
  return removed;
}

function display(p: string, roots: readonly FileRoot[]): string {
  for (const root of roots) {
    const rel = relativeInside(p, root.path);
    if (rel) return rel;
  }
  return p;
}
