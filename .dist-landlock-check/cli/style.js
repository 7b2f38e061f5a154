// Terminal presentation: color only on a TTY and only when NO_COLOR is unset; errors always say what to do.
export function wantsColor(stream, env) {
    // no-color.org: any non-empty NO_COLOR turns color off.
    return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}
export function createStyle(color) {
    const wrap = (open, close) => (text) => color ? `\u001b[${open}m${text}\u001b[${close}m` : text;
    return {
        bold: wrap(1, 22),
        dim: wrap(2, 22),
        red: wrap(31, 39),
        green: wrap(32, 39),
        yellow: wrap(33, 39),
    };
}
/** A mistake on the command line: exit 2, with a hint about the fix. */
export class UsageError extends Error {
    hint;
    constructor(message, hint) {
        super(message);
        this.hint = hint;
    }
}
/** `handrail <command>: error: ...` and, on its own line, the hint. */
export function printError(io, where, message, hint) {
    const style = createStyle(wantsColor(io.stderr, io.env));
    io.stderr.write(`${where}: ${style.red('error:')} ${message}\n`);
    if (hint)
        io.stderr.write(`  ${style.dim(`hint: ${hint}`)}\n`);
}
//# sourceMappingURL=style.js.map