import { statSync } from 'node:fs';
const TRUST_AFTER_MS = 1000n;
/** Directories remembered per set of rules (beyond it, the deeper ones are read each time). */
const MAX_DIRS = 50_000;
/** Sets of rules remembered (a process serves few workspaces, each walked with two sets). */
const MAX_CONFIGS = 8;
/** The stamp of a directory (following a symbolic link, as reading it does), or undefined. */
export function dirStamp(dir) {
    const now = BigInt(Date.now()) * 1000000n;
    let stat;
    try {
        stat = statSync(dir, { bigint: true, throwIfNoEntry: false });
    }
    catch {
        return undefined;
    }
    if (!stat)
        return undefined;
    const settledBefore = now - TRUST_AFTER_MS * 1000000n;
    return {
        key: `${stat.dev}:${stat.ino}:${stat.ctimeNs}:${stat.mtimeNs}:${stat.size}:${stat.nlink}`,
        settled: stat.ctimeNs < settledBefore && stat.mtimeNs < settledBefore,
    };
}
const configs = new Map();
/** Start a walk under a set of rules (`config` names them all: roots, globs, protected paths). */
export function walkSession(config) {
    const last = (configs.get(config) ?? new Map());
    // Most recently used last, so the first key is the one to drop.
    configs.delete(config);
    configs.set(config, last);
    if (configs.size > MAX_CONFIGS)
        configs.delete(configs.keys().next().value);
    const next = new Map();
    return {
        reuse(key, stamp) {
            const kept = stamp ? last.get(key) : undefined;
            return kept && kept.stamp === stamp?.key ? kept.value : undefined;
        },
        keep(key, stamp, value) {
            if (stamp?.settled && next.size < MAX_DIRS)
                next.set(key, { stamp: stamp.key, value });
        },
        finish() {
            if (configs.has(config))
                configs.set(config, next);
        },
    };
}
//# sourceMappingURL=scan-cache.js.map