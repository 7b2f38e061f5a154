// Families of command names the rules care about, and how a command word maps to a program name.
/** Shells whose `-c` string and stdin are bash-like enough to classify with the bash grammar. */
export const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'rbash']);
/** Programs that run code read from stdin or from a file argument. */
export function isInterpreter(name) {
    return (SHELLS.has(name) ||
        /^(?:fish|csh|tcsh|python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|ruby|node|nodejs|deno|bun|php[0-9.]*|lua[0-9.]*|osascript)$/.test(name));
}
/** Programs that fetch content from the network. */
export const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'xh']);
/** Programs that run code from a string or file in the current shell. */
export const CODE_RUNNERS = new Set(['eval', 'source', '.']);
const SYSTEM_DIRS = new Set([
    '/bin',
    '/usr/bin',
    '/usr/local/bin',
    '/sbin',
    '/usr/sbin',
    '/usr/local/sbin',
    '/opt/homebrew/bin',
]);
export function programName(word) {
    const slash = word.lastIndexOf('/');
    if (slash < 0)
        return { name: word, untrusted: false };
    const dir = word.slice(0, slash).replace(/\/+$/, '') || '/';
    return { name: word.slice(slash + 1), untrusted: !SYSTEM_DIRS.has(dir) };
}
//# sourceMappingURL=names.js.map