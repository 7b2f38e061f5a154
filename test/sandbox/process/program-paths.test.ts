// What a program needs to read, worked out from its argv on real files: bin links followed to the package,
// the interpreter of a script and its install prefix, the paths its arguments name, the package trees its
// files load modules from, and the paths too broad to show.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { broadPathReason, programReadPaths } from '../../../src/sandbox/process/index.js';
import { tempDir } from '../../support/temp.js';

/** Write a file (parents made), executable when asked. */
function put(file: string, text: string, executable = false): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (executable) chmodSync(file, 0o755);
  return file;
}

const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

describe('programReadPaths', () => {
  it('follows a node_modules/.bin link to its package and shows the whole node_modules it loads from', async () => {
    const dir = tempDir();
    const modules = path.join(dir, 'proj/node_modules');
    put(path.join(modules, 'foo/dist/index.js'), '#!/usr/bin/env node\nrequire("bar");\n', true);
    put(path.join(modules, 'bar/index.js'), 'module.exports = 1;\n');
    mkdirSync(path.join(modules, '.bin'));
    symlinkSync('../foo/dist/index.js', path.join(modules, '.bin/foo'));
    const ws = tempDir();

    const result = await programReadPaths(['foo', 'stdio'], {
      cwd: ws,
      path: `${path.join(modules, '.bin')}:${SYSTEM_PATH}`,
    });
    // node itself is in the system paths, which every sandbox shows.
    expect(result).toEqual({ paths: [modules], notes: [] });
  });

  it("adds a script's interpreter found through env, and the interpreter's install prefix outside the system", async () => {
    const dir = tempDir();
    const prefix = path.join(dir, '.nvm/versions/node/v20');
    const node = put(path.join(prefix, 'bin/node'), '\u007fELF', true);
    mkdirSync(path.join(prefix, 'lib/node_modules'), { recursive: true });
    const script = put(path.join(dir, 'tools/server.mjs'), '#!/usr/bin/env -S node --no-warnings\n', true);
    const ws = tempDir();

    const result = await programReadPaths([script], {
      cwd: ws,
      path: `${path.dirname(node)}:${SYSTEM_PATH}`,
    });
    expect(result).toEqual({ paths: [prefix, script].sort(), notes: [] });
  });

  it('reads an absolute #! interpreter, and takes a virtualenv by the link found, not its system target', async () => {
    const dir = tempDir();
    const venv = path.join(dir, 'venv');
    put(path.join(venv, 'pyvenv.cfg'), 'home = /usr/bin\n');
    mkdirSync(path.join(venv, 'bin'));
    symlinkSync('/usr/bin/env', path.join(venv, 'bin/python'));
    const script = put(path.join(dir, 'app/main.py'), `#!${path.join(venv, 'bin/python')}\n`, true);

    const result = await programReadPaths([script], { cwd: tempDir(), path: SYSTEM_PATH });
    expect(result).toEqual({ paths: [script, venv].sort(), notes: [] });
  });

  it('does not take ~/.cargo for ~/.cargo/bin/x: a bin without a lib beside it is no install prefix', async () => {
    const dir = tempDir();
    const program = put(path.join(dir, '.cargo/bin/server'), '\u007fELF', true);
    put(path.join(dir, '.cargo/credentials.toml'), 'token = "x"\n');

    const result = await programReadPaths([program], { cwd: tempDir(), path: SYSTEM_PATH });
    expect(result).toEqual({ paths: [program], notes: [] });
  });

  it('takes the arguments that name existing paths, relative to the working directory or absolute', async () => {
    const ws = tempDir();
    const data = tempDir();
    put(path.join(ws, 'conf/server.json'), '{}');
    put(path.join(data, 'db.sqlite'), '');

    const result = await programReadPaths(
      ['/usr/bin/node', 'conf/server.json', `--db=${path.join(data, 'db.sqlite')}`, 'stdio', '-v', 'no/such'],
      { cwd: ws, path: SYSTEM_PATH },
    );
    expect(result).toEqual({
      paths: [path.join(data, 'db.sqlite'), path.join(ws, 'conf/server.json')].sort(),
      notes: [],
    });
  });

  it("shows a script's project (nearest package.json) and the node_modules its dependencies are hoisted to", async () => {
    const dir = tempDir();
    const app = path.join(dir, 'mono/packages/app');
    put(path.join(app, 'package.json'), '{}');
    const script = put(path.join(app, 'dist/server.js'), 'require("shared");\n');
    put(path.join(dir, 'mono/node_modules/shared/index.js'), '');

    const result = await programReadPaths(['node', script], { cwd: tempDir(), path: SYSTEM_PATH });
    expect(result).toEqual({ paths: [path.join(dir, 'mono/node_modules'), app].sort(), notes: [] });
  });

  it('refuses paths too broad to show, saying why, and still shows the narrower ones', async () => {
    const dir = tempDir();
    const ws = path.join(dir, 'ws');
    mkdirSync(ws);
    put(path.join(dir, 'package.json'), '{}');
    const script = put(path.join(dir, 'server.js'), '');

    const result = await programReadPaths(['node', script, '/', '/tmp', '..'], {
      cwd: ws,
      path: SYSTEM_PATH,
    });
    expect(result.paths).toEqual([script]);
    expect(result.notes.sort()).toEqual(
      [
        'not shown: / is too broad (it is the whole file system)',
        'not shown: /tmp is too broad (it is a top-level directory)',
        `not shown: ${dir} is too broad (it holds the working directory)`,
      ].sort(),
    );
  });

  it('says when the program is not on PATH', async () => {
    const result = await programReadPaths(['no-such-program-x1'], { cwd: tempDir(), path: '/usr/bin' });
    expect(result).toEqual({ paths: [], notes: ['no-such-program-x1 was not found on PATH (/usr/bin).'] });
  });
});

describe('broadPathReason', () => {
  it('refuses /, top-level directories, the home directory and what holds it or the working directory', () => {
    const home = '/home/alice';
    const cwd = '/srv/work/ws';
    expect(broadPathReason('/', cwd, home)).toBe('it is the whole file system');
    expect(broadPathReason('/home', cwd, home)).toBe('it is a top-level directory');
    expect(broadPathReason('/root', cwd, home)).toBe('it is a top-level directory');
    expect(broadPathReason(home, cwd, home)).toBe('it is the home directory');
    expect(broadPathReason('/srv/work', cwd, home)).toBe('it holds the working directory');
    expect(broadPathReason('/home/alice/.nvm/versions/node/v20', cwd, home)).toBeUndefined();
    expect(broadPathReason('/srv/work/ws', cwd, home)).toBeUndefined();
    expect(broadPathReason('/srv/tools/node_modules', cwd, home)).toBeUndefined();
  });

  it('refuses what holds the home directory below the top level', () => {
    expect(broadPathReason('/var/lib/users', '/srv/ws', '/var/lib/users/bob')).toBe(
      'it holds the home directory',
    );
  });
});
