import { describe, expect, it } from 'vitest';
import {
  buildCommandEnv,
  envRefusalMessage,
  envRefusalReason,
  RUN_MARKER_VAR,
  sandboxPath,
} from '../../../src/sandbox/process/index.js';

const SECRET = 'looks like a secret; commands never receive secrets';
const LOADS_CODE = 'makes programs load other code';
const SHELL = 'changes how the shell runs commands';
const INTERPRETER = 'makes an interpreter load other code';
const GIT = 'makes git run other programs or read other configuration';
const PROGRAM = 'names a program other tools run';
const PROXY = 'redirects network traffic';
const SANDBOX = 'is set by the sandbox';

describe('envRefusalReason', () => {
  const refused: Array<[string, string]> = [
    ['LD_PRELOAD', LOADS_CODE],
    ['LD_LIBRARY_PATH', LOADS_CODE],
    ['ld_audit', LOADS_CODE],
    ['DYLD_INSERT_LIBRARIES', LOADS_CODE],
    ['GCONV_PATH', LOADS_CODE],
    ['BASH_ENV', SHELL],
    ['ENV', SHELL],
    ['BASH_FUNC_ls%%', 'is not a valid variable name (letters, digits and _, not starting with a digit)'],
    ['BASH_FUNC_x', SHELL],
    ['PROMPT_COMMAND', SHELL],
    ['SHELLOPTS', SHELL],
    ['BASHOPTS', SHELL],
    ['PS4', SHELL],
    ['IFS', SHELL],
    ['ZDOTDIR', SHELL],
    ['NODE_OPTIONS', INTERPRETER],
    ['NODE_PATH', INTERPRETER],
    ['PYTHONPATH', INTERPRETER],
    ['PYTHONSTARTUP', INTERPRETER],
    ['PERL5LIB', INTERPRETER],
    ['PERL5OPT', INTERPRETER],
    ['RUBYOPT', INTERPRETER],
    ['RUBYLIB', INTERPRETER],
    ['JAVA_TOOL_OPTIONS', INTERPRETER],
    ['GIT_EXEC_PATH', GIT],
    ['GIT_SSH', GIT],
    ['GIT_SSH_COMMAND', GIT],
    ['GIT_PAGER', GIT],
    ['GIT_EDITOR', GIT],
    ['GIT_CONFIG', GIT],
    ['GIT_CONFIG_GLOBAL', GIT],
    ['GIT_CONFIG_COUNT', GIT],
    ['GIT_CONFIG_KEY_0', GIT],
    ['GIT_ASKPASS', GIT],
    ['GIT_DIR', GIT],
    ['EDITOR', PROGRAM],
    ['VISUAL', PROGRAM],
    ['PAGER', PROGRAM],
    ['LESSOPEN', PROGRAM],
    ['HTTP_PROXY', PROXY],
    ['https_proxy', PROXY],
    ['ALL_PROXY', PROXY],
    ['PATH', SANDBOX],
    ['HOME', SANDBOX],
    ['path', SANDBOX],
    [RUN_MARKER_VAR, SANDBOX],
    ['GITHUB_TOKEN', SECRET],
    ['GITHUB_ACTIONS', SECRET],
    ['GH_HOST', SECRET],
    ['NPM_TOKEN', SECRET],
    ['my_token', SECRET],
    ['DB_PASSWORD', SECRET],
    ['MYSQL_PWD', SECRET],
    ['PASSWD', SECRET],
    ['DB_PASS', SECRET],
    ['CLIENT_SECRET', SECRET],
    ['STRIPE_API_KEY', SECRET],
    ['SENDGRID_APIKEY', SECRET],
    ['SSH_KEY', SECRET],
    ['KEY', SECRET],
    ['GOOGLE_APPLICATION_CREDENTIALS', SECRET],
    ['AWS_REGION', SECRET],
    ['aws_access_key_id', SECRET],
    ['OPENAI_BASE_URL', SECRET],
    ['ANTHROPIC_MODEL', SECRET],
    ['AZURE_TENANT', SECRET],
    ['BASIC_AUTH', SECRET],
    ['SESSION_COOKIE', SECRET],
    ['1ABC', 'is not a valid variable name (letters, digits and _, not starting with a digit)'],
    ['A=B', 'is not a valid variable name (letters, digits and _, not starting with a digit)'],
    ['', 'is not a valid variable name (letters, digits and _, not starting with a digit)'],
  ];
  it.each(refused)('refuses %s', (name, reason) => {
    expect(envRefusalReason(name)).toBe(reason);
  });

  const allowed = [
    'FOO',
    'DEBUG',
    'NODE_ENV',
    'CI',
    'RUST_LOG',
    'GIT_AUTHOR_NAME',
    'GIT_COMMITTER_EMAIL',
    'LANG',
    'LC_ALL',
    'TZ',
    'TERM',
    'TMPDIR',
    'PWD',
    'OLDPWD',
    'KEYBOARD_LAYOUT',
    'MONKEY',
    'AUTHOR',
    'PASSAGE',
    'MAX_WORKERS',
  ];
  it.each(allowed)('allows %s', (name) => {
    expect(envRefusalReason(name)).toBeUndefined();
  });
});

