// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are shell commands, where ${…} is shell syntax
// Generates command lines near the classifier's boundary: the programs of the safe list with their harmless
// and their dangerous flags, composed with quoting, expansions (including the ones that evaluate code),
// heredocs in every form, here-strings, redirections (also between a command's words, and with descriptor
// numbers), pipes (also into interpreters and into xargs with wrapper targets), lists, subshells, wrappers
// and nested shells. Deterministic for a seed. Payloads (`touch /tmp/hr-pwned…`, the HR_* variables of the sandbox) make any
// evaluation or flag that slips through visible to the tracer.

/** mulberry32: small, fast, good enough to pick from lists. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Gen = () => string;

class Composer {
  constructor(private readonly rnd: () => number) {}

  chance(p: number): boolean {
    return this.rnd() < p;
  }

  int(n: number): number {
    return Math.floor(this.rnd() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Pick by weight: [weight, value] pairs. */
  weighted<T>(items: ReadonlyArray<readonly [number, T]>): T {
    const total = items.reduce((sum, [w]) => sum + w, 0);
    let r = this.rnd() * total;
    for (const [w, value] of items) {
      r -= w;
      if (r < 0) return value;
    }
    return items.at(-1)![1];
  }

  /** A literal word, quoted in one of the ways bash reads back to the same word. */
  quote(word: string): string {
    if (!/^[\w./:=,+%@-]+$/.test(word)) return `'${word.replace(/'/g, `'\\''`)}'`;
    return this.weighted<Gen>([
      [8, () => word],
      [2, () => `'${word}'`],
      [2, () => `"${word}"`],
      [
        1,
        () =>
          `$'${[...word].map((c) => (this.chance(0.3) ? `\\x${c.charCodeAt(0).toString(16)}` : c)).join('')}'`,
      ],
      [1, () => (word.length > 1 ? `${word.slice(0, 1)}''${word.slice(1)}` : word)],
      [1, () => (word.length > 1 ? `\\${word}` : word)],
      [1, () => (word.length > 2 ? `"${word.slice(0, 2)}"${word.slice(2)}` : word)],
    ])();
  }

  file(): string {
    return this.weighted<Gen>([
      [10, () => this.quote(this.pick(FILES))],
      [2, () => this.pick(['"file with space.txt"', 'file\\ with\\ space.txt', "'file with space.txt'"])],
      [2, () => this.pick(['src/*.ts', '*.md', 'tree/*/*', 'src/**', '?otes.txt', '[nr]*', 'src/{a,b}.ts'])],
      [1, () => this.pick(['*', '-- *', './*', '-z', '-- -z', './-z', '--pre=touch', '-o'])],
      [2, () => this.expansion(true)],
    ])();
  }

  pattern(): string {
    return this.weighted<Gen>([
      [10, () => this.quote(this.pick(['foo', 'bar', 'line', 'TODO', 'export', 'x']))],
      [3, () => this.pick(["'line [0-9]+'", '"foo|bar"', "'^#'", "'a.*b'", '-e foo', '-i FOO', '-w bar'])],
      [1, () => this.pick(['-e --pre=touch', "'$(touch /tmp/hr-pwned)'", '"\\$(touch x)"', '-- -z'])],
      [2, () => this.expansion(true)],
    ])();
  }

  /** A word that bash computes: mostly harmless expansions, some that evaluate the HR_* payloads. */
  expansion(quoted = false): string {
    const harmless = [
      '$HOME',
      '${HOME}',
      '${HOME:-x}',
      '${NOPE:-notes.txt}',
      '${HOME#/}',
      '${HOME%%/*}',
      '${HOME//t/T}',
      '${#HOME}',
      '${HOME:1:3}',
      '${HOME: -2}',
      '${HOME^^}',
      '$((1 + 2))',
      '$[2*3]',
      '$((7 % 3))',
      '${!HR@}',
      '${!HR*}',
      '$HR_CODE',
      '${HR_CODE}',
      '${HR_EXPR}',
      '$HR_FLAG',
      '$HR_ZIP',
      '$#',
      '$?',
      '$$',
      '$_',
      '$0',
      '$1',
      '${@}',
      '~',
      '~/x',
      // Literal outside double quotes; `"${NOPE:-'$(…)'}"` runs it (the quotes are then plain characters).
      "${NOPE:-'$(touch /tmp/hr-pwned)'}",
      "${NOPE:-$'\\x41'}",
    ];
    const evaluating = [
      '${HR_CODE@P}',
      '${HR_CODE@Q}',
      '${HR_CODE@E}',
      '${!HR_EXPR}',
      '$((HR_EXPR))',
      '$(( HR_EXPR + 1 ))',
      '$[HR_EXPR]',
      '$(( hr[$_] ))',
      '${hr[HR_EXPR]}',
      '${hr[$(touch /tmp/hr-pwned-sub)]}',
      '${hr[i]}',
      '${HOME:HR_EXPR}',
      '${HOME:1:HR_EXPR}',
      '${#hr[HR_EXPR]}',
      '${NOPE:=x}',
      '${NOPE=x}',
      '$(touch /tmp/hr-pwned)',
      '`touch /tmp/hr-pwned`',
      '$(echo notes.txt)',
      '<(cat notes.txt)',
      '${NOPE:-$(touch /tmp/hr-pwned)}',
      '${NOPE:-`touch /tmp/hr-pwned`}',
    ];
    const word = this.chance(0.7) ? this.pick(harmless) : this.pick(evaluating);
    return quoted && this.chance(0.5) && !word.startsWith('<(') && !word.startsWith('~') ? `"${word}"` : word;
  }

  /** One simple command from the safe list's neighbourhood. */
  simple(): string {
    return this.weighted<Gen>(this.commands)();
  }

  private readonly commands: ReadonlyArray<readonly [number, Gen]> = [
    [
      4,
      () =>
        `ls ${this.opt(['-la', '-1', '-R', '-d', '--color=never', '-lh', '-A'])} ${this.maybe(() => this.file())}`,
    ],
    [5, () => `cat ${this.opt(['-n', '-A', '-v', '--'])} ${this.file()}`],
    [3, () => `head ${this.opt(['-n 3', '-5', '-c 10', '-q'])} ${this.file()}`],
    [3, () => `tail ${this.opt(['-n 2', '-3', '-c 5', '-q'])} ${this.file()}`],
    [3, () => `wc ${this.opt(['-l', '-w', '-c', '-lw'])} ${this.file()}`],
    [
      1,
      () =>
        this.pick([
          'pwd',
          'pwd -P',
          'true',
          'false',
          'id',
          'id -u',
          'whoami',
          'uname -a',
          'df -h .',
          'date +%s',
          'date -u',
        ]),
    ],
    [3, () => `echo ${this.opt(['-n', '-e', '-E'])} ${this.words()}`],
    [
      2,
      () =>
        `printf ${this.pick(["'%s\\n'", "'%d\\n'", '"%s|%s\\n"', "'%q\\n'", '-v HR_X %s', '-- %s', "'%(%F)T\\n' -1"])} ${this.words()}`,
    ],
    [
      1,
      () =>
        `${this.pick(['which', 'type', 'command -v', 'type -a'])} ${this.pick(['ls', 'git', 'cat', 'nope', 'touch'])}`,
    ],
    [2, () => `stat ${this.opt(['-c %s', '-L', '--format=%n'])} ${this.file()}`],
    [2, () => `du ${this.opt(['-sh', '-a', '-d 1', '-b'])} ${this.pick(['.', 'src', 'tree', this.file()])}`],
    [2, () => `${this.pick(['basename', 'dirname', 'realpath'])} ${this.file()}`],
    [2, () => `cut ${this.pick(['-d, -f1', '-c1-3', "-d' ' -f2"])} ${this.file()}`],
    [
      2,
      () => `tr ${this.pick(['a-z A-Z', "-d '\\n'", '-s " "', "'[:lower:]' '[:upper:]'"])} < ${this.file()}`,
    ],
    [
      2,
      () =>
        `${this.pick(['diff', 'cmp'])} ${this.opt(['-u', '-q', '-l', '--paginate', '-s', '--pag', '-y'])} ${this.file()} ${this.file()}`,
    ],
    [
      5,
      () =>
        `${this.pick(['grep', 'grep', 'egrep', 'fgrep'])} ${this.opt(['-rn', '-c', '-l', '-i', '-Z', '-z', '-h', '-o', '--color=never'])} ${this.pattern()} ${this.file()}`,
    ],
    [
      5,
      () =>
        `rg ${this.opt(['-n', '-i', '-l', '-z', '--search-zip', '--pre touch', '--pre=touch', '--pre-glob "*.gz"', '-e --pre', '--no-ignore', '-uu', '-c', '-iz'])} ${this.pattern()} ${this.maybe(() => this.file())}`,
    ],
    [
      4,
      () =>
        `sort ${this.opt(['-r', '-n', '-u', '-k2', '-t, -k2n', '-o /tmp/hr-sorted', '--output=x', '--compress-program=touch', '--comp=touch', '-T /tmp', '-S 1', '--debug', '-m'])} ${this.file()}`,
    ],
    [
      2,
      () =>
        `uniq ${this.opt(['-c', '-d', '-u', '-i'])} ${this.file()} ${this.maybe(() => this.pick(['/tmp/hr-uniq', 'out.txt']), 0.15)}`,
    ],
    [
      2,
      () =>
        `file ${this.opt(['-b', '-i', '-z', '-Z', '-L', '-p', '--mime-type', '-C -m /tmp/x', '--uncompress'])} ${this.file()}`,
    ],
    [
      2,
      () =>
        `date ${this.pick(['+%Y', '-d @0', '-u +%H', '-s 2020-01-01', '--set=now', '-r notes.txt', '-I', "'+%s'"])}`,
    ],
    [4, () => `sed ${this.sedScript()} ${this.file()}`],
    [4, () => `find ${this.pick(['.', 'src', 'tree', '. -maxdepth 1'])} ${this.findExpr()}`],
    [8, () => `git ${this.gitGlobal()}${this.gitCommand()}`],
    [2, () => this.testCommand()],
    [1, () => `cd ${this.pick(['src', 'tree/a', '/', '..', '-', '"$HOME"'])} && ${this.simpleSafe()}`],
    // Programs off the safe list, and wrappers, so that a regression that lets them through is traced.
    [3, () => this.pick(OFF_LIST)],
    [2, () => this.wrapped()],
    [
      1,
      () =>
        `${this.pick(['PAGER=touch', 'LD_PRELOAD=/tmp/x.so', 'BASH_ENV=/tmp/x', 'GIT_PAGER=touch', 'GIT_EXTERNAL_DIFF=touch', 'HR=1'])} ${this.simpleSafe()}`,
    ],
    [
      1,
      () =>
        `${this.pick(['let x=HR_EXPR', 'declare -i x=HR_EXPR', '(( HR_EXPR ))', '(( 1 + 2 ))', 'x=$HR_EXPR', 'export HR_Y=1', 'readonly HR_Z=2', 'local a=1', 'unset HR_EXPR'])}`,
    ],
    [1, () => `${this.pick(['echo', 'cat'])} ${this.controlWord()}`],
  ];

  /** A command picked only from forms expected to stay safe (for places where the rest must not dominate). */
  simpleSafe(): string {
    return this.weighted<Gen>([
      [3, () => `ls ${this.maybe(() => this.file())}`],
      [3, () => `cat ${this.file()}`],
      [2, () => `grep -n ${this.pattern()} ${this.file()}`],
      [
        2,
        () =>
          `git ${this.pick(['status --short', 'log --oneline -3', 'diff --stat', 'branch', 'rev-parse HEAD', 'ls-files'])}`,
      ],
      [2, () => `wc -l ${this.file()}`],
      [1, () => `echo ${this.words()}`],
      [1, () => `head -2 ${this.file()}`],
    ])();
  }

  words(): string {
    const n = 1 + this.int(3);
    return Array.from({ length: n }, () =>
      this.weighted<Gen>([
        [
          6,
          () =>
            this.quote(
              this.pick(['hello', 'foo', 'a b', "it's", '-n', '--', '%s', 'x=1', '*', '"q"', '\\$(touch x)']),
            ),
        ],
        [3, () => this.expansion(true)],
        [
          1,
          () =>
            this.pick([
              '"$(touch /tmp/hr-pwned)"',
              "'$(touch x)'",
              '"a`touch x`b"',
              '"\\`touch x\\`"',
              '$"hi"',
            ]),
        ],
      ])(),
    ).join(' ');
  }

  controlWord(): string {
    return this.pick([
      "$'\\x1b[2J'",
      "$'a\\rb'",
      "'a\rb'",
      'a\u200bb',
      "$'\\x00'",
      '"x\x07"',
      "$'\\u202e'",
      'ok',
    ]);
  }

  /** One of the options, or none; plain words in it are sometimes re-quoted (`'--pre'=x`, `-\z`). */
  opt(options: readonly string[]): string {
    if (this.chance(0.35)) return '';
    const text = this.pick(options);
    if (this.chance(0.6)) return text;
    return text
      .split(' ')
      .map((token) => (/^[\w./:=,+%@-]+$/.test(token) ? this.quote(token) : token))
      .join(' ');
  }

  maybe(gen: Gen, p = 0.7): string {
    return this.chance(p) ? gen() : '';
  }

  sedScript(): string {
    const script = this.pick([
      "'1,3p'",
      "'/foo/p'",
      "'s/foo/bar/p'",
      "'$p'",
      "'2q'",
      "'/^#/d;p'",
      "'y/abc/xyz/;p'",
      "'1{p;q}'",
      "'e touch /tmp/hr-pwned'",
      "'s/x/touch \\/tmp\\/hr-pwned/e'",
      "'w /tmp/hr-pwned'",
      "'s/a/b/w /tmp/hr-pwned'",
      "'W /tmp/hr-pwned'",
      "'r notes.txt'",
      "'R log'",
      '"$HR_SED"',
      "'1e touch x'",
      "'p' -i",
      "'=' ",
      "'l'",
    ]);
    return `${this.weighted([
      [6, '-n'],
      [1, ''],
      [1, '-ne'],
      [1, '-n -e'],
      [1, '--quiet -E'],
      [1, '-n -i'],
      [1, '-n -s'],
      [1, '-nz'],
    ] as const)} ${script}`;
  }

  findExpr(): string {
    return this.pick([
      "-name '*.ts'",
      '-type f',
      '-type d -name a',
      '-maxdepth 2 -print',
      '-newer notes.txt',
      '-size -1k',
      "-path '*/b/*' -print0",
      '-exec touch /tmp/hr-pwned \\;',
      '-execdir ls {} +',
      '-ok rm {} \\;',
      '-delete',
      '-fprint /tmp/hr-pwned',
      "-fprintf /tmp/hr-pwned '%p'",
      '-fls /tmp/hr-pwned',
      '-name *.ts',
      '-printf "%p\\n"',
      '-empty',
      '-exec cat {} \\;',
    ]);
  }

  gitGlobal(): string {
    return this.weighted([
      [12, ''],
      [2, '--no-pager '],
      [1, '-P '],
      [1, '-C src '],
      [1, '-p '],
      [1, '--paginate '],
      [1, "-c core.pager='touch /tmp/hr-pwned' -p "],
      [1, '-c diff.external=touch '],
      [1, '--config-env=core.pager=HR_CODE '],
      [1, '--exec-path=/tmp '],
      [1, '--git-dir=.git '],
      [1, '--help '],
      [1, '--no-optional-locks '],
    ] as const);
  }

  gitCommand(): string {
    return this.weighted<Gen>([
      [4, () => `status ${this.opt(['--short', '-sb', '--porcelain', '-uall', '--ignored'])}`],
      [
        4,
        () =>
          `log ${this.opt(['--oneline', '-n 2', '--stat', '-p', '--format=%H', "--format='%h %s'", '--pretty=%G?', '--format=%GS', '--show-signature', '--ext-diff', '--textconv', '-p --textconv', '--output=/tmp/hr-pwned', '--outp=/tmp/hr-pwned', '--graph', '--all', '--help', '--decorate'])}`,
      ],
      [
        4,
        () =>
          `diff ${this.opt(['--stat', 'HEAD', 'HEAD~1 -- src/', '--cached', '--name-only', '--ext-diff', '--textconv', '--output=/tmp/hr-pwned', '--ext', '--no-index notes.txt log', '--word-diff', '$HR_OUT'])}`,
      ],
      [
        3,
        () =>
          `show ${this.opt(['HEAD', 'HEAD:notes.txt', '--stat', '--textconv HEAD', '--show-signature', 'v1', '--format=%GG'])}`,
      ],
      [
        2,
        () =>
          `branch ${this.opt(['-a', '-v', '--list', "--list 'f*'", '--show-current', '-r', 'hr-new', '-D feature', '-m x', '--edit-description', '--format=%(refname)'])}`,
      ],
      [
        2,
        () =>
          `${this.pick(['rev-parse HEAD', 'rev-parse --show-toplevel', 'ls-files', 'ls-files -m', 'blame notes.txt', 'blame -L 1,2 src/a.ts', 'ls-files --others'])}`,
      ],
      [
        2,
        () =>
          `${this.pick(['tag hr-t', 'stash list', 'config --list', 'help log', 'add .', 'commit -m x', 'checkout feature', 'reset --hard', 'gc', 'fetch', 'grep foo', 'describe --tags'])}`,
      ],
    ])();
  }

  testCommand(): string {
    return this.pick([
      '[ -f notes.txt ] && cat notes.txt',
      'test -d src && ls src',
      '[[ -f notes.txt ]]',
      '[[ -v HR_EXPR ]]',
      '[[ -v hr[$(touch /tmp/hr-pwned)] ]]',
      'test -v "$HR_EXPR"',
      '[ -v "$HR_EXPR" ]',
      '[[ $HR_EXPR -eq 1 ]]',
      '[[ HR_EXPR -lt 2 ]]',
      '[ "$HR_EXPR" -eq 1 ]',
      '[[ x =~ ^a`touch /tmp/hr-pwned`b ]]',
      '[[ $HOME == /* ]] && echo abs',
      '[ -n "$HOME" ]',
      'test "$HR_EXPR" = x',
    ]);
  }

  wrapped(): string {
    const inner = this.simpleSafe();
    return this.weighted<Gen>([
      [2, () => `timeout 2 ${inner}`],
      [2, () => `nice -n 5 ${inner}`],
      [1, () => `env ${inner}`],
      [1, () => `env -i ${inner}`],
      [1, () => `env HR=1 ${inner}`],
      [
        1,
        () =>
          `env ${this.pick(['--argv0=-bash', '-a -bash', '-C src', '-u HOME', '--debug', '-0'])} ${inner}`,
      ],
      [1, () => `ionice ${this.pick(['-c 3', '-c3 -p 1', '-p 1', '-n 7'])} ${inner}`],
      [1, () => `setsid ${inner}`],
      [1, () => `env -S '${inner.replace(/'/g, '')}'`],
      [1, () => `command ${inner}`],
      [1, () => `stdbuf -o0 ${inner}`],
      [1, () => `time ${inner}`],
      [1, () => `nohup ${inner}`],
      [1, () => `exec ${inner}`],
      [1, () => `exec -a x ${inner}`],
      [
        2,
        () =>
          `echo notes.txt | xargs ${this.pick(['', 'cat', 'wc -l', 'grep foo', '-I{} cat {}', '-I Q sed -n Q', 'rg -z foo', 'touch', '-0 ls'])}`,
      ],
      // xargs appends what it reads: to a wrapper, that is the command it runs.
      [3, () => `${this.payloadSource()} | xargs ${this.xargsTarget()}`],
      [1, () => `xargs -a args.txt ${this.xargsTarget()}`],
      [3, () => `bash -c ${this.singleQuoted(this.list(1))}`],
      [2, () => `sh -c ${this.singleQuoted(inner)}`],
      [1, () => `bash -lc ${this.singleQuoted(inner)}`],
      [1, () => `bash -ic ${this.singleQuoted(inner)}`],
      [1, () => `bash --login -c ${this.singleQuoted(inner)}`],
      [
        1,
        () =>
          `bash ${this.pick(['-O extdebug', '-O extglob', '-o pipefail', '-e', '-x', '--norc', '--debugger', '-r'])} -c ${this.singleQuoted(inner)}`,
      ],
      [1, () => `${this.pick(['zsh', 'ksh', 'dash', 'rbash'])} -c ${this.singleQuoted(inner)}`],
      [1, () => `bash -c ${this.pick(['ls*', '"$HR_CODE"', '$HR_CODE', '"ls $HOME"', "'ls' -l"])}`],
      [1, () => `eval ${this.singleQuoted(inner)}`],
      [1, () => `builtin ${inner}`],
      [0.2, () => `watch -n1 ${inner}`], // runs until the line times out
      // watch and sh -c hand their script to sh (dash), which reads some bash as other commands.
      [0.3, () => `watch -n1 ${this.singleQuoted(this.dashSplit())}`],
      [0.5, () => `sh -c ${this.singleQuoted(this.dashSplit())}`],
      [1, () => `busybox ${inner}`],
    ])();
  }

  /** What xargs (or another reader of stdin) gets: file names, or a command line that must not run. */
  payloadSource(): string {
    return this.pick([
      'echo notes.txt',
      'echo 1 touch /tmp/hr-pwned',
      'echo touch /tmp/hr-pwned',
      'echo -n 5 touch /tmp/hr-pwned',
      'echo HR=1 touch /tmp/hr-pwned',
      'echo --output=/tmp/hr-pwned',
      'printf "%s\\n" log notes.txt',
      "printf 'touch /tmp/hr-pwned\\n'",
      'cat args.txt',
    ]);
  }

  /** Commands after `xargs`: safe readers, wrappers (which then run the words read) and programs whose
   * meaning depends on their arguments. */
  xargsTarget(): string {
    return this.pick([
      '',
      'cat',
      'wc -l',
      'ls',
      'timeout',
      'timeout 2',
      'timeout 2 ls',
      'nice',
      'nice -n 5',
      'nice ls',
      'env',
      'env -i',
      'xargs',
      'xargs -n 2',
      'command',
      'setsid',
      'stdbuf -o0',
      'nohup',
      'ionice -c 3',
      'busybox',
      'time',
      'exec',
      'git',
      'git log',
      'sed -n',
      'find .',
      'sh -c cat',
      'bash',
      '-n 1 timeout',
      '-0 nice',
      '-I{} timeout 2 {}',
    ]);
  }

  singleQuoted(text: string): string {
    return `'${text.replace(/'/g, `'\\''`)}'`;
  }

  /**
   * A simple command with redirections, at the end or between its words: bash takes a redirection out of
   * the words wherever it stands (`find . 2>/dev/null -exec touch x {} +` runs `find . -exec touch x {} +`).
   */
  redirected(): string {
    let cmd = this.simple();
    const n = this.weighted([
      [5, 0],
      [4, 1],
      [1, 2],
    ] as const);
    for (let i = 0; i < n; i++) {
      const redirection = this.redirection();
      const gaps = wordGaps(cmd);
      if (gaps.length > 0 && this.chance(0.5)) {
        const at = this.pick(gaps);
        cmd = `${cmd.slice(0, at)} ${redirection}${cmd.slice(at)}`;
      } else {
        cmd += ` ${redirection}`;
      }
    }
    return cmd;
  }

  redirection(): string {
    return this.weighted<Gen>([
      [4, () => '2>/dev/null'],
      [3, () => '2>&1'],
      [2, () => '>/dev/null'],
      [2, () => `< ${this.file()}`],
      [1, () => '&>/dev/null'],
      [1, () => '>&2'],
      [0.3, () => '1>&-'],
      // Descriptor numbers and names written against the operator.
      [
        2,
        () =>
          this.pick([
            '0<&0',
            '3<&0',
            '0<notes.txt',
            '0< notes.txt',
            '3>&1',
            '1>&2',
            '0>&1',
            '3>&-',
            '0<&-',
            '4<notes.txt',
            '{hrfd}</dev/null',
            '{hrfd}>/dev/null',
            '0<>/tmp/hr-rw',
            '2>/dev/null',
            '9>/dev/null',
          ]),
      ],
      [
        1,
        () =>
          `<<< ${this.pick(['hello', '"$HOME"', '"$(touch /tmp/hr-pwned)"', '${HR_CODE@P}', "'$(x)'", 'foo'])}`,
      ],
      [
        1,
        () =>
          this.pick([
            '> /tmp/hr-out',
            '>> notes.txt',
            '> "$HR_OUT"',
            '>| out',
            '2> err.txt',
            '&> all.txt',
            '> /dev/stdout',
            '>/dev/stderr',
          ]),
      ],
      [1, () => '2>/dev/tty'],
    ])();
  }

  pipeline(): string {
    const parts = [this.redirected()];
    while (parts.length < 3 && this.chance(0.3))
      parts.push(
        this.weighted<Gen>([
          [3, () => this.filter()],
          [1, () => this.redirected()],
        ])(),
      );
    return parts.join(' | ');
  }

  filter(): string {
    if (this.chance(0.05)) return this.pick(['sh', 'bash', 'less', 'more', 'tee /tmp/hr-tee', 'xargs touch']);
    if (this.chance(0.08)) return this.stdinReader();
    return this.pick([
      'head -3',
      'sort',
      'sort -r',
      'uniq -c',
      'wc -l',
      'grep foo',
      'cut -c1-5',
      'tr a-z A-Z',
      'cat',
      'tail -1',
      "sed -n '1p'",
      'rg bar',
      'xargs echo',
      'xargs wc -l',
    ]);
  }

  /** Programs that act on what they read: interpreters, xargs with a wrapper, scripts from stdin. */
  stdinReader(): string {
    return this.pick([
      'python3',
      'perl',
      'bash -s',
      'sh -c cat',
      'bash -c "cat"',
      'source /dev/stdin',
      '. /dev/stdin',
      'xargs timeout',
      'xargs nice',
      'xargs env',
      'xargs xargs',
      'xargs -I{} sh -c {}',
      'sed -n -f - notes.txt',
      'sed -n -f /dev/stdin notes.txt',
      'git log --stdin --oneline',
      'git apply',
      'cat',
      'wc -l',
    ]);
  }

  list(depth = 0): string {
    let out = this.group(depth);
    while (this.chance(0.3)) out += `${this.pick([' && ', ' || ', '; ', '\n'])}${this.group(depth)}`;
    return out;
  }

  group(depth: number): string {
    if (depth > 1) return this.pipeline();
    return this.weighted<Gen>([
      [10, () => this.pipeline()],
      [1, () => `( ${this.list(depth + 1)} )`],
      [1, () => `{ ${this.list(depth + 1)}; }`],
      [1, () => `if ${this.pipeline()}; then ${this.pipeline()}; else ${this.pipeline()}; fi`],
      [1, () => `! ${this.pipeline()}`],
      [0.3, () => `for f in notes.txt log; do wc -l "$f"; done`],
      [1, () => `case "$HOME" in /*) ${this.pipeline()} ;; esac`],
      // A payload piped into something that may run it.
      [1, () => `${this.payloadSource()} ${this.pick(['|', '|', '|&'])} ${this.stdinReader()}`],
    ])();
  }

  heredoc(): string {
    const delimiter = this.pick(['EOF', 'END', 'X_1']);
    const form = this.weighted([
      [4, 'plain'],
      [3, 'dash'],
      [2, 'single'],
      [1, 'double'],
      [1, 'backslash'],
      [0.3, 'partial'],
    ] as const);
    const opener = {
      plain: `<<${delimiter}`,
      dash: `<<-${delimiter}`,
      single: `<<'${delimiter}'`,
      double: `<<"${delimiter}"`,
      backslash: `<<\\${delimiter}`,
      partial: `<<${delimiter.slice(0, 1)}"${delimiter.slice(1)}"`,
    }[form];
    const cmd = this.pick([
      'cat',
      'cat -n',
      'grep foo',
      'wc -l',
      'head -2',
      "sed -n '1p'",
      'sort',
      'bash',
      'sh',
      'tr a-z A-Z',
      'rg bar',
      "sed -n '1e touch /tmp/hr-pwned'",
      'git log --output=/tmp/hr-pwned',
    ]);
    const after = this.weighted([
      [6, ''],
      [2, ` | ${this.filter()}`],
      [1, ' > /dev/null'],
      [1, ` && ${this.simpleSafe()}`],
    ] as const);
    const lines = 1 + this.int(4);
    const body: string[] = [];
    for (let i = 0; i < lines; i++) {
      const indent = this.weighted([
        [4, ''],
        [2, '\t'],
        [2, '  '],
        [1, '\t\t'],
        [1, ' \t'],
      ] as const);
      body.push(indent + this.bodyLine());
    }
    // A line that looks like the end to one reader and not to the other, followed by a payload that
    // runs only if bash ended the document there.
    if (this.chance(0.15)) {
      const decoy = this.pick([
        `${delimiter} `,
        ` ${delimiter}`,
        `\t${delimiter}`,
        `\t\t${delimiter}`,
        `${delimiter};`,
        `"${delimiter}"`,
        `${delimiter}\\`,
      ]);
      body.splice(this.int(body.length + 1), 0, decoy, 'touch /tmp/hr-pwned-decoy');
    }
    const end = form === 'dash' && this.chance(0.6) ? `\t${delimiter}` : delimiter;
    // The command's own words may follow the heredoc operator: `grep <<EOF foo`.
    const [name, ...words] = cmd.split(' ');
    const head =
      words.length > 0 && this.chance(0.3) ? `${name} ${opener} ${words.join(' ')}` : `${cmd} ${opener}`;
    return `${head}${after}\n${body.join('\n')}\n${end}`;
  }

  bodyLine(): string {
    return this.weighted<Gen>([
      [
        6,
        () =>
          this.pick([
            'hello world',
            'foo bar',
            'line with "quotes"',
            "it's",
            '# comment',
            'a\\b',
            'x=1',
            'ls',
            'echo hi',
          ]),
      ],
      [
        3,
        () =>
          this.pick([
            '$HOME',
            '${HOME}',
            'v=${HOME:-x}',
            '$((1+2))',
            '\\$(touch /tmp/hr-pwned)',
            '\\`touch /tmp/hr-pwned\\`',
            '$1 $#',
            '${HOME#/}',
          ]),
      ],
      [
        3,
        () =>
          this.pick([
            '$(touch /tmp/hr-pwned)',
            '`touch /tmp/hr-pwned`',
            'a $(touch /tmp/hr-pwned) b',
            '${HR_CODE@P}',
            '$((HR_EXPR))',
            '${!HR_EXPR}',
            '$[HR_EXPR]',
            '${hr[HR_EXPR]}',
            '${NOPE:-$(touch /tmp/hr-pwned)}',
            '${NOPE:=x}',
            '$(( hr[$_] ))',
          ]),
      ],
    ])();
  }

  /**
   * A read to bash that runs the payload in dash: an escaped quote inside `$'…'` ends dash's string early,
   * and dash reads `&>` as `&` and a redirection before a new command.
   */
  dashSplit(): string {
    const word = this.pick(['x', 'notes.txt', '']);
    return this.pick([
      `echo $'${word}\\' ; touch /tmp/hr-pwned #'`,
      `printf '%s\\n' $'\\'' ; touch /tmp/hr-pwned ; : '`,
      `${this.pick(['ls', 'cat notes.txt', 'grep foo notes.txt', 'git status'])} &>/dev/null touch /tmp/hr-pwned`,
      'wc -l notes.txt &>>/dev/null touch /tmp/hr-pwned',
    ]);
  }

  /** One full command line. */
  line(): string {
    const line = this.weighted<Gen>([
      [14, () => this.list()],
      [0.5, () => this.dashSplit()],
      [3, () => this.heredoc()],
      [1, () => `${this.list()}\n${this.heredoc()}`],
    ])();
    return this.chance(0.15) ? this.mangle(line) : line;
  }

  /** Break the line's layout where the grammar and bash might disagree: newlines, continuations, comments. */
  mangle(line: string): string {
    if (this.chance(0.3)) {
      // A continuation anywhere, even inside a word or between `$` and `{`.
      const at = this.int(line.length + 1);
      return `${line.slice(0, at)}\\\n${line.slice(at)}`;
    }
    const blanks = [...line.matchAll(/ /g)].map((m) => m.index);
    if (blanks.length === 0) return line;
    const at = this.pick(blanks);
    const insert = this.pick(['\n', ' \\\n', '\t', ' # ', ';', ' & ', '\n\n', '\\\n', ' |& ']);
    return line.slice(0, at) + insert + line.slice(at + 1);
  }
}

