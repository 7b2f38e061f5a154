import path from 'node:path';
import { relativeInside } from '../path-syntax.js';
import { auditGit, findGitIn } from './git-audit.js';
import { scanPolicyPaths } from './scan.js';
/**
 * After a sandboxed command: protected paths it created where nothing held them (a nested `sub/.envrc`,
 * a new repository's `.git`), and what it left for git to run on the host. The sandbox binds existing
 * protected paths read-only and holds the missing top-level names with placeholders, but it cannot hold
 * every name at every depth, nor know every git directory (a bare `foo.git`, a `gitdir:` target), so
 * handrail looks afterwards. Settings that make git run programs (core.fsmonitor, filter drivers, …) and
 * hooks that the command added to any repository in the roots are removed — they would run outside the
 * sandbox on the user's next git command there — and everything else is reported to the model.
 */
export async function auditProtectedPaths(input) {
    if (!input.roots.some((root) => root.access === 'write'))
        return [];
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
    const created = after.readOnly.filter((p) => !input.before.has(p) && !input.isPlaceholder?.(p));
    const shown = (p) => display(p, input.roots);
    const notes = [];
    if (created.length > 0 && !input.truncatedBefore) {
        notes.push(`The command created protected paths, which handrail's file tools will not change: ${created.map(shown).join(', ')}. Review them before running programs that read them (git, direnv, npm, editors).`);
    }
    if (!input.git)
        return notes;
    // The scan does not enter protected directories: look for repositories in the ones the command created.
    const gitDirs = [...after.gitDirs];
    const gitLinks = [...after.gitLinks];
    for (const p of created) {
        if (path.basename(p) === '.git')
            continue;
        const found = findGitIn(p, input.maxEntries);
        gitDirs.push(...found.gitDirs);
        gitLinks.push(...found.gitLinks);
    }
    const git = auditGit({ roots: input.roots, gitDirs, gitLinks, absoluteProtected }, input.git);
    if (git.settings.length > 0) {
        notes.push(`Removed git settings the command added that make git run programs (they would run outside the sandbox on the next git command there): ${git.settings.map((s) => shownIn(s, input.roots)).join('; ')}.`);
    }
    if (git.hooks.length > 0) {
        notes.push(`Removed git hooks the command installed or changed (they would run outside the sandbox on the next git command there): ${git.hooks.map(shown).join(', ')}.`);
    }
    if (git.disabled.length > 0) {
        notes.push(`Renamed git config files handrail could not check to *.handrail-disabled (git would have read them): ${git.disabled.map((s) => shownIn(s, input.roots)).join('; ')}.`);
    }
    if (git.links.length > 0) {
        notes.push(`Removed .git links the command made to repositories outside the writable roots (or to none): ${git.links.map((s) => shownIn(s, input.roots)).join('; ')}.`);
    }
    if (git.unresolved.length > 0) {
        notes.push(`Review before running git there: ${git.unresolved.map((s) => shownIn(s, input.roots)).join('; ')}.`);
    }
    return notes;
}
function display(p, roots) {
    for (const root of roots) {
        const rel = relativeInside(p, root.path);
        if (rel)
            return rel;
    }
    return p;
}
/** A message naming absolute paths, with paths in the roots shown relative to their root. */
function shownIn(text, roots) {
    let out = text;
    for (const root of [...roots].sort((a, b) => b.path.length - a.path.length)) {
        if (root.path !== '/')
            out = out.split(`${root.path}/`).join('');
    }
    return out;
}
//# sourceMappingURL=audit.js.map