// Commands that run another command: prefixes (`env`, `time`, `nice`, `xargs`, `sudo`, …), shells given a
// script (`bash -c`, `eval`, `su -c`) and shells reading commands from stdin. Each is judged by what it runs.

import { SHELLS } from './names.js';
import { hasOption, type OptionSpec, type Parsed, parseOptions } from './options.js';
import { unreadShell } from './shells.js';
import {
  type Arg,
  dangerous,
  literal,
  opaque,
  shown,
  staticArg,
  structural,
  unknown,
  type Verdict,
} from './types.js';

export interface Unwrapped {
  verdicts: Verdict[];
  /** The command it runs, when given. */
  inner?: Arg[];
  /**
   * Shell source it runs (`bash -c`, `eval`, `env -S`), and the shell that reads it when that is not the
   * shell reading the line (`sh -c`, watch's `sh -c`).
   */
  script?: { text: string | null; raw: string; label: string; shell?: string };
  /** It reads commands from its standard input (`bash`, `sh -s`). */
  stdinShell?: boolean;
  /** It appends words it reads to the inner command (`xargs`): the inner command's flags are not all visible. */
  appends?: boolean;
  /** `inner` is the wrapper's default, not a command given on the line (`xargs` alone runs echo). */
  implicit?: boolean;
  /** Without an inner command it does something of its own that is not safe. */
  alone?: Verdict;
}

type Wrapper = (args: Arg[]) => Unwrapped;

/** A prefix command: options, then the command it runs. */
function prefix(
  spec: OptionSpec,
  label: string,
  extra?: (parsed: Parsed, args: Arg[]) => Verdict[],
): Wrapper {
  return (args) => {
    const parsed = parseOptions(args, { ...spec, permute: false });
    const verdicts = extra?.(parsed, args) ?? [];
    if (parsed.opaque) verdicts.push(unknown(`${label} gets options known only at run time`));
    return { verdicts, inner: args.slice(parsed.rest) };
  };
}

const time = prefix(
  {
    shortValue: 'fo',
    longValue: ['format', 'output'],
    long: ['format', 'output', 'append', 'verbose', 'quiet'],
  },
  'time',
  (parsed) => (hasOption(parsed, '-o', '--output') ? [unknown('time -o writes a file')] : []),
);

function timeout(args: Arg[]): Unwrapped {
  const parsed = parseOptions(args, {
    shortValue: 'sk',
    longValue: ['signal', 'kill-after'],
    long: ['signal', 'kill-after', 'preserve-status', 'foreground', 'verbose'],
    permute: false,
  });
  const verdicts = parsed.opaque ? [unknown('timeout gets options known only at run time')] : [];
  return { verdicts, inner: args.slice(parsed.rest + 1) };
}

const ENV_SPEC: OptionSpec = {
  shortValue: 'uCSP',
  longValue: ['unset', 'chdir', 'split-string'],
  long: [
    'ignore-environment',
    'null',
    'unset',
    'chdir',
    'split-string',
    'block-signal',
    'default-signal',
    'ignore-signal',
    'list-signal-handling',
    'debug',
  ],
  permute: false,
};

const ENV_OPTIONS = new Set([
  '-i',
  '-0',
  '-u',
  '-C',
  '-S',
  '-v',
  ...(ENV_SPEC.long ?? []).map((name) => `--${name}`),
]);