/**
 * Offsets of the blanks between the words of `cmd` at its top level (outside quotes, substitutions and
 * brackets), where a redirection can be put.
 */
export function wordGaps(cmd: string): number[] {
  const gaps: number[] = [];
  let depth = 0;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i]!;
    if (c === '\\') i++;
    else if (c === "'" && cmd[i - 1] === '$') i = skipAnsiC(cmd, i + 1);
    else if (c === "'" || c === '`') {
      const close = cmd.indexOf(c, i + 1);
      if (close < 0) return gaps; // unterminated: no gap after it
      i = close;
    } else if (c === '"') i = skipDouble(cmd, i + 1);
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth = Math.max(0, depth - 1);
    else if (c === ' ' && depth === 0 && i > 0 && cmd[i - 1] !== ' ') gaps.push(i);
  }
  return gaps;
}

function skipAnsiC(cmd: string, from: number): number {
  for (let i = from; i < cmd.length; i++) {
    if (cmd[i] === '\\') i++;
    else if (cmd[i] === "'") return i;
  }
  return cmd.length;
}

function skipDouble(cmd: string, from: number): number {
  for (let i = from; i < cmd.length; i++) {
    if (cmd[i] === '\\') i++;
    else if (cmd[i] === '"') return i;
  }
  return cmd.length;
}

