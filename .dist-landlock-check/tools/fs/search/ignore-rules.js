import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { readVerified } from '../../../sandbox/index.js';
import { walkedCheck } from './walked-check.js';
/** Ignore files larger than this are not read (a real one is a few KiB). */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;
/** The ignore files ripgrep reads in each directory, highest precedence first. */
export const IGNORE_FILE_NAMES = ['.rgignore', '.ignore', '.gitignore'];
const NONE = 0;
const IGNORED = 1;
const WHITELISTED = 2;
/** Whether `canonical` (below `level.dir`) is ignored. Directories are matched as directories. */
export function isIgnored(level, canonical, isDir) {
    if (!level?.active)
        return false;
    let rg = NONE;
    let dot = NONE;
    let git = NONE;
    let exclude = NONE;
    let sawGit = false;
    for (let l = level; l; l = l.parent) {
        if (!l.rgignore && !l.dotignore && !l.gitignore && !l.exclude) {
            sawGit ||= l.hasGit;
            continue;
        }
        const rel = relativeTo(l.dir, canonical) + (isDir ? '/' : '');
        if (rg === NONE && l.rgignore)
            rg = verdict(l.rgignore, rel);
        if (dot === NONE && l.dotignore)
            dot = verdict(l.dotignore, rel);
        if (!sawGit && git === NONE && l.gitignore)
            git = verdict(l.gitignore, rel);
        if (!sawGit && exclude === NONE && l.exclude)
            exclude = verdict(l.exclude, rel);
        sawGit ||= l.hasGit;
    }
    const decided = rg || dot || git || exclude;
    return decided === IGNORED;
}
/** What one rule set says about one path, without inheriting from parent directories (as git and ripgrep). */
function verdict(ig, rel) {
    // `ignore` exposes parent-inheriting tests only; its rule manager tests the path alone, which is what a
    // layered matcher needs (a deeper rule may re-include a directory a shallower one excluded). The version
    // is pinned; fall back to the public test if the internals ever move.
    const rules = ig
        ._rules;
    const result = typeof rules?.test === 'function' ? rules.test(rel, 'regex') : ig.test(rel);
    return result.ignored ? IGNORED : result.unignored ? WHITELISTED : NONE;
}
function relativeTo(dir, canonical) {
    return dir === '/' ? canonical.slice(1) : canonical.slice(dir.length + 1);
}
/** Build a directory's level from what its listing showed; unreadable or oversized files count as absent. */
export async function loadLevel(files, dir, parent, presence) {
    const level = { dir, parent, hasGit: presence.hasGit, active: parent?.active ?? false };
    const read = (file) => readRules(files, file);
    if (presence.files.has('.rgignore'))
        level.rgignore = await read(path.join(dir, '.rgignore'));
    if (presence.files.has('.ignore'))
        level.dotignore = await read(path.join(dir, '.ignore'));
    if (presence.files.has('.gitignore'))
        level.gitignore = await read(path.join(dir, '.gitignore'));
    if (presence.gitDir)
        level.exclude = await read(path.join(dir, '.git', 'info', 'exclude'));
    if (level.rgignore || level.dotignore || level.gitignore || level.exclude)
        level.active = true;
    return level;
}
/**
 * The levels above a search's start directory, outermost first, as far up as the file policy lets us read
 * (ripgrep reads parent ignore files too; the two agree unless ignore files sit above the readable roots).
 */
export async function ancestorLevels(files, start) {
    const dirs = [];
    for (let dir = path.dirname(start); files.isReadable(dir); dir = path.dirname(dir)) {
        dirs.unshift(dir);
        if (dir === '/')
            break;
    }
    let level;
    for (const dir of dirs)
        level = await loadLevel(files, dir, level, await presenceByStat(dir));
    return level;
}
/** The ignore files present in a directory we did not list (an ancestor of the start). */
export async function presenceByStat(dir) {
    const presence = { files: new Set(), hasGit: false, gitDir: false };
    await Promise.all([
        ...IGNORE_FILE_NAMES.map(async (name) => {
            const stat = await fs.lstat(path.join(dir, name)).catch(() => undefined);
            if (stat?.isFile())
                presence.files.add(name);
        }),
        fs
            .lstat(path.join(dir, '.git'))
            .then((stat) => {
            presence.hasGit = true;
            presence.gitDir = stat.isDirectory();
        })
            .catch(() => undefined),
    ]);
    return presence;
}
async function readRules(files, file) {
    if (!files.isReadable(file))
        return undefined;
    try {
        const stat = await fs.lstat(file);
        if (!stat.isFile() || stat.size > MAX_IGNORE_FILE_BYTES)
            return undefined;
        const { data } = await readVerified(walkedCheck(files, file, stat), MAX_IGNORE_FILE_BYTES);
        // Case-sensitive, as git on Linux and ripgrep.
        return ignore({ ignorecase: false }).add(data.toString('utf8'));
    }
    catch {
        return undefined;
    }
}
/**
 * Whether `dir` lies in a git repository: it or a readable ancestor holds `.git`. ripgrep then runs with
 * its default "ignore rules need a repository" mode, which every ripgrep version reads the same way;
 * outside a repository it runs with --no-require-git so .gitignore files still count.
 */
export async function insideRepository(files, dir) {
    for (let current = dir; files.isReadable(current); current = path.dirname(current)) {
        if (await fs.lstat(path.join(current, '.git')).then(() => true, () => false))
            return true;
        if (current === '/')
            break;
    }
    return false;
}
//# sourceMappingURL=ignore-rules.js.map