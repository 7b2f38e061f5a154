// The environment a command receives: an allowlist from the host, what the sandbox sets, what the profile
// adds, then the model's own variables, each refused when it could run other code or carry a secret.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
/**
 * Host variables a command inherits (plus the locale categories, LOCALE_VARS), each checked like a model's
 * variable. Nothing else from handrail's environment. PATH is rebuilt (see `sandboxPath`).
 */
export const HOST_ENV_ALLOWLIST = ['PATH', 'LANG', 'TERM', 'TZ'];
/** The locale variables a command inherits: the POSIX and glibc categories, not any LC_ name. */
export const LOCALE_VARS = [
    'LANGUAGE',
    'LC_ALL',
    'LC_ADDRESS',
    'LC_COLLATE',
    'LC_CTYPE',
    'LC_IDENTIFICATION',
    'LC_MEASUREMENT',
    'LC_MESSAGES',
    'LC_MONETARY',
    'LC_NAME',
    'LC_NUMERIC',
    'LC_PAPER',
    'LC_TELEPHONE',
    'LC_TIME',
];
/** The PATH a command gets when the host's has no usable entry. */
export const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';
/** A host value passed through: short printable text (a locale, a terminal type, a time zone). */
const PASS_THROUGH_VALUE = /^[\x20-\x7e]{0,256}$/;
/** The variable that marks every process of one run, so a tree can be found after it daemonized. */
export const RUN_MARKER_VAR = 'HANDRAIL_RUN';
/** Set for runs without a terminal, so programs print plain text and never wait in a pager. */
export const NON_TTY_ENV = {
    TERM: 'dumb',
    NO_COLOR: '1',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
};
/** Longest single environment string the kernel accepts (MAX_ARG_STRLEN). */
const MAX_VALUE_BYTES = 128 * 1024;
const SET_BY_SANDBOX = 'is set by the sandbox';
const SECRET = 'looks like a secret; commands never receive secrets';
const LOADS_CODE = 'makes programs load other code';
const SHELL = 'changes how the shell runs commands';
const INTERPRETER = 'makes an interpreter load other code';
const GIT = 'makes git run other programs or read other configuration';
const PROGRAM = 'names a program other tools run';
const PROXY = 'redirects network traffic';
const SANDBOX_NAMES = new Set(['PATH', 'HOME']);
const SHELL_NAMES = new Set([
    'BASH_ENV',
    'ENV',
    'PROMPT_COMMAND',
    'SHELLOPTS',
    'BASHOPTS',
    'PS4',
    'IFS',
    'ZDOTDIR',
]);
const INTERPRETER_NAMES = new Set([
    'NODE_OPTIONS',
    'NODE_PATH',
    'PYTHONPATH',
    'PYTHONSTARTUP',
    'PYTHONHOME',
    'PERL5LIB',
    'PERLLIB',
    'PERL5OPT',
    'PERL5DB',
    'RUBYOPT',
    'RUBYLIB',
    'JAVA_TOOL_OPTIONS',
    '_JAVA_OPTIONS',
    'JDK_JAVA_OPTIONS',
    'CLASSPATH',
]);
const GIT_NAMES = new Set([
    'GIT_EXEC_PATH',
    'GIT_SSH',
    'GIT_SSH_COMMAND',
    'GIT_SSH_VARIANT',
    'GIT_PAGER',
    'GIT_EDITOR',
    'GIT_SEQUENCE_EDITOR',
    'GIT_ASKPASS',
    'GIT_PROXY_COMMAND',
    'GIT_EXTERNAL_DIFF',
    'GIT_DIR',
    'GIT_WORK_TREE',
    'GIT_COMMON_DIR',
    'GIT_TEMPLATE_DIR',
]);
const PROGRAM_NAMES = new Set([
    'EDITOR',
    'VISUAL',
    'PAGER',
    'MANPAGER',
    'LESSOPEN',
    'LESSCLOSE',
    'BROWSER',
    'SSH_ASKPASS',
    'SUDO_ASKPASS',
]);
const SECRET_PATTERNS = [
    /TOKEN/,
    /SECRET/,
    /PASSWORD/,
    /PASSWD/,
    /APIKEY/,
    /API_KEY/,
    /CREDENTIAL/,
    /PRIVATE_KEY/,
    /_KEY$/,
    /^KEY$/,
    /(^|_)PASS(_|$)/,
    /_PWD$/,
    /(^|_)AUTH(_|$)/,
    /COOKIE/,
    /^AWS_/,
    /^GITHUB_/,
    /^GH_/,
    /^OPENAI_/,
    /^ANTHROPIC_/,
    /^AZURE_/,
];
/** Why a model-supplied variable name is refused, or undefined when it is allowed. Case-insensitive. */
export function envRefusalReason(name) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        return 'is not a valid variable name (letters, digits and _, not starting with a digit)';
    }
    const upper = name.toUpperCase();
    if (SANDBOX_NAMES.has(upper) || upper.startsWith(`${RUN_MARKER_VAR}`))
        return SET_BY_SANDBOX;
    if (SECRET_PATTERNS.some((pattern) => pattern.test(upper)))
        return SECRET;
    if (upper.startsWith('LD_') || upper.startsWith('DYLD_') || upper === 'GCONV_PATH')
        return LOADS_CODE;
    if (SHELL_NAMES.has(upper) || upper.startsWith('BASH_FUNC_'))
        return SHELL;
    if (INTERPRETER_NAMES.has(upper))
        return INTERPRETER;
    if (GIT_NAMES.has(upper) || upper.startsWith('GIT_CONFIG'))
        return GIT;
    if (PROGRAM_NAMES.has(upper))
        return PROGRAM;
    if (upper.endsWith('_PROXY'))
        return PROXY;
    return undefined;
}
function valueProblem(value) {
    if (typeof value !== 'string')
        return 'its value is not a string';
    if (value.includes('\u0000'))
        return 'its value contains a NUL character';
    if (Buffer.byteLength(value) >= MAX_VALUE_BYTES)
        return `its value is longer than ${MAX_VALUE_BYTES} bytes`;
    return undefined;
}
/** The message for refused variables, naming each one and why. */
export function envRefusalMessage(refused) {
    const list = refused.map((r) => `${r.name} (${r.reason})`).join('; ');
    return refused.length === 1
        ? `Refused environment variable: ${list}. Remove it and run the command again.`
        : `Refused environment variables: ${list}. Remove them and run the command again.`;
}
/** Build a command's environment. Model variables that are refused fail the whole build. */
export function buildCommandEnv(input) {
    const env = {};
    for (const [name, value] of Object.entries(input.host)) {
        if (value === undefined || name === 'PATH')
            continue;
        if (!HOST_ENV_ALLOWLIST.includes(name) && !LOCALE_VARS.includes(name))
            continue;
        // Filtered as the model's would be: a secret-looking name or a strange value stays behind.
        if (envRefusalReason(name) || valueProblem(value) || !PASS_THROUGH_VALUE.test(value))
            continue;
        env[name] = value;
    }
    env.PATH = sandboxPath(input.host.PATH, input.writableRoots ?? []);
    env.HOME = input.home;
    env.TMPDIR = input.tmp;
    if (input.tty)
        env.TERM = env.TERM && env.TERM !== 'dumb' ? env.TERM : 'xterm-256color';
    else
        Object.assign(env, NON_TTY_ENV);
    env[RUN_MARKER_VAR] = input.runId;
    Object.assign(env, input.extra ?? {});
    const refused = [];
    for (const [name, value] of Object.entries(input.model ?? {})) {
        const reason = envRefusalReason(name) ?? valueProblem(value);
        if (reason)
            refused.push({ name, reason });
        else
            env[name] = value;
    }
    return refused.length > 0 ? { ok: false, refused } : { ok: true, env };
}
/**
 * The host's PATH as a command may use it: absolute entries only (an empty or relative entry searches the
 * working directory), none inside a writable root (a `node_modules/.bin` or `./bin` first on the host's
 * PATH would let a file of the workspace stand in for `ls` or `git`), each once. A PATH the profile sets
 * (`extraEnv`) is the user's own choice and replaces this one.
 */
export function sandboxPath(hostPath, writableRoots) {
    const kept = [];
    for (const entry of (hostPath ?? '').split(':')) {
        if (!path.posix.isAbsolute(entry))
            continue;
        const dir = path.posix.normalize(entry).replace(/(.)\/$/, '$1');
        // A missing entry is judged by its name (checked first: a failed realpath throws, which costs more).
        let real = dir;
        if (existsSync(dir)) {
            try {
                real = realpathSync.native(dir);
            }
            catch {
                // gone meanwhile
            }
        }
        const inRoot = writableRoots.some((root) => within(dir, root) || within(real, root));
        if (!inRoot && !kept.includes(dir))
            kept.push(dir);
    }
    return kept.length > 0 ? kept.join(':') : DEFAULT_PATH;
}
function within(child, parent) {
    return child === parent || child.startsWith(parent.endsWith('/') ? parent : `${parent}/`);
}
//# sourceMappingURL=env.js.map