function env(args: Arg[]): Unwrapped {
  const parsed = parseOptions(args, ENV_SPEC);
  const verdicts: Verdict[] = [];
  if (parsed.opaque) verdicts.push(unknown('env gets options known only at run time'));
  // Newer versions add options (`--argv0=-bash` starts a login shell): only the known ones are read.
  const other = parsed.options.find((o) => o.loose || !ENV_OPTIONS.has(o.name));
  if (other) verdicts.push(unknown(`env option ${other.name} is not recognised`));
  // What the command finds around it (the repository git reads) is checked where the line runs, not there.
  const chdir = parsed.options.find((o) => o.name === '-C' || o.name === '--chdir');
  // Structural (the line is not exact): an allow rule for `./x` must not run another directory's ./x.
  if (chdir)
    verdicts.push(
      structural(unknown(`env ${chdir.name} runs the command in another directory (${chdir.value})`)),
    );
  let i = parsed.rest;
  if (args[i]?.value === '-') i++;
  for (; i < args.length; i++) {
    const word = args[i]!.value;
    if (word === null || !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) break;
    verdicts.push(structural(unknown(`env sets ${word.slice(0, word.indexOf('='))} for the command`)));
  }
  const split = parsed.options.find((o) => o.name === '-S' || o.name === '--split-string');
  if (split) {
    // env -S splits its string into words: read it as shell words, followed by the remaining arguments.
    const text = [split.value ?? '', ...args.slice(i).map(shown)].join(' ');
    // Its own grammar differs from the shell's where it matters: `\n`, `\t`, `\_` and `\c` are escapes
    // and `${VAR}` expands (outside single quotes too). A string with either is not read as shell words.
    const ownGrammar = /[\\$]/.test(split.value ?? '');
    const known = !split.dynamic && !ownGrammar && args.slice(i).every(literal);
    return { verdicts, script: { text: known ? text : null, raw: text, label: 'env -S' } };
  }
  const inner = args.slice(i);
  return { verdicts, inner, alone: unknown('env without a command prints the environment') };
}

function command(args: Arg[]): Unwrapped {
  const parsed = parseOptions(args, { permute: false });
  // `command -v x` only looks a name up, like `which`.
  if (hasOption(parsed, '-v', '-V')) return { verdicts: [] };
  return { verdicts: [], inner: args.slice(parsed.rest) };
}

