// Who a file tool acts as, and whether that user may change a file. handrail running as an ordinary user
// acts as itself; running as root on a user's workspace (a container, sudo) it acts as the owner of the root
// the file lives in, so it neither writes what that user could not nor leaves root-owned files behind. Only
// on a root-owned root does it act as root, and even then a file with no write bit (chmod a-w) is a
// deliberate "do not touch" that is honoured, as Codex and Pi do.
import { statSync } from 'node:fs';
/** The user file tools act as for files under `root`. */
export function actingUser(root) {
    const euid = process.geteuid?.() ?? -1;
    if (euid !== 0) {
        return { uid: euid, gid: process.getegid?.() ?? -1, groups: process.getgroups?.() ?? [] };
    }
    try {
        const stat = statSync(root);
        if (stat.uid !== 0)
            return { uid: stat.uid, gid: stat.gid, groups: [] };
    }
    catch {
        // An unreadable root: act as root, whose checks below are the strictest that still make sense.
    }
    return { uid: 0, gid: process.getegid?.() ?? 0, groups: [] };
}
/** Whether `user` may write a file or directory with this stat (root: when any write bit is set). */
export function mayWrite(stat, user) {
    const mode = stat.mode;
    if (user.uid === 0)
        return (mode & 0o222) !== 0;
    if (stat.uid === user.uid)
        return (mode & 0o200) !== 0;
    if (stat.gid === user.gid || user.groups.includes(stat.gid))
        return (mode & 0o020) !== 0;
    return (mode & 0o002) !== 0;
}
/** A refusal a tool reports as `permission_denied`. */
export class FilePermissionError extends Error {
    code = 'EHANDRAILPERM';
    constructor(message) {
        super(message);
        this.name = 'FilePermissionError';
    }
}
/**
 * Refuse to change (`update`) or remove (`remove`) a file the acting user may not write, or to create or
 * remove an entry in a directory it may not write. `display` is the path as the model gave it.
 */
export function assertMayChange(display, what, user, action) {
    const who = user.uid === 0 ? 'root' : `uid ${user.uid}`;
    if (what.file && !mayWrite(what.file, user)) {
        const mode = (what.file.mode & 0o7777).toString(8).padStart(4, '0');
        throw new FilePermissionError(`Cannot ${action === 'remove' ? 'delete' : 'change'} ${display}: it is not writable by ${who} (mode ${mode}, owner uid ${what.file.uid}). A read-only file is left as it is; make it writable first (chmod u+w) if the change is intended.`);
    }
    if (what.dir && action !== 'update' && !mayWrite(what.dir, user)) {
        const mode = (what.dir.mode & 0o7777).toString(8).padStart(4, '0');
        throw new FilePermissionError(`Cannot ${action === 'remove' ? 'delete' : 'create'} ${display}: its directory is not writable by ${who} (mode ${mode}, owner uid ${what.dir.uid}).`);
    }
}
//# sourceMappingURL=file-owner.js.map