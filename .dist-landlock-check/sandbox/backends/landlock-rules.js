// From "what a command may do where" to Landlock rules. Landlock only adds: a rule grants its rights on a
// directory and everything beneath it, and nothing can take them back further down. So a path that must
// get less than its directory (a protected `.git` in a writable root, a deny-read file) is carved out by
// granting the directory only what every such path keeps, and each of its other entries the full rights,
// one rule each — down the way to every path that gets less.
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isWithin } from '../path-syntax.js';
/** Landlock's filesystem rights (LANDLOCK_ACCESS_FS_*), as the kernel numbers them. */
export const FS = {
    EXECUTE: 1 << 0,
    WRITE_FILE: 1 << 1,
    READ_FILE: 1 << 2,
    READ_DIR: 1 << 3,
    REMOVE_DIR: 1 << 4,
    REMOVE_FILE: 1 << 5,
    MAKE_CHAR: 1 << 6,
    MAKE_DIR: 1 << 7,
    MAKE_REG: 1 << 8,
    MAKE_SOCK: 1 << 9,
    MAKE_FIFO: 1 << 10,
    MAKE_BLOCK: 1 << 11,
    MAKE_SYM: 1 << 12,
    REFER: 1 << 13,
    TRUNCATE: 1 << 14,
    IOCTL_DEV: 1 << 15,
};
/** Read, list and run. */
export const READ = FS.READ_FILE | FS.READ_DIR | FS.EXECUTE;
/** What makes, removes or moves entries of a directory. */
export const CHANGE_ENTRIES = FS.REMOVE_DIR |
    FS.REMOVE_FILE |
    FS.MAKE_DIR |
    FS.MAKE_REG |
    FS.MAKE_SOCK |
    FS.MAKE_FIFO |
    FS.MAKE_SYM |
    FS.REFER;
/** Everything a writable root allows (device nodes need CAP_MKNOD, which no command has). */
export const WRITE = READ | FS.WRITE_FILE | FS.TRUNCATE | CHANGE_ENTRIES;
/** The rights that mean anything on a file (the rest apply to directories). */
export const FILE_RIGHTS = FS.EXECUTE | FS.WRITE_FILE | FS.READ_FILE | FS.TRUNCATE | FS.IOCTL_DEV;
/**
 * Turn directives (absolute canonical paths; the deepest directive over a path decides, the last one given
 * for the same path wins) into additive Landlock rules. Directories on the way to a path with less access
 * are read from disk; entries that appear there later get only what their directory got. Symbolic links
 * get no rule: access through one is decided where its target lies.
 */
export function compileRules(directives) {
    const byPath = new Map();
    for (const d of directives)
        byPath.set(path.resolve(d.path), d.access);
    const all = [...byPath].map(([p, access]) => ({ path: p, access }));
    const out = { rules: [], closed: [], unreadable: [] };
    const tops = all.filter((d) => !all.some((other) => other.path !== d.path && isWithin(d.path, other.path)));
    for (const top of tops) {
        visit(top.path, top.access, 0, strictlyInside(all, top.path), out, undefined);
    }
    return out;
}
function strictlyInside(directives, dir) {
    return directives.filter((d) => d.path !== dir && isWithin(d.path, dir));
}
/**
 * `access`: what `p` should get; `inherited`: what rules above already give it; `inner`: directives below.
 * `isDir`: known from the parent's listing (undefined: look).
 */
function visit(p, access, inherited, inner, out, isDir) {
    const restricting = inner.filter((d) => (access & ~d.access) !== 0);
    if (restricting.length === 0) {
        emit(p, access, inherited, out, isDir);
        // Directives below that add access (a writable root inside a read-only one).
        for (const d of outermost(inner)) {
            visit(d.path, d.access, inherited | access, strictlyInside(inner, d.path), out, undefined);
        }
        return;
    }
    // Carve: this directory keeps what every restricted path below keeps, plus listing (so `ls` works; the
    // names inside a deny-read directory below can then be listed too, never read).
    const keep = (restricting.reduce((acc, d) => acc & d.access, access) | (access & FS.READ_DIR)) & access;
    emit(p, keep, inherited, out, true);
    if ((access & ~keep & CHANGE_ENTRIES) !== 0)
        out.closed.push(p);
    let entries;
    try {
        entries = readdirSync(p, { withFileTypes: true });
    }
    catch {
        // Gone, or not a directory: the restricted paths below do not exist either, or cannot be reached.
        if (exists(p))
            out.unreadable.push(p);
        return;
    }
    const below = new Map();
    for (const d of inner) {
        const name = d.path.slice(p.length + (p.endsWith('/') ? 0 : 1)).split('/')[0];
        const list = below.get(name);
        if (list)
            list.push(d);
        else
            below.set(name, [d]);
    }
    for (const entry of entries) {
        if (entry.isSymbolicLink())
            continue;
        const child = path.join(p, entry.name);
        const under = below.get(entry.name) ?? [];
        const own = under.find((d) => d.path === child);
        visit(child, own ? own.access : access, inherited | keep, under.filter((d) => d !== own), out, entry.isDirectory());
    }
}
function emit(p, access, inherited, out, isDir) {
    const dir = isDir ?? isDirectory(p);
    const rights = dir === false ? access & FILE_RIGHTS : access;
    if ((rights & ~inherited) !== 0)
        out.rules.push({ path: p, access: rights });
}
function outermost(directives) {
    return directives.filter((d) => !directives.some((other) => other.path !== d.path && isWithin(d.path, other.path)));
}
/** Undefined when the path does not exist (the helper skips it). */
function isDirectory(p) {
    try {
        return lstatSync(p, { throwIfNoEntry: false })?.isDirectory();
    }
    catch {
        return undefined;
    }
}
function exists(p) {
    return isDirectory(p) !== undefined;
}
/** The rules as the helper reads them: NUL-terminated pairs of hexadecimal rights and path. */
export function serializeRules(rules) {
    return Buffer.from(rules.map((rule) => `${rule.access.toString(16)}\0${rule.path}\0`).join(''));
}
//# sourceMappingURL=landlock-rules.js.map