// find: read-only unless an action runs commands, deletes or writes files. The commands given to -exec are
// handed back so that they are judged too (`find . -exec rm -rf {} +` is dangerous, not just unknown).
import { opaque, unknown } from './types.js';
const EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const WRITES = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);
export const findRule = (args) => {
    const verdicts = [];
    const seen = new Set();
    const add = (key, reason) => {
        if (!seen.has(key))
            verdicts.push(unknown(reason));
        seen.add(key);
    };
    for (const arg of args) {
        if (opaque(arg))
            add('opaque', 'find gets arguments known only at run time');
        const word = arg.value;
        if (word === null)
            continue;
        if (EXEC.has(word))
            add(word, `find ${word} runs arbitrary commands`);
        else if (word === '-delete')
            add(word, 'find -delete deletes files');
        else if (WRITES.has(word))
            add(word, `find ${word} writes a file`);
    }
    return verdicts;
};
/** The commands find runs for -exec, -execdir, -ok and -okdir (up to `;` or `+`). */
export function findExecCommands(args) {
    const commands = [];
    for (let i = 0; i < args.length; i++) {
        if (!EXEC.has(args[i].value ?? ''))
            continue;
        const inner = [];
        for (i++; i < args.length && args[i].value !== ';' && args[i].value !== '+'; i++)
            inner.push(args[i]);
        if (inner.length > 0)
            commands.push(inner);
    }
    return commands;
}
//# sourceMappingURL=find.js.map