function xargs(args: Arg[]): Unwrapped {
  const parsed = parseOptions(args, {
    shortValue: 'adEILnPs',
    shortOptional: 'eil',
    longValue: ['arg-file', 'delimiter', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
    long: [
      'null',
      'arg-file',
      'delimiter',
      'eof',
      'replace',
      'max-lines',
      'max-args',
      'max-procs',
      'max-chars',
      'process-slot-var',
      'interactive',
      'no-run-if-empty',
      'verbose',
      'exit',
      'open-tty',
      'show-limits',
    ],
    permute: false,
  });
  const verdicts = parsed.opaque ? [unknown('xargs gets options known only at run time')] : [];
  let inner = args.slice(parsed.rest);
  // -I R / -i / --replace: every argument that contains R is rewritten with each input line, so it is known
  // only at run time (`xargs -I Q sed -n Q f` runs whatever sed script comes in).
  const replace = parsed.options.find((o) => ['-I', '-i', '--replace'].includes(o.name));
  if (replace) {
    const token = replace.value || '{}';
    if (inner[0]?.value?.includes(token))
      verdicts.push(unknown('xargs -I puts its input in the command name'));
    inner = inner.map((arg) =>
      arg.value?.includes(token) ? { value: null, raw: arg.raw, leadingGlob: false } : arg,
    );
  }
  // With no command, xargs runs echo.
  if (inner.length === 0) return { verdicts, inner: [staticArg('echo')], appends: true, implicit: true };
  return { verdicts, inner, appends: true };
}

function asRoot(label: string, spec: OptionSpec): Wrapper {
  return (args) => {
    const parsed = parseOptions(args, { ...spec, permute: false });
    return {
      verdicts: [dangerous(`${label} runs commands as another user`)],
      inner: args.slice(parsed.rest),
    };
  };
}

function su(args: Arg[]): Unwrapped {
  const parsed = parseOptions(args, {
    shortValue: 'csgGw',
    longValue: ['command', 'session-command', 'shell', 'group', 'supp-group', 'whitelist-environment'],
    long: [
      'command',
      'session-command',
      'shell',
      'group',
      'supp-group',
      'login',
      'preserve-environment',
      'pty',
    ],
  });
  const verdicts = [dangerous('su runs commands as another user')];
  const cmd = parsed.options.find((o) => ['-c', '--command', '--session-command'].includes(o.name));
  if (!cmd) return { verdicts };
  return { verdicts, script: { text: cmd.dynamic ? null : cmd.value, raw: cmd.value ?? '', label: 'su -c' } };
}

function evalWrapper(args: Arg[]): Unwrapped {
  const dynamic = !args.every(literal);
  const raw = args.map((a) => a.raw).join(' ');
  return {
    verdicts: [],
    script: { text: dynamic ? null : args.map((a) => a.value).join(' '), raw, label: 'eval' },
  };
}

function watch(args: Arg[]): Unwrapped {
  const parsed = parseOptions(args, {
    shortValue: 'nq',
    shortOptional: 'd',
    longValue: ['interval'],
    long: ['interval', 'differences', 'exec', 'beep', 'errexit', 'chgexit', 'no-title', 'precise', 'color'],
    permute: false,
  });
  const verdicts = parsed.opaque ? [unknown('watch gets options known only at run time')] : [];
  const rest = args.slice(parsed.rest);
  // Without -x, watch joins its arguments and runs them with `sh -c`.
  if (hasOption(parsed, '-x', '--exec')) return { verdicts, inner: rest };
  const dynamic = !rest.every(literal);
  const raw = rest.map((a) => a.raw).join(' ');
  return {
    verdicts,
    // watch runs it with /bin/sh, which is dash on Debian.
    script: { text: dynamic ? null : rest.map((a) => a.value).join(' '), raw, label: 'watch', shell: 'sh' },
  };
}

/** `bash [options] [-c script | file] [args]`. */
function shell(label: string): Wrapper {
  return (args) => {
    // zsh always sources zshenv and has syntax bash lacks (`=(cmd)`, `${(e)x}`); ksh and mksh have
    // `${ cmd; }`: their scripts are judged for danger, but never safe.
    const verdicts: Verdict[] = unreadShell(label);
    let runsString = false;
    let readsStdin = false;
    let i = 0;
    for (; i < args.length; i++) {
      const arg = args[i]!;
      if (opaque(arg)) {
        // After -c, the first operand is the script, which the caller judges.
        if (runsString) break;
        verdicts.push(unknown(`${label} gets arguments known only at run time`));
        return { verdicts };
      }
      const word = arg.value!;
      if (word === '--' || word === '-') {
        i++;
        break;
      }
      if (word === '--rcfile' || word === '--init-file') {
        verdicts.push(unknown(`${label} ${word} runs a startup file`));
        i++;
        continue;
      }
      if (word === '--login' || word === '--debugger') {
        verdicts.push(unknown(`${label} ${word} runs startup files`));
        continue;
      }
      if (word.startsWith('--')) continue;
      if (!/^[-+]/.test(word)) break;
      for (const letter of word.slice(1)) {
        if (letter === 'c') runsString = true;
        else if (letter === 's') readsStdin = true;
        else if (letter === 'o' || letter === 'O') {
          // `-O extdebug` at startup runs the debugger profile, like --debugger.
          if (letter === 'O' && args[i + 1]?.value !== 'extglob' && args[i + 1]?.value !== 'globstar')
            verdicts.push(
              unknown(`${label} -O ${args[i + 1] ? shown(args[i + 1]!) : ''} sets a shell option`),
            );
          i++;
        }
        // A login or interactive shell sources /etc/profile, ~/.profile, ~/.bashrc first.
        else if ((letter === 'l' || letter === 'i') && word.startsWith('-'))
          verdicts.push(unknown(`${label} -${letter} runs startup files`));
      }
    }
    const operand = args[i];
    if (runsString) {
      if (!operand) return { verdicts: [...verdicts, unknown(`${label} -c without a script`)] };
      // The script is read as this shell reads it: dash (sh on Debian) reads bash's $'…' and &> as other
      // commands (shells.ts).
      return {
        verdicts,
        script: {
          text: literal(operand) ? operand.value : null,
          raw: operand.raw,
          label: `${label} -c`,
          shell: label,
        },
      };
    }
    if (operand && !readsStdin) {
      return { verdicts: [...verdicts, unknown(`${label} runs the script file ${shown(operand)}`)] };
    }
    return {
      verdicts: [...verdicts, unknown(`${label} reads commands from standard input`)],
      stdinShell: true,
    };
  };
}

/** `trap 'cmd' SIGNAL…`: the command runs later, in this shell. */
function trap(args: Arg[]): Unwrapped {
  const first = args[0];
  if (!first || (first.value?.startsWith('-') ?? false) || args.length < 2) return { verdicts: [] };
  return {
    verdicts: [unknown('trap runs commands when a signal arrives')],
    script: { text: literal(first) ? first.value : null, raw: first.raw, label: 'trap' },
  };
}

/** `source file` / `. file`: runs a script file in the current shell. */
function source(label: string): Wrapper {
  return (args) => ({
    verdicts: [
      unknown(args[0] ? `${label} runs the script file ${shown(args[0])}` : `${label} without a file`),
    ],
  });
}

/**
 * Programs that run the command given after their options and `skip` fixed operands (`chroot DIR cmd`,
 * `taskset MASK cmd`). They change how it runs (a namespace, a tracer, a lock), so they are never safe on
 * their own; what they run is judged too, so deny rules and dangerous-command checks see it.
 */
function runner(label: string, spec: OptionSpec, skip = 0, script?: string): Wrapper {
  return (args) => {
    const parsed = parseOptions(args, { ...spec, permute: false });
    // Structural (the line is not exact): the changed environment may be another directory or root
    // (`unshare --wd=b ./x`, `chroot b ./x`), where an allow rule for `./x` would run another program.
    const verdicts = [structural(unknown(`${label} runs another program in a changed environment`))];
    if (parsed.opaque) verdicts.push(unknown(`${label} gets options known only at run time`));
    const given = script ? parsed.options.find((o) => o.name === script) : undefined;
    if (given) {
      const known = given.value !== null && !given.dynamic;
      return {
        verdicts,
        script: { text: known ? given.value : null, raw: given.value ?? '', label: `${label} ${script}` },
      };
    }
    // `flock FILE -c CMD`, `sg GROUP -c CMD`: the script option may also follow the fixed operands.
    const after = args[parsed.rest + skip];
    if (script && after?.value === script) {
      const text = args[parsed.rest + skip + 1];
      return {
        verdicts,
        script: {
          text: text && literal(text) ? text.value : null,
          raw: text?.raw ?? '',
          label: `${label} ${script}`,
        },
      };
    }
    return { verdicts, inner: args.slice(parsed.rest + skip) };
  };
}

/** `parallel cmd ::: args`: the words before the first `:::` / `::::` are the command, run once per input. */
function parallel(args: Arg[]): Unwrapped {
  const end = args.findIndex((a) => a.value === ':::' || a.value === '::::');
  const parsed = parseOptions(end < 0 ? args : args.slice(0, end), {
    shortValue: 'jSa',
    longValue: ['jobs', 'sshlogin', 'arg-file'],
    permute: false,
  });
  const words = (end < 0 ? args : args.slice(0, end)).slice(parsed.rest);
  return {
    verdicts: [unknown('parallel runs a command once per input')],
    inner: words,
    appends: true,
  };
}

const WRAPPERS: Record<string, Wrapper> = {
  time,
  nice: prefix({ shortValue: 'n', longValue: ['adjustment'], long: ['adjustment'], numeric: true }, 'nice'),
  // nohup creates nohup.out when its output is a terminal.
  nohup: prefix({}, 'nohup', () => [unknown('nohup writes nohup.out when its output is a terminal')]),
  timeout,
  env,
  command,
  builtin: prefix({}, 'builtin'),
  // `exec -l bash` / `exec -a -bash bash` start a login shell, which runs the profile scripts.
  exec: prefix({ shortValue: 'a' }, 'exec', (parsed) =>
    parsed.options.some((o) => o.name === '-a' || o.name === '-l')
      ? [unknown('exec -a / -l changes the name the program sees (a login shell runs its profile)')]
      : [],
  ),
  stdbuf: prefix({ shortValue: 'ioe', longValue: ['input', 'output', 'error'] }, 'stdbuf'),
  setsid: prefix({ long: ['ctty', 'fork', 'wait'] }, 'setsid'),
  // With -p / -P / -u, ionice changes running processes and ignores the command.
  ionice: prefix(
    {
      shortValue: 'cnpPu',
      longValue: ['class', 'classdata', 'pid', 'pgid', 'uid'],
      long: ['class', 'classdata', 'pid', 'pgid', 'uid', 'ignore', 'help', 'version'],
    },
    'ionice',
    (parsed, args) =>
      parsed.rest === args.length || hasOption(parsed, '-p', '-P', '-u', '--pid', '--pgid', '--uid')
        ? [unknown('ionice changes the priority of other processes')]
        : [],
  ),
  xargs,
  // `busybox --install DIR` writes links; only `busybox APPLET …` is unwrapped.
  busybox: prefix({}, 'busybox', (parsed) =>
    parsed.options.length > 0 ? [unknown('busybox options install or list applets')] : [],
  ),
  sudo: asRoot('sudo', {
    shortValue: 'CDghpRrtTUu',
    longValue: [
      'close-from',
      'chdir',
      'group',
      'host',
      'prompt',
      'chroot',
      'role',
      'type',
      'command-timeout',
    ],
  }),
  doas: asRoot('doas', { shortValue: 'uC' }),
  pkexec: asRoot('pkexec', { longValue: ['user'] }),
  run0: asRoot('run0', { shortValue: 'uDg', longValue: ['user', 'group', 'chdir', 'setenv', 'unit'] }),
  su,
  eval: evalWrapper,
  trap,
  // The shell holds the other ends of the command's input and output (`${COPROC[1]}`).
  coproc: prefix({ permute: false }, 'coproc', () => [
    structural({ risk: 'safe', reason: 'coproc connects the command to pipes the shell writes and reads' }),
  ]),
  source: source('source'),
  '.': source('.'),
  watch,
  chroot: runner('chroot', { longValue: ['userspec', 'groups'] }, 1),
  unshare: runner('unshare', { shortValue: 'SGR', longValue: ['setuid', 'setgid', 'root', 'wd'] }),
  nsenter: runner('nsenter', {
    shortValue: 'tSGrw',
    longValue: ['target', 'setuid', 'setgid', 'root', 'wd'],
  }),
  setpriv: runner('setpriv', { longValue: ['reuid', 'regid', 'groups', 'inh-caps', 'bounding-set'] }),
  prlimit: runner('prlimit', { shortValue: 'p', longValue: ['pid', 'output'] }),
  flock: runner(
    'flock',
    { shortValue: 'wEc', longValue: ['timeout', 'conflict-exit-code', 'command'] },
    1,
    '-c',
  ),
  script: runner(
    'script',
    {
      shortValue: 'cETIOBm',
      longValue: ['command', 'echo', 'timing', 'log-in', 'log-out', 'log-io', 'logging-format'],
    },
    0,
    '-c',
  ),
  strace: runner('strace', {
    shortValue: 'oeEpPuIbsSXa',
    longValue: ['output', 'trace', 'signal', 'attach', 'user'],
  }),
  ltrace: runner('ltrace', { shortValue: 'oeEpuanlsx', longValue: ['output'] }),
  fakeroot: runner('fakeroot', { shortValue: 'ilsb', longValue: ['lib', 'faked'] }),
  taskset: runner('taskset', { long: ['cpu-list', 'all-tasks'] }, 1),
  chrt: runner(
    'chrt',
    { shortValue: 'TPD', longValue: ['sched-runtime', 'sched-period', 'sched-deadline'] },
    1,
  ),
  numactl: runner('numactl', {
    shortValue: 'CNmpPi',
    longValue: ['cpunodebind', 'membind', 'physcpubind', 'preferred', 'interleave'],
  }),
  'dbus-launch': runner('dbus-launch', { longValue: ['config-file'] }),
  'xvfb-run': runner('xvfb-run', {
    shortValue: 'nsefpa',
    longValue: ['server-num', 'server-args', 'error-file', 'xauth-protocol', 'auth-file'],
  }),
  'systemd-run': runner('systemd-run', {
    shortValue: 'upEM',
    longValue: ['unit', 'property', 'setenv', 'machine', 'uid', 'gid', 'working-directory'],
  }),
  firejail: runner('firejail', {}),
  valgrind: runner('valgrind', {}),
  catchsegv: runner('catchsegv', {}),
  faketime: runner('faketime', { shortValue: 'm' }, 1),
  cgexec: runner('cgexec', { shortValue: 'g' }),
  sg: runner('sg', {}, 1, '-c'),
  runuser: runner(
    'runuser',
    { shortValue: 'ugGs', longValue: ['user', 'group', 'supp-group', 'shell'] },
    0,
    '-c',
  ),
  parallel,
};
for (const name of SHELLS) WRAPPERS[name] = shell(name);

/** The wrapper for a program name, if it is one. */
export function wrapperFor(name: string): Wrapper | undefined {
  return Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
}