describe('envRefusalMessage', () => {
  it('names one variable and why', () => {
    expect(envRefusalMessage([{ name: 'GITHUB_TOKEN', reason: SECRET }])).toBe(
      'Refused environment variable: GITHUB_TOKEN (looks like a secret; commands never receive secrets). Remove it and run the command again.',
    );
  });

  it('names each of several', () => {
    expect(
      envRefusalMessage([
        { name: 'LD_PRELOAD', reason: LOADS_CODE },
        { name: 'AWS_SECRET_ACCESS_KEY', reason: SECRET },
      ]),
    ).toBe(
      'Refused environment variables: LD_PRELOAD (makes programs load other code); AWS_SECRET_ACCESS_KEY (looks like a secret; commands never receive secrets). Remove them and run the command again.',
    );
  });
});

describe('buildCommandEnv', () => {
  const host = {
    PATH: '/usr/bin:/bin',
    LANG: 'en_US.UTF-8',
    LC_ALL: 'C',
    LC_TIME: 'de_DE',
    TERM: 'xterm-256color',
    TZ: 'UTC',
    GITHUB_TOKEN: 'ghp_secret',
    AWS_SECRET_ACCESS_KEY: 'aws-secret',
    HOME: '/root',
    USER: 'root',
    SSH_AUTH_SOCK: '/tmp/agent',
    NODE_OPTIONS: '--require evil',
    LD_PRELOAD: '/evil.so',
  };

  it('takes only the allowlist from the host, sets HOME and TMPDIR, and plain-output variables', () => {
    const result = buildCommandEnv({ host, home: '/h', tmp: '/t', tty: false, runId: 'r1' });
    expect(result).toEqual({
      ok: true,
      env: {
        PATH: '/usr/bin:/bin',
        LANG: 'en_US.UTF-8',
        LC_ALL: 'C',
        LC_TIME: 'de_DE',
        TERM: 'dumb',
        TZ: 'UTC',
        HOME: '/h',
        TMPDIR: '/t',
        NO_COLOR: '1',
        PAGER: 'cat',
        GIT_PAGER: 'cat',
        [RUN_MARKER_VAR]: 'r1',
      },
    });
  });

  it('keeps the terminal type for a tty run and sets no pager variables', () => {
    const result = buildCommandEnv({ host, home: '/h', tmp: '/t', tty: true, runId: 'r1' });
    expect(result.ok && result.env.TERM).toBe('xterm-256color');
    expect(result.ok && 'PAGER' in result.env).toBe(false);
    expect(result.ok && 'NO_COLOR' in result.env).toBe(false);
  });

  it('adds the profile variables unfiltered and the allowed model variables', () => {
    const result = buildCommandEnv({
      host: {},
      home: '/h',
      tmp: '/t',
      tty: false,
      runId: 'r',
      extra: { CI: 'true', PATH: '/opt/tools/bin:/usr/bin' },
      model: { DEBUG: '1', TERM: 'xterm' },
    });
    expect(result.ok && result.env).toMatchObject({
      CI: 'true',
      PATH: '/opt/tools/bin:/usr/bin',
      DEBUG: '1',
    });
    expect(result.ok && result.env.TERM).toBe('xterm');
  });

  it('refuses every dangerous or secret model variable, and bad values', () => {
    const result = buildCommandEnv({
      host: {},
      home: '/h',
      tmp: '/t',
      tty: false,
      runId: 'r',
      model: {
        OK: 'yes',
        GITHUB_TOKEN: 'x',
        LD_PRELOAD: '/x.so',
        NUL: 'a\u0000b',
        NUM: 3 as unknown as string,
      },
    });
    expect(result).toEqual({
      ok: false,
      refused: [
        { name: 'GITHUB_TOKEN', reason: SECRET },
        { name: 'LD_PRELOAD', reason: LOADS_CODE },
        { name: 'NUL', reason: 'its value contains a NUL character' },
        { name: 'NUM', reason: 'its value is not a string' },
      ],
    });
  });
});

