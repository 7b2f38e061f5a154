// Attacks on what stays protected: custom policy files (policy / policyFiles / profile.policy), a
// custom audit store path (deny-read), and other users' homes under a writable root or an approvable area —
// through the file tools and, under real bubblewrap, through exec_command. Each test asserts the SAFE
// behaviour: a failing test is a hole.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RuntimeOptions } from '../../../src/index.js';
import { text } from '../../support/results.js';
import { askingTurn, call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';
import { isRoot, ownAll, REAL_USER } from '../../support/users.js';

const write = (file: string, content = 'x\n') => call('write_file', { path: file, content });
const exec = (cmd: string) => call('exec_command', { cmd, yield_time_ms: 10_000 });
const noPolicy = { user: null, managed: null, project: null };

/** Refused before anyone is asked, and unchanged. */
async function refusedUnasked(
  h: ReturnType<typeof askingTurn>,
  target: string,
  c = write(target, 'pwned\n'),
) {
  const before = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  const result = await h.turn.call(c);
  expect(result.isError, `${target}: ${text(result)}`).toBe(true);
  expect(
    h.asked.map((r) => r.tool),
    target,
  ).toEqual([]);
  expect(existsSync(target) ? readFileSync(target, 'utf8') : undefined, target).toBe(before);
}

describe('custom policy files in a writable root: the file tools', () => {
  test('policyFiles.user given relative to the workspace', async () => {
    const ws = realpathSync(tempDir('hr-r2p-ws-'));
    mkdirSync(path.join(ws, 'conf'));
    writeFileSync(path.join(ws, 'conf', 'policy.json'), '{"allow": []}\n');
    const h = askingTurn(
      { workspace: ws, policyFiles: { ...noPolicy, user: 'conf/policy.json' } },
      'allow_once',
    );
    await refusedUnasked(h, path.join(ws, 'conf', 'policy.json'));
  });

  test('policyFiles.user given through a linked folder: its real path', async () => {
    const ws = realpathSync(tempDir('hr-r2p-ws-'));
    mkdirSync(path.join(ws, 'real'));
    symlinkSync(path.join(ws, 'real'), path.join(ws, 'alias'));
    writeFileSync(path.join(ws, 'real', 'policy.json'), '{"allow": []}\n');
    const h = askingTurn(
      { workspace: ws, policyFiles: { ...noPolicy, user: path.join(ws, 'alias', 'policy.json') } },
      'allow_once',
    );
    await refusedUnasked(h, path.join(ws, 'real', 'policy.json'));
    await refusedUnasked(h, path.join(ws, 'alias', 'policy.json'));
  });

  test('`policy` and `profile.policy` given as paths', async () => {
    for (const key of ['policy', 'profile'] as const) {
      const ws = realpathSync(tempDir('hr-r2p-ws-'));
      writeFileSync(path.join(ws, 'p.json'), '{"allow": []}\n');
      const opts: Partial<RuntimeOptions> =
        key === 'policy'
          ? { policy: path.join(ws, 'p.json') }
          : { profile: { mode: 'supervised', policy: path.join(ws, 'p.json') } as never };
      const h = askingTurn({ workspace: ws, policyFiles: noPolicy, ...opts }, 'allow_once');
      await refusedUnasked(h, path.join(ws, 'p.json'));
    }
  });

  test('apply_patch cannot Delete it, replace it by a Move, nor Add it', async () => {
    const ws = realpathSync(tempDir('hr-r2p-ws-'));
    const policy = path.join(ws, 'policy.json');
    writeFileSync(policy, '{"allow": []}\n');
    writeFileSync(path.join(ws, 'evil.json'), '{"allow": ["*"]}\n');
    const h = askingTurn({ workspace: ws, policyFiles: { ...noPolicy, user: policy } }, 'allow_once');
    for (const body of [
      '*** Delete File: policy.json',
      '*** Update File: evil.json\n*** Move to: policy.json\n@@\n-{"allow": ["*"]}\n+{"allow": ["*"]}',
    ])
      await refusedUnasked(
        h,
        policy,
        call('apply_patch', { patch: `*** Begin Patch\n${body}\n*** End Patch` }),
      );
  });
});

describe.runIf(isRoot)('custom policy files and a custom store under real bubblewrap (exec_command)', () => {
  function bwrapWorld(extra: (ws: string) => Partial<RuntimeOptions>) {
    const ws = realpathSync(tempDir('hr-r2p-bw-'));
    const options = extra(ws);
    ownAll(ws);
    return { ws, ...askingTurn({ workspace: ws, sandbox: 'bwrap', ...options }, 'allow_once') };
  }

  test('a command cannot rewrite a custom policy file inside the workspace', async () => {
    const h = bwrapWorld((ws) => {
      writeFileSync(path.join(ws, 'policy.json'), '{"allow": []}\n');
      return { policyFiles: { ...noPolicy, user: path.join(ws, 'policy.json') } };
    });
    const result = await h.turn.call(
      exec('echo \'{"allow": ["exec_command(*)"]}\' > policy.json; echo status=$?'),
    );
    expect(text(result)).toMatch(/status=[1-9]/);
    expect(readFileSync(path.join(h.ws, 'policy.json'), 'utf8')).toBe('{"allow": []}\n');
  });

  test('a custom store path in the workspace: not readable by read_file nor by a command', async () => {
    const h = bwrapWorld((ws) => ({ store: { path: path.join(ws, 'audit.db') } }));
    await h.turn.call(call('read_file', { path: 'nothing.txt' }));
    await h.runtime.store?.flush?.();
    expect(existsSync(path.join(h.ws, 'audit.db'))).toBe(true);
    const read = await h.turn.call(call('read_file', { path: 'audit.db' }));
    expect(read.isError).toBe(true);
    const result = await h.turn.call(
      exec(
        'for f in audit.db audit.db-wal audit.db-shm; do if [ -e $f ]; then head -c 64 $f >/dev/null 2>&1 && echo READ $f || echo REFUSED $f; fi; done; cp audit.db /tmp/x 2>/dev/null && echo COPIED',
      ),
    );
    expect(text(result)).not.toMatch(/READ audit|COPIED/);
  });

  test('a custom store path given through a linked folder is refused by the store (nothing kept there)', async () => {
    const h = bwrapWorld((ws) => {
      mkdirSync(path.join(ws, 'real'));
      symlinkSync(path.join(ws, 'real'), path.join(ws, 'alias'));
      return { store: { path: path.join(ws, 'alias', 'audit.db') } };
    });
    await h.turn.call(call('read_file', { path: 'nothing.txt' }));
    await h.runtime.store?.flush().catch(() => undefined);
    expect(h.runtime.store?.health().ok).toBe(false);
    expect(existsSync(path.join(h.ws, 'real', 'audit.db'))).toBe(false);
  });

  // SQLite rolls back a "hot journal" found beside a database when it opens it, WAL mode or not: a
  // <store>-journal a command plants (it does not exist while the store runs in WAL mode, so nothing masks
  // it) rewrites the audit log with pages of the command's choosing at the next open.
  test('a command cannot plant a hot journal beside a custom store (audit log forgery at the next open)', async () => {
    const payload = forgedJournal();
    const h = bwrapWorld((ws) => ({ store: { path: path.join(ws, 'audit.db') } }));
    await h.turn.call(call('read_file', { path: 'nothing.txt' }));
    await h.runtime.store?.flush();
    const threadId = h.turn.threadId;
    await h.turn.call(exec(`echo ${payload} | base64 -d > audit.db-journal; echo status=$?`));
    const planted = existsSync(path.join(h.ws, 'audit.db-journal'));
    await h.turn.end();
    await h.runtime.close();
    const again = askingTurn({
      workspace: h.ws,
      sandbox: 'none',
      store: { path: path.join(h.ws, 'audit.db') },
    });
    const threads = await again.runtime.store!.threads();
    expect(planted).toBe(false);
    expect(threads.map((t) => t.id)).toContain(threadId);
  });
});

/** A valid SQLite hot journal whose "original" pages are a database holding only `forged(x)`, base64. */
function forgedJournal(): string {
  const dir = tempDir('hr-r2p-journal-');
  const sqlite = path.resolve(import.meta.dirname, '../../../node_modules/better-sqlite3');
  const js = `const D=require(${JSON.stringify(sqlite)});const d=new D('x.db');d.pragma('journal_mode=DELETE');
d.exec("create table forged(x); insert into forged values('FORGED')");d.pragma('cache_size=1');d.exec('begin');
d.exec("delete from forged; create table pad(y); insert into pad values(randomblob(40000))");
process.kill(process.pid,'SIGKILL');`;
  spawnSync(process.execPath, ['-e', js], { cwd: dir });
  return readFileSync(path.join(dir, 'x.db-journal')).toString('base64');
}

describe('other users’ homes', () => {
  const other = REAL_USER?.home;

  test.runIf(other !== undefined && isRoot)(
    'an area over /home: startup files another user’s shell sources are refused before anyone is asked',
    async () => {
      const ws = realpathSync(tempDir('hr-r2p-ws-'));
      // deny: nothing is written whatever happens, only whether the human would be asked is observed.
      const h = askingTurn({ workspace: ws, approvableWrites: ['/home/**'] }, 'deny');
      for (const rel of ['.bash_aliases', '.xsessionrc', '.local/bin/ls', '.config/systemd/user/x.service'])
        await h.turn.call(write(path.join(other!, rel)));
      expect(h.asked.map((r) => r.widens)).toEqual([]);
    },
  );

  test('a writable root that is someone’s home: .bash_aliases (sourced by Debian’s .bashrc) is protected', async () => {
    const ws = realpathSync(tempDir('hr-r2p-ws-'));
    const h = askingTurn({ workspace: ws }, 'deny');
    await h.turn.call(write(path.join(ws, '.bash_aliases')));
    expect(h.asked.map((r) => r.tool)).toEqual([]);
  });
});

// handrail as root over a user's home (the workspace belongs to that user, so commands run as them). Run in
// a private mount namespace where that home is an empty tmpfs, so the real home is never touched; uses dist/
// (npm run build) because the child is a plain node process.
const DIST = path.resolve(import.meta.dirname, '../../../dist/index.js');
describe.runIf(isRoot && REAL_USER !== undefined && existsSync(DIST))(
  'a user’s home as the workspace, handrail as root, bwrap',
  () => {
    function inHomeNamespace(steps: unknown[]): Record<string, { isError: boolean; text: string }> {
      const dir = tempDir('hr-r2p-ns-');
      const script = path.join(dir, 'probe.mjs');
      const stepsFile = path.join(dir, 'steps.json');
      writeFileSync(stepsFile, JSON.stringify(steps));
      writeFileSync(
        script,
        `import { createRuntime, builtinTools } from ${JSON.stringify(DIST)};
import { readFileSync } from 'node:fs';
const home = ${JSON.stringify(REAL_USER!.home)};
const rt = createRuntime({ workspace: home, profile: 'full_access', rateLimits: false, sandbox: 'bwrap',
  tools: builtinTools(), store: false, stateDir: ${JSON.stringify(path.join(dir, 'state'))},
  policyFiles: { user: null, managed: null, project: null } });
const turn = rt.beginTurn();
const out = {};
let i = 0;
for (const [name, args] of JSON.parse(readFileSync(${JSON.stringify(stepsFile)}, 'utf8'))) {
  const r = await turn.call({ id: 'c' + i, name, arguments: args });
  out[String(i++)] = { isError: r.isError, text: r.content.map((c) => c.text ?? '').join('\\n') };
}
await turn.end(); await rt.close();
process.stdout.write(JSON.stringify(out));
`,
      );
      const { uid, gid, home } = REAL_USER!;
      const run = spawnSync(
        'unshare',
        [
          '-m',
          '--propagation',
          'private',
          'sh',
          '-c',
          `mount -t tmpfs tmpfs "${home}" && chown ${uid}:${gid} "${home}" && chmod 755 "${home}" && exec node "${script}"`,
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(run.stdout);
    }

    test('file tools and commands alike leave the user’s ssh, git, handrail and startup files alone', () => {
      const files = [
        '.ssh/authorized_keys',
        '.config/git/config',
        '.config/handrail/policy.json',
        '.vimrc',
        '.local/bin/ls',
      ];
      const loop = files
        .map((f) => `mkdir -p $(dirname ${f}) 2>/dev/null; (echo x >> ${f}) 2>/dev/null && echo WROTE ${f}`)
        .join('; ');
      const out = inHomeNamespace([
        ...files.map((f) => ['write_file', { path: f, content: 'x' }]),
        ['exec_command', { cmd: `id -u; ${loop}; true`, yield_time_ms: 10_000 }],
      ]);
      for (let i = 0; i < files.length; i++) expect(out[String(i)]!.isError, files[i]).toBe(true);
      expect(out[String(files.length)]!.text).not.toContain('WROTE');
    });
  },
);
