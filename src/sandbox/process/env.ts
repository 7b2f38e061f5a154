// The environment a command receives: an allowlist from the host, what the sandbox sets, what the profile
// adds, then the model's own variables, each refused when it could run other code or carry a secret.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Host variables a command inherits (plus the locale categories, LOCALE_VARS), each checked like a model's
 * variable. Nothing else from handrail's environment. PATH is rebuilt (see `sandboxPath`).
 */
export const HOST_ENV_ALLOWLIST: readonly string[] = ['PATH', 'LANG', 'TERM', 'TZ'];

/** The locale variables a command inherits: the POSIX and glibc categories, not any LC_ name. */
export const LOCALE_VARS: readonly string[] = [
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

/**
 * A locale name (`C`, `en_US.UTF-8`, `sr_RS@latin`, LANGUAGE's `de:en`): never a path, since glibc loads
 * the locale data of a value with a slash from that path, and locale files are trusted like code.
 */
const LOCALE_VALUE = /^[\w.@:+-]{0,128}$/;

/** The variable that marks every process of one run, so a tree can be found after it daemonized. */
export const RUN_MARKER_VAR = 'HANDRAIL_RUN';

/** Set for runs without a terminal, so programs print plain text and never wait in a pager. */
export const NON_TTY_ENV: Readonly<Record<string, string>> = {
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

const SECRET_PATTERNS: readonly RegExp[] = [
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
export function envRefusalReason(name: string): string | undefined {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    return 'is not a valid variable name (letters, digits and _, not starting with a digit)';
  }
  const upper = name.toUpperCase();
  if (SANDBOX_NAMES.has(upper) || upper.startsWith(`${RUN_MARKER_VAR}`)) return SET_BY_SANDBOX;
  if (SECRET_PATTERNS.some((pattern) => pattern.test(upper))) return SECRET;
  if (upper.startsWith('LD_') || upper.startsWith('DYLD_') || upper === 'GCONV_PATH') return LOADS_CODE;
  if (SHELL_NAMES.has(upper) || upper.startsWith('BASH_FUNC_')) return SHELL;
  if (INTERPRETER_NAMES.has(upper)) return INTERPRETER;
  if (GIT_NAMES.has(upper) || upper.startsWith('GIT_CONFIG')) return GIT;
  if (PROGRAM_NAMES.has(upper)) return PROGRAM;
  if (upper.endsWith('_PROXY')) return PROXY;
  return undefined;
}

function valueProblem(name: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'its value is not a string';
  if (value.includes('\u0000')) return 'its value contains a NUL character';
  if (Buffer.byteLength(value) >= MAX_VALUE_BYTES) return `its value is longer than ${MAX_VALUE_BYTES} bytes`;
  if (isLocaleVar(name) && !LOCALE_VALUE.test(value)) {
    return 'its value is not a locale name (a path would make programs load locale data from there)';
  }
  return undefined;
}

function isLocaleVar(name: string): boolean {
  const upper = name.toUpperCase();
  return upper === 'LANG' || LOCALE_VARS.includes(upper);
}

export interface EnvRefusal {
  name: string;
  reason: string;
}

/** The message for refused variables, naming each one and why. */
export function envRefusalMessage(refused: readonly EnvRefusal[]): string {
  const list = refused.map((r) => `${r.name} (${r.reason})`).join('; ');
  return refused.length === 1
    ? `Refused environment variable: ${list}. Remove it and run the command again.`
    : `Refused environment variables: ${list}. Remove them and run the command again.`;
}

export interface EnvInput {
  /** handrail's own environment (only the allowlist is read). */
  host: NodeJS.ProcessEnv;
  home: string;
  tmp: string;
  tty: boolean;
  runId: string;
  /** Added by the profile: trusted configuration, not filtered. */
  extra?: Record<string, string>;
  /** Given by the model: each variable checked. */
  model?: Record<string, unknown>;
  /**
   * Canonical roots, read-only ones too: no entry of the host's PATH inside one reaches the command (a
   * read-only root is still the workspace's content, which a cloned repository or the model controls).
   */
  roots?: readonly string[];
}

export type EnvResult = { ok: true; env: Record<string, string> } | { ok: false; refused: EnvRefusal[] };

/** Build a command's environment. Model variables that are refused fail the whole build. */
export function buildCommandEnv(input: EnvInput): EnvResult {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.host)) {
    if (value === undefined || name === 'PATH') continue;
    if (!HOST_ENV_ALLOWLIST.includes(name) && !LOCALE_VARS.includes(name)) continue;
    // Filtered as the model's would be: a secret-looking name or a strange value stays behind.
    if (envRefusalReason(name) || valueProblem(name, value) || !PASS_THROUGH_VALUE.test(value)) continue;
    env[name] = value;
  }
  env.PATH = sandboxPath(input.host.PATH, input.roots ?? []);
  env.HOME = input.home;
  env.TMPDIR = input.tmp;
  if (input.tty) env.TERM = env.TERM && env.TERM !== 'dumb' ? env.TERM : 'xterm-256color';
  else Object.assign(env, NON_TTY_ENV);
  env[RUN_MARKER_VAR] = input.runId;
  Object.assign(env, input.extra ?? {});

  const refused: EnvRefusal[] = [];
  for (const [name, value] of Object.entries(input.model ?? {})) {
    const reason = envRefusalReason(name) ?? valueProblem(name, value);
    if (reason) refused.push({ name, reason });
    else env[name] = value as string;
  }
  return refused.length > 0 ? { ok: false, refused } : { ok: true, env };
}

/**
 * The host's PATH as a command may use it: absolute entries only (an empty or relative entry searches the
 * working directory), none inside a root (a `node_modules/.bin` or `./bin` first on the host's PATH would
 * let a file of the workspace stand in for `ls` or `git`; under `read_only` the roots are read-only, and
 * their files no more trusted), each once. A PATH the profile sets (`extraEnv`) is the user's own choice
 * and replaces this one.
 */
export function sandboxPath(hostPath: string | undefined, roots: readonly string[]): string {
  const kept: string[] = [];
  for (const entry of (hostPath ?? '').split(':')) {
    if (!path.posix.isAbsolute(entry)) continue;
    const dir = path.posix.normalize(entry).replace(/(.)\/$/, '$1');
    // A missing entry is judged by its name (checked first: a failed realpath throws, which costs more).
    let real = dir;
    if (existsSync(dir)) {
      try {
        real = realpathSync.native(dir);
      } catch {
        // gone meanwhile
      }
    }
    const inRoot = roots.some((root) => within(dir, root) || within(real, root));
    if (!inRoot && !kept.includes(dir)) kept.push(dir);
  }
  return kept.length > 0 ? kept.join(':') : DEFAULT_PATH;
}

function within(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith('/') ? parent : `${parent}/`);
}