describe('sandboxPath', () => {
  it('drops relative and empty entries and every entry inside a writable root, keeps the rest once', () => {
    expect(
      sandboxPath(
        'node_modules/.bin:/ws/bin::.:/ws/node_modules/.bin/:/opt/tool/bin:/usr/bin:/usr/bin/:/bin',
        ['/ws'],
      ),
    ).toBe('/opt/tool/bin:/usr/bin:/bin');
    // /wsx is not inside /ws.
    expect(sandboxPath('/wsx/bin:/usr/bin', ['/ws'])).toBe('/wsx/bin:/usr/bin');
  });

  it('falls back to the system directories when nothing usable is left', () => {
    expect(sandboxPath(undefined, [])).toBe('/usr/local/bin:/usr/bin:/bin');
    expect(sandboxPath('.:bin', [])).toBe('/usr/local/bin:/usr/bin:/bin');
  });
});

describe('buildCommandEnv: host pass-through', () => {
  it('passes the locale categories and filters them like any other variable', () => {
    const result = buildCommandEnv({
      host: {
        PATH: './node_modules/.bin:/usr/bin',
        LC_ALL: 'C',
        LC_MESSAGES: 'de_DE.UTF-8',
        LC_GITHUB_TOKEN: 'ghp_x',
        LC_SMUGGLED: 'x',
        LANG: 'en_US.UTF-8\u001b[31m',
        TZ: 'x'.repeat(300),
      },
      home: '/h',
      tmp: '/t',
      tty: true,
      runId: 'r',
      roots: ['/ws'],
    });
    expect(result.ok && result.env).toEqual({
      PATH: '/usr/bin',
      LC_ALL: 'C',
      LC_MESSAGES: 'de_DE.UTF-8',
      HOME: '/h',
      TMPDIR: '/t',
      TERM: 'xterm-256color',
      [RUN_MARKER_VAR]: 'r',
    });
  });
});

describe('buildCommandEnv: locale values', () => {
  it('a model-supplied locale that is a path is refused: glibc would load locale data from it', () => {
    const result = buildCommandEnv({
      host: {},
      home: '/h',
      tmp: '/t',
      tty: false,
      runId: 'r',
      model: {
        LC_ALL: '/ws/evil-locale',
        lc_ctype: '../../tmp/x',
        LANG: 'sr_RS.UTF-8@latin',
        LANGUAGE: 'de:en',
      },
    });
    expect(result).toEqual({
      ok: false,
      refused: [
        {
          name: 'LC_ALL',
          reason: 'its value is not a locale name (a path would make programs load locale data from there)',
        },
        {
          name: 'lc_ctype',
          reason: 'its value is not a locale name (a path would make programs load locale data from there)',
        },
      ],
    });
  });
});
