import { readFileSync } from 'node:fs';
const GiB = 1024 ** 3;
export const DEFAULT_RLIMITS = {
    processes: 512,
    fileSizeBytes: 4 * GiB,
    openFiles: 8192,
    addressSpaceBytes: 16 * GiB,
};
/** Resolve a partial override against the defaults; non-positive or non-finite values are ignored. */
export function resolveRlimits(override = {}) {
    const out = { ...DEFAULT_RLIMITS };
    for (const key of Object.keys(out)) {
        const value = override[key];
        if (typeof value === 'number' && Number.isFinite(value) && value > 0)
            out[key] = Math.floor(value);
    }
    return out;
}
/**
 * `prlimit` arguments that apply the limits to the program that follows. An unprivileged process cannot
 * raise a hard limit, so each value is capped at handrail's own hard limit. RLIMIT_NPROC counts every
 * process of the real uid in the user namespace where the check happens, so it is only set where that
 * namespace is the sandbox's own (bwrap), never for `none`.
 */
export function prlimitArgs(prlimit, limits, opts) {
    const hard = ownHardLimits();
    const cap = (value, max) => String(max === undefined ? value : Math.min(value, max));
    const args = [
        prlimit,
        `--fsize=${cap(limits.fileSizeBytes, hard.fsize)}`,
        `--nofile=${cap(limits.openFiles, hard.nofile)}`,
        '--core=0',
        `--as=${cap(limits.addressSpaceBytes, hard.as)}`,
    ];
    if (opts.processes)
        args.push(`--nproc=${cap(limits.processes, hard.nproc)}`);
    args.push('--');
    return args;
}
let cachedHard;
/** handrail's own hard limits from /proc/self/limits (undefined where unlimited or unknown). */
function ownHardLimits() {
    if (cachedHard)
        return cachedHard;
    const rows = {
        'Max file size': 'fsize',
        'Max open files': 'nofile',
        'Max address space': 'as',
        'Max processes': 'nproc',
    };
    const hard = {};
    try {
        for (const line of readFileSync('/proc/self/limits', 'utf8').split('\n')) {
            for (const [label, key] of Object.entries(rows)) {
                if (!line.startsWith(label))
                    continue;
                const fields = line.slice(label.length).trim().split(/\s+/);
                const value = Number(fields[1]);
                if (Number.isFinite(value))
                    hard[key] = value;
            }
        }
    }
    catch {
        // Not Linux, or no /proc: prlimit reports its own error if a value is too high.
    }
    cachedHard = hard;
    return hard;
}
//# sourceMappingURL=rlimits.js.map