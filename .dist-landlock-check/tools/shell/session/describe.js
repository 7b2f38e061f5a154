// Short, model-facing descriptions of sessions: a command label and how long ago something happened.
const LABEL_MAX = 60;
/** The command on one line, shortened: `npm run dev`, `python3 -c 'import…`. */
export function commandLabel(command) {
    const line = command.replace(/\s+/g, ' ').trim();
    return line.length <= LABEL_MAX ? line : `${line.slice(0, LABEL_MAX - 1)}…`;
}
/** `45s`, `12m`, `2h 5m`. */
export function formatAge(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 60)
        return `${s}s`;
    const m = Math.floor(s / 60);
    if (m < 60)
        return `${m}m`;
    const h = Math.floor(m / 60);
    return m % 60 === 0 ? `${h}h` : `${h}h ${m % 60}m`;
}
/** `10 minutes`, `1 hour`, `250 ms`: for stated limits. */
export function formatDuration(ms) {
    if (ms < 1000)
        return `${ms} ms`;
    const units = [
        [3600_000, 'hour'],
        [60_000, 'minute'],
        [1000, 'second'],
    ];
    for (const [size, name] of units) {
        if (ms >= size && ms % size === 0)
            return `${ms / size} ${name}${ms === size ? '' : 's'}`;
    }
    return `${(ms / 1000).toFixed(1)} seconds`;
}
//# sourceMappingURL=describe.js.map