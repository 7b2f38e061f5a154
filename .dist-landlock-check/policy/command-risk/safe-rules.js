// The allowlist: programs that only read and print, with the flags that would make them write files or run
// other programs. A program missing here is 'unknown'.
import { findRule } from './find.js';
import { gitRule } from './git.js';
import { findOption, hasOption, parseOptions } from './options.js';
import { sedScriptProblem } from './sed-script.js';
import { literal, opaque, unknown } from './types.js';
/** Programs with no option that writes or executes: any arguments, even ones known only at run time. */
const ANY_ARGS = [
    'ls',
    'cat',
    'head',
    'tail',
    'wc',
    'pwd',
    'echo',
    'true',
    'false',
    'which',
    'type',
    'stat',
    'du',
    'df',
    'uname',
    'whoami',
    'id',
    'basename',
    'dirname',
    'realpath',
    'cut',
    'tr',
    'cmp',
    'grep',
    'egrep',
    'fgrep',
    'cd',
];
const safe = () => [];
/** A rule over parsed options; words known only at run time could be any flag, so they make it unknown. */
function withOptions(label, spec, check) {
    return (args) => {
        const parsed = parseOptions(args, spec);
        const verdicts = check(parsed);
        if (parsed.opaque)
            verdicts.push(unknown(`${label} gets arguments known only at run time`));
        return verdicts;
    };
}
const sort = withOptions('sort', {
    shortValue: 'kotST',
    longValue: [
        'key',
        'output',
        'field-separator',
        'buffer-size',
        'temporary-directory',
        'compress-program',
        'files0-from',
        'random-source',
        'batch-size',
        'parallel',
        'sort',
    ],
    long: [
        'check',
        'compress-program',
        'debug',
        'dictionary-order',
        'field-separator',
        'files0-from',
        'general-numeric-sort',
        'human-numeric-sort',
        'ignore-case',
        'ignore-leading-blanks',
        'ignore-nonprinting',
        'key',
        'merge',
        'month-sort',
        'numeric-sort',
        'output',
        'parallel',
        'random-sort',
        'random-source',
        'reverse',
        'sort',
        'stable',
        'batch-size',
        'buffer-size',
        'temporary-directory',
        'unique',
        'version-sort',
        'zero-terminated',
        'help',
        'version',
    ],
}, (p) => [
    ...(hasOption(p, '-o', '--output') ? [unknown('sort -o writes a file')] : []),
    ...(hasOption(p, '--compress-program') ? [unknown('sort --compress-program runs a program')] : []),
    // sort spills to temporary files when its input outgrows memory; -T chooses where they are written.
    ...(hasOption(p, '-T', '--temporary-directory')
        ? [unknown('sort -T writes temporary files in the directory it names')]
        : []),
]);
const uniq = withOptions('uniq', {
    shortValue: 'fsw',
    longValue: ['skip-fields', 'skip-chars', 'check-chars'],
    long: [
        'all-repeated',
        'check-chars',
        'count',
        'group',
        'ignore-case',
        'repeated',
        'skip-chars',
        'skip-fields',
        'unique',
        'zero-terminated',
        'help',
        'version',
    ],
}, 
// A glob operand can expand to two files, the second of which uniq overwrites.
(p) => p.operands.length >= 2 || p.operands.some((a) => !literal(a))
    ? [unknown('uniq writes its second operand')]
    : []);
