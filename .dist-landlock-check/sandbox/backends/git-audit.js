import { lstatSync, readdirSync, readlinkSync, realpathSync, renameSync, rmSync, writeFileSync, } from 'node:fs';
import path from 'node:path';
import { findGitDir, hooksDirs, includeTarget, isExecEntry, isInclude, looksLikeGitDir, parseGitConfig, readGitConfigFiles, readGitFile, readSmallFile, repositoryConfigFiles, resolveDotGit, } from '../git-config.js';
import { mostSpecificRoot } from './scan.js';
/** Config files read in the audit: larger than the classifier reads, since a command can pad one. */
const AUDIT_MAX_BYTES = 16 * 1024 * 1024;
/** Repositories looked at per command. */
const MAX_REPOS = 500;
/** Entries walked inside a repository's modules/ and worktrees/. */
const MAX_NESTED_ENTRIES = 2_000;
/** Entries looked at in one hooks directory (core.hooksPath may name a large one). */
const MAX_HOOKS_PER_DIR = 500;
/** Entries stamped below one watched path. */
const MAX_WATCHED_ENTRIES = 500;
export function snapshotGit(scope) {
    const snapshot = {
        hazards: new Set(),
        hooks: new Map(),
        links: new Map(),
        watched: new Map(),
        repos: new Set(),
        complete: scope.complete !== false,
        startedAt: Date.now(),
    };
    for (const repo of repositories(scope)) {
        if (repo.gitDir)
            snapshot.repos.add(repo.gitDir);
        for (const print of hazardPrints(repo, scope.roots).keys())
            snapshot.hazards.add(print);
        for (const [file, stamp] of hookFiles(repo))
            snapshot.hooks.set(file, stamp);
    }
    for (const link of scope.gitLinks)
        snapshot.links.set(link, linkTarget(link));
    for (const p of scope.absoluteProtected) {
        if (mostSpecificRoot(p, scope.roots)?.access === 'write')
            snapshot.watched.set(p, stampTree(p));
    }
    return snapshot;
}
/** After the command: remove what it added that makes git run programs (see GitSnapshot). */
export function auditGit(scope, before) {
    const result = { settings: [], hooks: [], disabled: [], links: [], unresolved: [] };
    const writable = (p) => mostSpecificRoot(p, scope.roots)?.access === 'write';
    for (const link of scope.gitLinks) {
        const target = linkTarget(link);
        if (before.links.get(link) === target)
            continue;
        const named = resolveDotGit(link);
        const real = named ? realOrSelf(named) : undefined;
        if ((!real || !writable(real) || !looksLikeGitDir(real)) && writable(path.dirname(link))) {
            rmSync(link, { force: true, recursive: false });
            result.links.push(`${link} → ${target}`);
        }
    }
    for (const repo of repositories(scope)) {
        // A repository the scan did not reach before (it stopped at its limit) and older than the command is
        // the user's own: left alone, so that its settings and hooks are not mistaken for new ones.
        if (repo.gitDir &&
            !before.complete &&
            !before.repos.has(repo.gitDir) &&
            bornBefore(repo.gitDir, before.startedAt))
            continue;
        const prints = hazardPrints(repo, scope.roots);
        const fresh = [...prints].filter(([print]) => !before.hazards.has(print));
        const byFile = new Map();
        for (const [print, item] of fresh) {
            // Outside the writable roots the command changed nothing: such a file is new here only because a new
            // include reaches it (and that include is removed), or because the user changed it meanwhile.
            if (!writable(item.real))
                continue;
            if (item.problem) {
                try {
                    renameSync(item.real, `${item.real}.handrail-disabled`);
                    result.disabled.push(`${item.real} (${item.problem})`);
                }
                catch (error) {
                    result.unresolved.push(`${item.text}: ${error.message}`);
                }
                continue;
            }
            const set = byFile.get(item.real) ?? new Set();
            set.add(print);
            byFile.set(item.real, set);
        }
        for (const [file, remove] of byFile) {
            const removed = removeEntries(file, (entry) => remove.has(entryPrint(file, entry)));
            if (removed)
                result.settings.push(...removed);
            else
                result.unresolved.push(`${file} changed while handrail was removing settings from it`);
        }
        // Hooks, where git looks for them once the new settings are gone.
        const now = byFile.size > 0 && repo.gitDir ? { ...repo, read: readConfig(repo.gitDir) } : repo;
        for (const [file, stamp] of hookFiles(now)) {
            if (before.hooks.get(file) === stamp)
                continue;
            if (!writable(realOrSelf(path.dirname(file))))
                continue;
            try {
                rmSync(file, { recursive: true, force: true });
                result.hooks.push(file);
            }
            catch {
                // gone already, or not ours to remove
            }
        }
    }
    for (const [p, stamp] of before.watched) {
        if (stampTree(p) !== stamp) {
            result.unresolved.push(`${p} changed (the user's own configuration, protected whatever the roots)`);
        }
    }
    return result;
}
/** Every repository in scope: the git directories found, `.git` links' targets, the roots' own, nested ones. */
function repositories(scope) {
    const candidates = [...scope.gitDirs];
    for (const link of scope.gitLinks) {
        const target = resolveDotGit(link);
        if (target)
            candidates.push(target);
    }
    for (const root of scope.roots) {
        if (root.access !== 'write')
            continue;
        const repo = findGitDir(root.path);
        if (repo)
            candidates.push(repo);
    }
    const seen = new Set();
    const repos = [];
    let budget = MAX_NESTED_ENTRIES;
    const add = (dir) => {
        const real = realOrSelf(dir);
        if (seen.has(real) || repos.length >= MAX_REPOS || !looksLikeGitDir(real))
            return;
        seen.add(real);
        repos.push({ gitDir: real, read: readConfig(real) });
        // Linked worktrees and submodules keep their git directories inside this one.
        for (const sub of ['worktrees', 'modules']) {
            const queue = [path.join(real, sub)];
            while (queue.length > 0 && budget > 0) {
                const dir = queue.shift();
                let entries;
                try {
                    entries = readdirSync(dir, { withFileTypes: true });
                }
                catch {
                    continue;
                }
                for (const entry of entries) {
                    if (--budget < 0 || !entry.isDirectory())
                        continue;
                    const child = path.join(dir, entry.name);
                    if (looksLikeGitDir(child))
                        add(child);
                    else if (sub === 'modules')
                        queue.push(child);
                }
            }
        }
    };
    for (const dir of candidates)
        add(dir);
    // The user's own git configuration, when it lies in the roots (a workspace that is the home directory).
    const userConfigs = scope.absoluteProtected.flatMap((p) => /(?:^|\/)\.gitconfig$|\/git$/.test(p) ? [p, path.join(p, 'config')] : [p]);
    const inRoots = userConfigs.filter((p) => mostSpecificRoot(p, scope.roots)?.access === 'write');
    if (inRoots.length > 0)
        repos.push({ gitDir: '', read: readGitConfigFiles(inRoots, { maxBytes: AUDIT_MAX_BYTES }) });
    return repos;
}
function readConfig(gitDir) {
    return readGitConfigFiles(repositoryConfigFiles(gitDir), { maxBytes: AUDIT_MAX_BYTES });
}
/**
 * The settings to watch in a repository, by fingerprint: those that run programs, and includes of files
 * outside the writable roots (which the next command's audit could not see into); files not checked.
 */
