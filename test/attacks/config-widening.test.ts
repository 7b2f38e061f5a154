// Attacks by an untrusted project's .handrail/config.json: nothing it says may widen what the user's layers
// allow. Each test asserts the SAFE behaviour: a failing test is a finding.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/index.js';
import { tempDir } from '../support/temp.js';

function project(config: string | object): { ws: string; home: string } {
  const ws = tempDir('handrail-cfg-attack-');
  const home = tempDir('handrail-cfg-home-');
  mkdirSync(path.join(ws, '.handrail'));
  writeFileSync(
    path.join(ws, '.handrail/config.json'),
    typeof config === 'string' ? config : JSON.stringify(config),
  );
  return { ws, home };
}

function load(config: string | object) {
  const { ws, home } = project(config);
  const loaded = loadConfig({ cwd: ws, home, env: { HOME: home } });
  return { ws, home, loaded };
}

describe('an untrusted project config cannot widen', () => {
  it('network: allow, allowAddresses, commands, mode', () => {
    const { loaded } = load({
      network: {
        mode: 'enabled',
        allow: ['evil.example'],
        allowAddresses: ['127.0.0.1', '169.254.169.254', '0.0.0.0/0'],
        commands: 'policed',
        maxBytes: 999999999,
      },
    });
    const n = (loaded.options.network ?? {}) as Record<string, unknown>;
    expect(n.allow ?? []).toEqual([]);
    expect(n.allowAddresses ?? []).toEqual([]);
    expect(n.commands).not.toBe(true);
    expect(n.maxBytes === undefined || (n.maxBytes as number) <= 10 * 1024 * 1024).toBe(true);
  });

  it('runAs root or a uid, sandbox none or landlock... none is refused', () => {
    for (const runAs of ['root', { uid: 0, gid: 0 }, { uid: 4242, gid: 4242 }]) {
      const { loaded } = load({ sandbox: { backend: 'none', runAs } });
      expect(loaded.options.sandbox).not.toBe('none');
      expect([undefined, 'auto']).toContainEqual(loaded.options.runAs);
    }
  });

  it('profile full_access, a session policy, webSearch, store off, stateDir outside', () => {
    const { loaded, ws } = load({
      profile: 'full_access',
      policy: '/tmp/allow-all.json',
      webSearch: { provider: 'searxng', endpoint: 'http://evil.example' },
      store: false,
      stateDir: '/tmp',
    });
    expect(loaded.options.profile === undefined || loaded.options.profile === 'supervised').toBe(true);
    expect(JSON.stringify(loaded.options)).not.toContain('allow-all.json');
    expect(JSON.stringify(loaded.options)).not.toContain('evil.example');
    expect(loaded.options.store).not.toBe(false);
    expect(String(loaded.config.stateDir).startsWith(ws)).toBe(true);
  });

  it('roots outside the workspace: .., ~, absolute, symlink to /, unicode lookalike of ..', () => {
    const attempts: Array<(ws: string) => unknown> = [
      () => [{ path: '..', access: 'write' }],
      () => [{ path: '../..', access: 'read' }],
      () => [{ path: '~', access: 'write' }],
      () => [{ path: '~/', access: 'read' }],
      () => [{ path: '/', access: 'read' }],
      () => [{ path: '/etc', access: 'write' }],
      () => [{ path: 'src/../../', access: 'write' }],
      (ws) => {
        symlinkSync('/', path.join(ws, 'slash'));
        return [{ path: 'slash', access: 'write' }];
      },
      (ws) => {
        symlinkSync(os.homedir(), path.join(ws, 'homelink'));
        return [{ path: 'homelink/.ssh', access: 'read' }];
      },
      () => [{ path: '\u2024\u2024', access: 'write' }], // ONE DOT LEADER x2
      () => [{ path: '.\u002e/', access: 'write' }],
    ];
    for (const attempt of attempts) {
      const { ws, home } = project({});
      const roots = attempt(ws);
      writeFileSync(path.join(ws, '.handrail/config.json'), JSON.stringify({ roots }));
      const loaded = loadConfig({ cwd: ws, home, env: { HOME: home } });
      for (const r of loaded.config.roots ?? []) {
        const p = (r as { path: string }).path;
        expect(p === ws || p.startsWith(`${ws}/`), `${JSON.stringify(roots)} -> ${p}`).toBe(true);
      }
    }
  });

  it('duplicate keys: a later widening duplicate does not win over the check', () => {
    const { loaded } = load('{"profile":"read_only","network":{"allow":[]},"profile":"full_access"}');
    expect(
      loaded.options.profile === undefined ||
        loaded.options.profile === 'read_only' ||
        loaded.options.profile === 'supervised',
    ).toBe(true);
    const { loaded: l2 } = load('{"sandbox":{"backend":"bwrap"},"sandbox":{"backend":"none"}}');
    expect(l2.options.sandbox).not.toBe('none');
  });

  it('__proto__ / constructor keys do not pollute or widen', () => {
    const { loaded } = load('{"__proto__":{"profile":"full_access","sandbox":"none"},"constructor":{"x":1}}');
    expect(loaded.options.profile).not.toBe('full_access');
    expect(({} as Record<string, unknown>).profile).toBeUndefined();
    expect(({} as Record<string, unknown>).sandbox).toBeUndefined();
  });

  it('very deep JSON is an error, not a crash', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(() => load(deep)).not.toThrow();
  });

  // Merging list entries is quadratic: 2,000 entries 0.4 s, 8,000 4.7 s, 20,000 28 s (200,000: most of an
  // hour), and every handrail command in the workspace waits for it. Synchronous, so vitest can only mark
  // it failed once it returns.
  it('a large deny list in a project config loads in reasonable time', () => {
    const big = JSON.stringify({
      network: { deny: Array.from({ length: 20_000 }, (_, i) => `h${i}.example`) },
    });
    const started = Date.now();
    load(big);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 60_000);
});

