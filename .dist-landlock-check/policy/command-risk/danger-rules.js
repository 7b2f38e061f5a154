// Commands that destroy data, take over the machine or run as root: 'dangerous'. Their other forms are
// 'unknown' (never safe).
import { hasOption, parseOptions } from './options.js';
import { judgeWriteTarget } from './targets.js';
import { dangerous, shown, unknown } from './types.js';
/** rm targets that take everything with them. */
const SWEEPING = new Set([
    '/',
    '/*',
    '~',
    '~/',
    '~/*',
    '*',
    '.',
    './',
    '..',
    '../',
    '.*',
    '$HOME',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${HOME}, not a template
    '${HOME}',
    '"$HOME"',
]);
const rm = (args) => {
    const p = parseOptions(args, {
        long: [
            'force',
            'interactive',
            'one-file-system',
            'no-preserve-root',
            'preserve-root',
            'recursive',
            'dir',
            'verbose',
            'help',
            'version',
        ],
    });
    const verdicts = [];
    const recursive = hasOption(p, '-r', '-R', '--recursive');
    if (recursive && hasOption(p, '-f', '--force'))
        verdicts.push(dangerous('rm -rf deletes recursively without asking'));
    if (hasOption(p, '--no-preserve-root'))
        verdicts.push(dangerous('rm --no-preserve-root can delete /'));
    for (const operand of p.operands) {
        const target = operand.value === null ? operand.raw : operand.value.replace(/(.)\/+$/, '$1/');
        if (SWEEPING.has(target) || SWEEPING.has(operand.raw)) {
            verdicts.push(dangerous(`rm ${shown(operand)} deletes everything there`));
        }
        else if (recursive && operand.value !== null && /^\/[^/]+\/?$/.test(operand.value)) {
            verdicts.push(dangerous(`rm -r ${operand.value} deletes a top-level directory`));
        }
    }
    return verdicts.length > 0 ? verdicts : [unknown('rm deletes files')];
};
/** An octal mode with the world-write bit, or a symbolic one granting o/a write. */
function worldWritable(mode) {
    if (/^[0-7]{3,4}$/.test(mode))
        return '2367'.includes(mode.at(-1));
    return /(?:^|,)[ugoa]*[ao][ugoa]*[+=][rwxXst]*w/.test(mode);
}
const chmod = (args) => {
    const recursive = args.some((a) => a.value === '-R' || a.value === '--recursive' || /^-[a-zA-Z]*R/.test(a.value ?? ''));
    if (!recursive)
        return [unknown('chmod changes permissions')];
    const mode = args.find((a) => a.value !== null && !a.value.startsWith('-') && worldWritable(a.value));
    if (mode)
        return [dangerous(`chmod -R ${mode.value} makes a whole tree world-writable`)];
    if (args.some((a) => a.value === '/'))
        return [dangerous('chmod -R / changes permissions of the whole system')];
    return [unknown('chmod -R changes permissions of a whole tree')];
};
function chownLike(name) {
    return (args) => args.some((a) => a.value === '--recursive' || /^-[a-zA-Z]*R/.test(a.value ?? ''))
        ? [dangerous(`${name} -R changes ownership of a whole tree`)]
        : [unknown(`${name} changes ownership`)];
}
const dd = (args) => {
    for (const arg of args) {
        const word = arg.value;
        if (word === null || !word.startsWith('of='))
            continue;
        const verdict = judgeWriteTarget(word.slice(3), `dd ${word}`, () => unknown(`dd ${word} writes a file`));
        if (verdict)
            return [verdict];
    }
    return [unknown('dd copies raw data')];
};
const tee = (args) => {
    const verdicts = [];
    for (const operand of parseOptions(args, { long: ['append', 'ignore-interrupts', 'output-error'] })
        .operands) {
        const verdict = operand.value === null
            ? unknown(`tee writes to a file named at run time (${operand.raw})`)
            : judgeWriteTarget(operand.value, `tee ${operand.value}`, () => unknown(`tee writes ${operand.value}`));
        if (verdict)
            verdicts.push(verdict);
    }
    return verdicts;
};
/** kill with -1 as a target signals every process the user owns. */
const kill = (args) => {
    let i = 0;
    const first = args[0]?.value;
    if (first === '-s' || first === '-n')
        i = 2;
    else if (first?.startsWith('-') && first !== '--')
        i = 1;
    const targets = args.slice(i).filter((a) => a.value !== '--');
    if (targets.some((a) => a.value === '-1'))
        return [dangerous(`kill ${args.map(shown).join(' ')} kills every process`)];
    return [unknown('kill signals processes')];
};
const stopsMachine = (name) => () => [dangerous(`${name} stops or restarts the machine`)];
const init = (args) => args.some((a) => a.value !== null && /^[06sS]$/.test(a.value))
    ? [dangerous('init changes the runlevel (halt or reboot)')]
    : [unknown('init controls the system')];
const systemctl = (args) => {
    const action = args.find((a) => a.value !== null && !a.value.startsWith('-'))?.value;
    return action && /^(?:poweroff|reboot|halt|kexec|emergency|rescue|soft-reboot)$/.test(action)
        ? [dangerous(`systemctl ${action} stops or restarts the machine`)]
        : [unknown('systemctl controls system services')];
};
const formats = (what) => () => [dangerous(what)];
export const DANGER_RULES = {
    rm,
    chmod,
    chown: chownLike('chown'),
    chgrp: chownLike('chgrp'),
    dd,
    tee,
    kill,
    shutdown: stopsMachine('shutdown'),
    reboot: stopsMachine('reboot'),
    halt: stopsMachine('halt'),
    poweroff: stopsMachine('poweroff'),
    init,
    telinit: init,
    systemctl,
    mke2fs: formats('mke2fs formats a filesystem'),
    mkswap: formats('mkswap formats a swap area'),
    wipefs: formats('wipefs erases filesystem signatures'),
    fdisk: formats('fdisk repartitions a disk'),
    sfdisk: formats('sfdisk repartitions a disk'),
    cfdisk: formats('cfdisk repartitions a disk'),
    sgdisk: formats('sgdisk repartitions a disk'),
    parted: formats('parted repartitions a disk'),
};
/** Rules that cover a family of names (`mkfs.ext4`, `mkfs.xfs`, …). */
export function dangerByName(name) {
    if (name.startsWith('mkfs'))
        return formats(`${name} formats a filesystem`);
    return undefined;
}
//# sourceMappingURL=danger-rules.js.map