function hazardPrints(repo, roots) {
    const prints = new Map();
    for (const entry of repo.read.entries) {
        const exec = isExecEntry(entry, repo.gitDir || undefined);
        const outside = isInclude(entry) &&
            ((target) => !target || mostSpecificRoot(target, roots)?.access !== 'write')(includeTarget(entry));
        if (!exec && !outside)
            continue;
        const real = realOrSelf(entry.file);
        prints.set(entryPrint(real, entry), { real, text: describe(entry) });
    }
    for (const { file, problem } of repo.read.problems) {
        if (problem.startsWith('includes nested') || problem.startsWith('more than'))
            continue;
        const real = realOrSelf(file);
        prints.set(`${real}\0!${problem}\0${stamp(real)}`, { real, text: `${file}: ${problem}`, problem });
    }
    return prints;
}
function entryPrint(realFile, entry) {
    return `${realFile}\0${entry.key}\0${entry.value ?? '\u0000null'}`;
}
function describe(entry) {
    const value = entry.value === null ? '' : `=${Buffer.from(entry.value, 'latin1').toString('utf8')}`;
    const shown = `${Buffer.from(entry.key, 'latin1').toString('utf8')}${value}`.replace(/[\u0000-\u001f\u007f]/g, ' ');
    return `${shown.length > 120 ? `${shown.slice(0, 119)}…` : shown} in ${entry.file}`;
}
/**
 * Rewrite a config file without the chosen entries, keeping every other byte (the repository still works).
 * Returns what was removed, or undefined when the file no longer parses as it did.
 */