const FILES = [
  'notes.txt',
  'README.md',
  'src/a.ts',
  'src/b.ts',
  'src/lib/c.js',
  'docs/guide.md',
  'data.csv',
  'archive.gz',
  'log',
  'empty.txt',
  'link',
  'tree',
  'src',
  '.',
  'missing.txt',
  'tree/a/b/c/leaf.txt',
  '/etc/hostname',
  '/etc/os-release',
];

/** Programs that run others or write, none on the safe list. */
const OFF_LIST = [
  'less notes.txt',
  'more notes.txt',
  'man ls',
  'man -P touch ls',
  'vi notes.txt',
  'nano notes.txt',
  'emacs notes.txt',
  'zgrep foo archive.gz',
  'zcat archive.gz',
  'tar -tzf archive.gz',
  'tar --to-command=touch -xf x.tar',
  "awk '{print $1}' notes.txt",
  'awk \'BEGIN{system("touch /tmp/hr-pwned")}\'',
  'column -t data.csv',
  'touch /tmp/hr-pwned',
  'mkdir /tmp/hr-dir',
  'cp notes.txt /tmp/hr-copy',
  'rm -f empty.txt',
  'mv log log2',
  'tee /tmp/hr-tee < notes.txt',
  'ln -s notes.txt /tmp/hr-link',
  'chmod 600 notes.txt',
  'xxd notes.txt',
  'python3 -c "print(1)"',
  'node -e 1',
  'perl -e 1',
  '$PAGER notes.txt',
  '"$EDITOR" notes.txt',
  './notes.txt',
];

/** `count` lines for `seed`; the same seed gives the same lines. */
export function generateLines(seed: number, count: number): string[] {
  const composer = new Composer(random(seed));
  return Array.from({ length: count }, () => composer.line());
}