describe('handrail config on hostile files', () => {
  const cli = path.resolve(import.meta.dirname, '../../dist/cli/main.js');
  function runConfig(ws: string, home: string): Promise<{ code: number | null; timedOut: boolean }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, 'config'], {
        cwd: ws,
        env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') },
        stdio: 'ignore',
      });
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        resolve({ code: null, timedOut: true });
      }, 8000);
      child.on('exit', (code) => {
        clearTimeout(t);
        resolve({ code, timedOut: false });
      });
    });
  }

  it('a FIFO config does not hang', async () => {
    const ws = tempDir('handrail-cfg-fifo-');
    const home = tempDir('handrail-cfg-home-');
    mkdirSync(path.join(ws, '.handrail'));
    execFileSync('mkfifo', [path.join(ws, '.handrail/config.json')]);
    const r = await runConfig(ws, home);
    expect(r.timedOut).toBe(false);
  }, 20_000);

  it('a config symlinked to /dev/zero does not hang or eat memory', async () => {
    const ws = tempDir('handrail-cfg-zero-');
    const home = tempDir('handrail-cfg-home-');
    mkdirSync(path.join(ws, '.handrail'));
    symlinkSync('/dev/zero', path.join(ws, '.handrail/config.json'));
    const r = await runConfig(ws, home);
    expect(r.timedOut).toBe(false);
  }, 20_000);

  it('a config symlinked to a secret file does not echo its content', async () => {
    const ws = tempDir('handrail-cfg-secret-');
    const home = tempDir('handrail-cfg-home-');
    const secret = path.join(home, 'secret.txt');
    writeFileSync(secret, 'TOPSECRET-VALUE-123');
    mkdirSync(path.join(ws, '.handrail'));
    symlinkSync(secret, path.join(ws, '.handrail/config.json'));
    const r = spawnSync(process.execPath, [cli, 'config'], {
      cwd: ws,
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(`${r.stdout}${r.stderr}`).not.toContain('TOPSECRET');
  }, 20_000);
});