function removeEntries(file, remove) {
    const read = readSmallFile(file, AUDIT_MAX_BYTES);
    if (!read || 'tooLarge' in read)
        return undefined;
    const parsed = parseGitConfig(read.text, file);
    const chosen = parsed.entries.filter(remove);
    if (chosen.length === 0)
        return [];
    let text = read.text;
    for (const entry of [...chosen].sort((a, b) => b.removeStart - a.removeStart)) {
        text = text.slice(0, entry.removeStart) + text.slice(entry.removeEnd);
    }
    // In place: the file keeps its owner and mode. It is a regular file in a writable root (checked).
    const stat = lstatSync(file);
    if (!stat.isFile())
        return undefined;
    writeFileSync(file, text, 'latin1');
    return chosen.map(describe);
}
/** Hook files git would run (not `*.sample`), or a hooks directory that is a symbolic link, with stamps. */
function hookFiles(repo) {
    const hooks = new Map();
    if (!repo.gitDir)
        return hooks;
    for (const dir of hooksDirs(repo.gitDir, repo.read.entries)) {
        let linked = false;
        try {
            linked = lstatSync(dir).isSymbolicLink();
        }
        catch {
            continue;
        }
        if (linked) {
            hooks.set(dir, stamp(dir));
            continue;
        }
        let names;
        try {
            names = readdirSync(dir);
        }
        catch {
            continue;
        }
        for (const name of names.slice(0, MAX_HOOKS_PER_DIR)) {
            if (name.endsWith('.sample'))
                continue;
            const file = path.join(dir, name);
            hooks.set(file, stamp(file));
        }
    }
    return hooks;
}
/** What a `.git` link or file names. */
function linkTarget(link) {
    try {
        const stat = lstatSync(link);
        if (stat.isSymbolicLink())
            return `link:${readlinkSync(link)}`;
        if (stat.isFile())
            return `gitdir:${readGitFile(link) ?? '?'}`;
        return stat.isDirectory() ? 'directory' : 'other';
    }
    catch {
        return 'missing';
    }
}
function stamp(p) {
    try {
        const s = lstatSync(p, { bigint: true });
        const link = s.isSymbolicLink() ? `>${readlinkSync(p)}` : '';
        return `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.mode}${link}`;
    }
    catch {
        return 'missing';
    }
}
/** A path's stamp and those of what it holds (bounded). */
function stampTree(root) {
    const parts = [];
    const queue = [root];
    let budget = MAX_WATCHED_ENTRIES;
    while (queue.length > 0 && budget-- > 0) {
        const p = queue.shift();
        const s = stamp(p);
        parts.push(`${p}=${s}`);
        if (s === 'missing')
            continue;
        try {
            if (!lstatSync(p).isDirectory())
                continue;
            for (const name of readdirSync(p).sort())
                queue.push(path.join(p, name));
        }
        catch {
            // unreadable: its stamp stands for it
        }
    }
    return parts.join('\n');
}
function bornBefore(dir, time) {
    try {
        const s = lstatSync(dir);
        return (s.birthtimeMs > 0 ? s.birthtimeMs : s.ctimeMs) < time;
    }
    catch {
        return false;
    }
}
/**
 * Git directories and `.git` links below a directory the scan does not enter (a protected directory the
 * command created, like `sub/.vscode`): bounded, without following links.
 */
export function findGitIn(dir, budget) {
    const found = { gitDirs: [], gitLinks: [] };
    const queue = [dir];
    while (queue.length > 0 && budget > 0) {
        const current = queue.shift();
        let entries;
        try {
            entries = readdirSync(current, { withFileTypes: true });
        }
        catch {
            continue;
        }
        if (looksLikeGitDir(current)) {
            found.gitDirs.push(current);
            continue;
        }
        for (const entry of entries) {
            if (--budget < 0)
                break;
            const child = path.join(current, entry.name);
            if (entry.name === '.git' && !entry.isDirectory())
                found.gitLinks.push(child);
            else if (entry.isDirectory())
                queue.push(child);
        }
    }
    return found;
}
function realOrSelf(p) {
    try {
        return realpathSync(p);
    }
    catch {
        return p;
    }
}
//# sourceMappingURL=git-audit.js.map