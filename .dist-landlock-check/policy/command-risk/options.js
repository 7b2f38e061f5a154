// GNU-style option scanning for the rules: short clusters, attached or separate values, `--`, permutation
// and unambiguous abbreviations of long options (`sort --compress=sh` is `--compress-program=sh`).
import { opaque } from './types.js';
export function parseOptions(args, spec = {}) {
    const permute = spec.permute ?? true;
    const options = [];
    const operands = [];
    let isOpaque = false;
    let i = 0;
    for (; i < args.length; i++) {
        const arg = args[i];
        const word = arg.value;
        if (opaque(arg)) {
            isOpaque = true;
            if (!permute)
                break;
            operands.push(arg);
            continue;
        }
        if (word === '--') {
            i++;
            break;
        }
        if (word === null || !word.startsWith('-') || word === '-') {
            if (!permute)
                break;
            operands.push(arg);
            continue;
        }
        if (word.startsWith('--')) {
            const eq = word.indexOf('=');
            const typed = word.slice(2, eq < 0 ? undefined : eq);
            const resolved = resolveLong(typed, spec.long);
            const name = `--${resolved ?? typed}`;
            let value = eq < 0 ? null : word.slice(eq + 1);
            // `--opt=a*` is a glob over file names that start with `--opt=`: its value is not what it says.
            let dynamic = value !== null && arg.glob === true;
            if (value === null && spec.longValue?.includes(resolved ?? typed) && i + 1 < args.length) {
                const next = args[++i];
                value = shownValue(next);
                dynamic = opaque(next) || next.glob === true;
            }
            isOpaque ||= dynamic;
            options.push({ name, value, dynamic, loose: resolved === undefined });
            continue;
        }
        if (spec.numeric && /^-\d+$/.test(word)) {
            options.push({ name: word, value: null, dynamic: false, loose: false });
            continue;
        }
        for (let j = 1; j < word.length; j++) {
            const letter = word[j];
            if (spec.shortValue?.includes(letter)) {
                let value = word.slice(j + 1);
                let dynamic = value !== '' && arg.glob === true;
                if (value === '' && i + 1 < args.length) {
                    const next = args[++i];
                    value = shownValue(next);
                    dynamic = opaque(next) || next.glob === true;
                }
                isOpaque ||= dynamic;
                options.push({ name: `-${letter}`, value, dynamic, loose: false });
                break;
            }
            if (spec.shortOptional?.includes(letter)) {
                options.push({ name: `-${letter}`, value: word.slice(j + 1), dynamic: false, loose: false });
                break;
            }
            options.push({ name: `-${letter}`, value: null, dynamic: false, loose: false });
        }
    }
    for (let k = i; k < args.length; k++)
        operands.push(args[k]);
    return { options, operands, rest: i, opaque: isOpaque };
}
function shownValue(arg) {
    return arg.value ?? arg.raw;
}
function resolveLong(typed, known) {
    if (!known)
        return undefined;
    if (known.includes(typed))
        return typed;
    const matches = known.filter((name) => name.startsWith(typed));
    return matches.length === 1 ? matches[0] : undefined;
}
/**
 * Whether any of `names` (`-o`, `--output`) was given. A long option the spec could not resolve matches any
 * name it abbreviates, so an unlisted abbreviation is never read as harmless.
 */
export function findOption(parsed, ...names) {
    return parsed.options.find((option) => names.some((name) => option.name === name ||
        (option.loose && name.startsWith('--') && option.name.length > 2 && name.startsWith(option.name))));
}
export function hasOption(parsed, ...names) {
    return findOption(parsed, ...names) !== undefined;
}
//# sourceMappingURL=options.js.map