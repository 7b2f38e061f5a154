// Attacks on what commands (exec_command under real bubblewrap / Landlock) must leave alone: the
// runtime's own policy and store files inside a writable root, and home-directory files when a root is a home.
// Each test asserts the SAFE behaviour: a failing test is a hole.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { RuntimeOptions } from '../../../src/index.js';
import { createLandlockBackend } from '../../../src/sandbox/backends/index.js';
import { text } from '../../support/results.js';
import { askingTurn, call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';
import { isRoot, ownAll } from '../../support/users.js';

const exec = (cmd: string) => call('exec_command', { cmd, yield_time_ms: 15_000 });
const noPolicy = { user: null, managed: null, project: null };
const EVIL = '{"allow": ["exec_command(*)", "write_file(*)"]}';

function world(sandbox: 'bwrap' | 'landlock', setup: (ws: string) => Partial<RuntimeOptions>) {
  const ws = realpathSync(tempDir('hr-r3-ws-'));
  const options = setup(ws);
  ownAll(ws);
  return { ws, ...askingTurn({ workspace: ws, sandbox, policyFiles: noPolicy, ...options }, 'allow_once') };
}

const landlockOk = createLandlockBackend().status().state !== 'unavailable';

for (const sandbox of ['bwrap', 'landlock'] as const) {
  describe.runIf(isRoot && (sandbox === 'bwrap' || landlockOk))(`${sandbox}: the runtime's own files`, () => {
    test('a policy file in a subfolder: a command renames the folder and writes a new policy in its place', async () => {
      const h = world(sandbox, (ws) => {
        mkdirSync(path.join(ws, 'conf'));
        writeFileSync(path.join(ws, 'conf', 'policy.json'), '{"allow": []}\n');
        return { policyFiles: { ...noPolicy, user: path.join(ws, 'conf', 'policy.json') } };
      });
      const result = await h.turn.call(
        exec(`mv conf conf.old && mkdir conf && echo '${EVIL}' > conf/policy.json; echo status=$?`),
      );
      expect(readFileSync(path.join(h.ws, 'conf', 'policy.json'), 'utf8'), text(result)).toBe(
        '{"allow": []}\n',
      );
    });

    test('a store in a subfolder: a command cannot plant a journal beside it', async () => {
      const h = world(sandbox, (ws) => {
        mkdirSync(path.join(ws, 'data'));
        return { store: { path: path.join(ws, 'data', 'audit.db') } };
      });
      await h.turn.call(call('read_file', { path: 'nothing.txt' }));
      await h.runtime.store?.flush();
      const result = await h.turn.call(exec('echo junk > data/audit.db-journal; echo status=$?'));
      expect(existsSync(path.join(h.ws, 'data', 'audit.db-journal')), text(result)).toBe(false);
    });

    for (const name of ['my audit.db', 'a[1].db', 'a*.db', 'a+b.db', 'aúdit.db']) {
      test(`a store named ${JSON.stringify(name)} at the top: a command cannot plant its journal`, async () => {
        const h = world(sandbox, (ws) => ({ store: { path: path.join(ws, name) } }));
        await h.turn.call(call('read_file', { path: 'nothing.txt' }));
        await h.runtime.store?.flush();
        const result = await h.turn.call(exec(`echo junk > '${name}-journal'; echo status=$?`));
        expect(existsSync(path.join(h.ws, `${name}-journal`)), text(result)).toBe(false);
      });
    }

    for (const name of ['my policy.json', 'p[1].json', 'p*.json', 'pólicy.json', 'a+b.json', 'p{a,b}.json']) {
      test(`an existing top-level policy file named ${JSON.stringify(name)}: not writable`, async () => {
        const h = world(sandbox, (ws) => {
          writeFileSync(path.join(ws, name), '{"allow": []}\n');
          return { policyFiles: { ...noPolicy, user: path.join(ws, name) } };
        });
        const q = `'${name}'`;
        const result = await h.turn.call(exec(`echo '${EVIL}' > ${q}; echo status=$?`));
        expect(readFileSync(path.join(h.ws, name), 'utf8'), text(result)).toBe('{"allow": []}\n');
      });
    }
    for (const name of ['ａ［b］.json', '！p.json', 'p｛a,b｝.json']) {
      test(`an existing policy file whose name NFKC turns into glob syntax (${name}): not writable`, async () => {
        const h = world(sandbox, (ws) => {
          writeFileSync(path.join(ws, name), '{"allow": []}\n');
          writeFileSync(path.join(ws, 'ordinary.txt'), 'o\n');
          return { policyFiles: { ...noPolicy, user: path.join(ws, name) } };
        });
        const result = await h.turn.call(
          exec(`echo '${EVIL}' > '${name}'; echo status=$?; echo ok > ordinary.txt && echo ORD=ok`),
        );
        expect(readFileSync(path.join(h.ws, name), 'utf8'), text(result)).toBe('{"allow": []}\n');
        // and nothing else of the workspace became read-only because of it
        expect(text(result)).toContain('ORD=ok');
      });
    }
  });

  describe.runIf(isRoot && (sandbox === 'bwrap' || landlockOk))(
    `${sandbox}: the workspace is the home`,
    () => {
      const saved = process.env.HOME;
      afterEach(() => {
        process.env.HOME = saved;
      });
      test('a command renames ~/.config (holding git/) and plants ~/.config/git/config', async () => {
        const h = world(sandbox, (ws) => {
          mkdirSync(path.join(ws, '.config', 'git'), { recursive: true });
          writeFileSync(path.join(ws, '.config', 'git', 'config'), '[user]\n\tname = me\n');
          process.env.HOME = ws;
          return {};
        });
        const result = await h.turn.call(
          exec(
            'mv .config .config.old && mkdir -p .config/git && printf "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n" > .config/git/config; echo status=$?',
          ),
        );
        expect(readFileSync(path.join(h.ws, '.config', 'git', 'config'), 'utf8'), text(result)).toBe(
          '[user]\n\tname = me\n',
        );
      });
      test('a command renames ~/.cargo (holding a registry cache) and plants ~/.cargo/config.toml', async () => {
        const h = world(sandbox, (ws) => {
          mkdirSync(path.join(ws, '.cargo', 'registry'), { recursive: true });
          process.env.HOME = ws;
          return {};
        });
        const result = await h.turn.call(
          exec(
            'mv .cargo .cargo.old && mkdir .cargo && printf "[build]\\nrustc-wrapper = \\"/tmp/evil\\"\\n" > .cargo/config.toml; echo status=$?',
          ),
        );
        expect(existsSync(path.join(h.ws, '.cargo', 'config.toml')), text(result)).toBe(false);
      });
      test('a command renames ~/.config (holding systemd/) and plants a user unit', async () => {
        const h = world(sandbox, (ws) => {
          mkdirSync(path.join(ws, '.config', 'systemd', 'user'), { recursive: true });
          process.env.HOME = ws;
          return {};
        });
        const result = await h.turn.call(
          exec(
            'mv .config .config.old && mkdir -p .config/systemd/user && echo "[Service]" > .config/systemd/user/x.service; echo status=$?',
          ),
        );
        expect(existsSync(path.join(h.ws, '.config', 'systemd', 'user', 'x.service')), text(result)).toBe(
          false,
        );
      });
      test('a command renames ~/.local (holding bin/) and plants ~/.local/bin/ls', async () => {
        const h = world(sandbox, (ws) => {
          mkdirSync(path.join(ws, '.local', 'bin'), { recursive: true });
          process.env.HOME = ws;
          return {};
        });
        const result = await h.turn.call(
          exec('mv .local .local.old && mkdir -p .local/bin && echo evil > .local/bin/ls; echo status=$?'),
        );
        expect(existsSync(path.join(h.ws, '.local', 'bin', 'ls')), text(result)).toBe(false);
      });
    },
  );
}
