// Judges a path that a command writes to: redirections, `tee`, `dd of=`.
import { dangerous } from './types.js';
/** Sinks that are not files: writing there changes nothing. */
const HARMLESS = /^\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)$/;
/** Disks and partitions: writing there destroys filesystems. */
const BLOCK_DEVICE = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|md|dm-|loop|disk|mapper\/|root$)/;
/** System locations outside any workspace. */
const SYSTEM = /^\/(?:etc|boot|bin|sbin|lib|lib32|lib64|usr|sys|proc)(?:\/|$)/;
/**
 * null when the write is harmless, a dangerous verdict for devices and system files, otherwise the
 * 'unknown' verdict built by `otherwise`.
 */
export function judgeWriteTarget(path, how, otherwise) {
    const normal = path.replace(/\/{2,}/g, '/');
    if (HARMLESS.test(normal))
        return null;
    if (BLOCK_DEVICE.test(normal))
        return dangerous(`${how} writes to the block device ${path}`);
    if (SYSTEM.test(normal))
        return dangerous(`${how} overwrites the system file ${path}`);
    return otherwise();
}
//# sourceMappingURL=targets.js.map