// PATH and the host's pass-through variables, with real processes: a workspace file never stands in for a
// system program, and the shell itself comes from the system directories.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLandlockBackend, createNoneBackend } from '../../../src/sandbox/backends/index.js';
import { bwrapBackend, own, run, workspace } from './helpers.js';

const bwrap = await bwrapBackend();
const landlock = createLandlockBackend();
const backends = [bwrap, landlock, createNoneBackend()].filter((b) => b.status().state !== 'unavailable');

/** An executable the workspace holds at `rel` that leaves a mark when run. */
function plant(ws: string, rel: string): void {
  const file = path.join(ws, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `#!/bin/sh\necho PLANTED-${path.basename(rel)}\ntouch "${ws}/ran-${path.basename(rel)}"\n`,
  );
  chmodSync(file, 0o755);
  for (let p = file; p !== ws; p = path.dirname(p)) own(p);
}

describe.each(backends.map((b) => [b.name, b] as const))(
  'PATH and pass-through variables (%s)',
  (_name, backend) => {
    it('a node_modules/.bin or workspace bin first on the host PATH cannot shadow ls, git or the shell', async () => {
      const ws = workspace();
      for (const name of ['ls', 'git', 'bash', 'sh']) {
        plant(ws, `node_modules/.bin/${name}`);
        plant(ws, `bin/${name}`);
      }
      plant(ws, 'ls');
      const hostEnv = {
        PATH: `node_modules/.bin:${ws}/bin::.:${ws}/node_modules/.bin/:/usr/local/bin:/usr/bin:/bin`,
        LANG: 'C.UTF-8',
        LC_ALL: 'C',
        LC_GITHUB_TOKEN: 'ghp_passed_as_locale',
        LC_SMUGGLED: 'anything',
        TERM: 'xterm\u001b]0;evil\u0007',
      };
      const r = await run(
        ws,
        'ls >/dev/null && git --version >/dev/null && echo ok; echo "$PATH"; env | sort',
        {
          backend,
          hostEnv,
        },
      );
      expect(r.stdout).not.toContain('PLANTED');
      for (const name of ['ls', 'git', 'bash', 'sh'])
        expect(existsSync(path.join(ws, `ran-${name}`))).toBe(false);
      const [ok, pathLine, ...env] = r.stdout.trim().split('\n');
      expect(ok).toBe('ok');
      expect(pathLine).toBe('/usr/local/bin:/usr/bin:/bin');
      expect(env).toContain('LC_ALL=C');
      expect(env).toContain('LANG=C.UTF-8');
      expect(env.join('\n')).not.toMatch(/LC_GITHUB_TOKEN|LC_SMUGGLED|ghp_|evil/);
      expect(r.plan.command.argv[0]).toMatch(/^\/(usr\/)?bin\/bash$/);
    });

    it('under read-only roots (the read_only profile) a workspace bin first on the host PATH cannot shadow ls either', async () => {
      const ws = workspace();
      plant(ws, 'node_modules/.bin/ls');
      const r = await run(ws, 'ls >/dev/null && echo ok; echo "$PATH"', {
        backend,
        roots: [{ path: ws, access: 'read' }],
        hostEnv: { PATH: `${ws}/node_modules/.bin:/usr/bin:/bin` },
      });
      expect(r.stdout).toBe('ok\n/usr/bin:/bin\n');
      expect(existsSync(path.join(ws, 'ran-ls'))).toBe(false);
    });

    it('odd locale values stay behind: control characters, a path to locale files, overlong text', async () => {
      const ws = workspace();
      const hostEnv = {
        PATH: '/usr/bin:/bin',
        LANG: 'C.UTF-8',
        LC_ALL: 'C.UTF-8\nLD_PRELOAD=/tmp/x.so',
        LC_CTYPE: `${ws}/evil-locale`,
        LC_MESSAGES: '../../../../tmp/evil',
        LC_TIME: 'x'.repeat(300),
        LANGUAGE: 'de:\u001b]52;c;ZXZpbA==\u0007',
      };
      const r = await run(ws, 'env | grep -E "^(LANG|LC_|LD_)" | sort', { backend, hostEnv });
      expect(r.stdout).toBe('LANG=C.UTF-8\n');
    });

    it('a PATH the profile sets is the user’s choice and kept as it is', async () => {
      const ws = workspace();
      plant(ws, 'tools/hello');
      const r = await run(ws, 'hello', {
        backend,
        hostEnv: { PATH: '/usr/bin:/bin' },
        profile: { extraEnv: { PATH: `${ws}/tools:/usr/bin:/bin` } },
      });
      expect(r.stdout).toBe('PLANTED-hello\n');
    });
  },
);