// ripgrep takes no abbreviations; listing the dangerous names keeps `--pre` from also matching `--pre-glob`,
// while an unlisted prefix such as `--pr` still matches both.
const rg = withOptions('rg', { shortValue: 'ABCEMTdefgjmrt', long: ['pre', 'pre-glob', 'hostname-bin', 'search-zip'] }, (p) => {
    const verdicts = [];
    if (hasOption(p, '--pre'))
        verdicts.push(unknown('rg --pre runs a preprocessor command'));
    if (hasOption(p, '--pre-glob'))
        verdicts.push(unknown('rg --pre-glob configures a preprocessor'));
    if (hasOption(p, '--hostname-bin'))
        verdicts.push(unknown('rg --hostname-bin runs a program'));
    // -z runs gzip, xz, zstd, bzip2, lz4, brotli … on compressed files.
    if (hasOption(p, '-z', '--search-zip'))
        verdicts.push(unknown('rg -z runs decompression programs'));
    return verdicts;
});
const date = withOptions('date', {
    shortValue: 'dfrs',
    shortOptional: 'I',
    longValue: ['date', 'file', 'reference', 'set', 'rfc-3339'],
    long: [
        'date',
        'debug',
        'file',
        'iso-8601',
        'resolution',
        'rfc-email',
        'rfc-3339',
        'reference',
        'set',
        'utc',
        'universal',
        'help',
        'version',
    ],
}, (p) => {
    if (hasOption(p, '-s', '--set'))
        return [unknown('date -s sets the clock')];
    if (p.operands.some((a) => a.value !== null && !a.value.startsWith('+')))
        return [unknown('date with a time operand sets the clock')];
    return [];
});
const file = withOptions('file', {
    shortValue: 'efFmP',
    longValue: ['exclude', 'exclude-quiet', 'files-from', 'separator', 'magic-file', 'parameter'],
    long: [
        'apple',
        'brief',
        'checking-printout',
        'compile',
        'debug',
        'dereference',
        'exclude',
        'exclude-quiet',
        'extension',
        'files-from',
        'help',
        'keep-going',
        'list',
        'magic-file',
        'mime',
        'mime-encoding',
        'mime-type',
        'no-buffer',
        'no-dereference',
        'no-pad',
        'no-sandbox',
        'parameter',
        'preserve-date',
        'print0',
        'raw',
        'separator',
        'special-files',
        'uncompress',
        'uncompress-noreport',
        'version',
    ],
}, (p) => {
    const verdicts = [];
    if (hasOption(p, '-C', '--compile'))
        verdicts.push(unknown('file -C writes a compiled magic file'));
    // libmagic runs external decompressors for the formats it has no library for.
    if (hasOption(p, '-z', '-Z', '--uncompress', '--uncompress-noreport'))
        verdicts.push(unknown('file -z runs decompression programs'));
    // -p restores access times after reading, which writes file metadata.
    if (hasOption(p, '-p', '--preserve-date'))
        verdicts.push(unknown('file -p changes access times'));
    return verdicts;
});
/** GNU diff: -l / --paginate pipes its output through `pr`. */
const diff = withOptions('diff', {
    shortValue: 'CDFILSUWxX',
    longValue: [
        'context',
        'unified',
        'ifdef',
        'show-function-line',
        'ignore-matching-lines',
        'label',
        'starting-file',
        'width',
        'exclude',
        'exclude-from',
        'from-file',
        'to-file',
        'tabsize',
        'color',
        'palette',
        'horizon-lines',
        'line-format',
        'old-line-format',
        'new-line-format',
        'unchanged-line-format',
        'old-group-format',
        'new-group-format',
        'changed-group-format',
        'unchanged-group-format',
    ],
}, (p) => (hasOption(p, '-l', '--paginate') ? [unknown('diff -l runs pr to paginate its output')] : []));
/** printf takes options only before its format; `-v` assigns a shell variable (PATH included). */
const printf = (args) => {
    const first = args[0];
    if (!first)
        return [];
    if (opaque(first))
        return [unknown('printf gets a format known only at run time')];
    return first.value.startsWith('-v') ? [unknown('printf -v assigns a shell variable')] : [];
};
const SED_SPEC = {
    shortValue: 'efl',
    shortOptional: 'i',
    longValue: ['expression', 'file', 'line-length'],
    long: [
        'expression',
        'file',
        'in-place',
        'line-length',
        'null-data',
        'zero-terminated',
        'quiet',
        'silent',
        'regexp-extended',
        'separate',
        'sandbox',
        'unbuffered',
        'debug',
        'posix',
        'follow-symlinks',
        'binary',
        'help',
        'version',
    ],
};
const sed = withOptions('sed', SED_SPEC, (p) => {
    const verdicts = [];
    if (hasOption(p, '-i', '--in-place'))
        verdicts.push(unknown('sed -i edits files in place'));
    if (hasOption(p, '-f', '--file'))
        verdicts.push(unknown('sed -f runs a script file that is not inspected'));
    if (!hasOption(p, '-n', '--quiet', '--silent'))
        verdicts.push(unknown('sed is only safe with -n'));
    const expressions = p.options.filter((o) => o.name === '-e' || o.name === '--expression');
    const scripts = expressions.map((o) => (o.dynamic ? null : o.value));
    if (expressions.length === 0 && !findOption(p, '-f', '--file')) {
        const first = p.operands[0];
        if (first)
            scripts.push(literal(first) ? first.value : null);
    }
    for (const script of scripts) {
        const problem = script === null ? 'sed script known only at run time' : sedScriptProblem(script);
        if (problem)
            verdicts.push(unknown(problem));
    }
    return verdicts;
});
/**
 * `test` / `[` compare integers strictly, but `-v NAME` and `-R NAME` evaluate an array subscript in NAME,
 * and bash runs a command substitution found there: `[ -v 'a[$(rm -rf ~)]' ]` runs rm. Those operators
 * (and operands known only at run time, which could become them) are unknown.
 */
const testRule = (args) => {
    const verdicts = [];
    for (const arg of args) {
        if (arg.value === null)
            verdicts.push(unknown(`test operand ${arg.raw} is known only at run time`));
        else if (arg.value === '-v' || arg.value === '-R') {
            verdicts.push(unknown(`test ${arg.value} evaluates an array subscript, which can run commands`));
        }
    }
    return verdicts;
};
export const SAFE_RULES = {
    ...Object.fromEntries(ANY_ARGS.map((name) => [name, safe])),
    test: testRule,
    '[': testRule,
    sort,
    uniq,
    rg,
    date,
    file,
    printf,
    sed,
    diff,
    find: findRule,
    git: gitRule,
};
//# sourceMappingURL=safe-rules.js.map