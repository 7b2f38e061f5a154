// Attacks by a hostile stdio MCP server on the host, from inside the real sandbox (bwrap, as `sandbox: 'auto'`
// picks here): it runs any shell line it likes (its `sh` tool) and tries to read handrail's secrets and state,
// write what makes other programs run code, reach the network, and outlive the runtime. Each test asserts the
// SAFE behaviour: the server's attempt fails, or leaves the host as it was.
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { McpRuntime } from '../../src/index.js';
import { pidsCgroupSupport } from '../../src/sandbox/process/pids-cgroup.js';
import { processesRunning } from '../extensions/mcp/fixtures/servers.js';
import { onCleanup } from '../support/cleanup.js';
import { eventually, uniqueSleep } from '../support/processes.js';
import { repoRoot } from '../support/repo.js';
import { bwrapReady } from '../support/sandbox.js';
import { tempDir } from '../support/temp.js';
import {
  expectReady,
  hostile,
  hostileRuntime,
  inServer,
  sharedWorkspace,
  use,
} from './fixtures/mcp/hostile.js';
import { attackWorkspace } from './helpers.js';

const SECRET = `handrail-attack-secret-${randomUUID()}`;

describe.runIf(bwrapReady)('a hostile stdio server inside the sandbox', () => {
  let runtime: McpRuntime;
  let ws: string;
  let homeSecret: string;
  let listener: http.Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    process.env.HANDRAIL_ATTACK_SECRET = SECRET;
    homeSecret = path.join(os.homedir(), `.handrail-attack-${randomUUID()}`);
    writeFileSync(homeSecret, SECRET, { mode: 0o644 });
    listener = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('reached');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
    ws = sharedWorkspace({ 'secrets/key.txt': SECRET });
    runtime = await hostileRuntime(
      { h: hostile() },
      { workspace: ws, sandbox: 'auto', store: 'sqlite', denyRead: ['secrets/**'] },
      'file',
    );
    expectReady(runtime);
    expect(runtime.mcpStatus()[0]?.sandbox?.backend).toBe('bwrap');
  });

  afterAll(async () => {
    await runtime?.close();
    listener?.close();
    rmSync(homeSecret, { force: true });
    delete process.env.HANDRAIL_ATTACK_SECRET;
  });

  test("handrail's environment: no secret in the server's env, nor in any process it can see", async () => {
    const { seen } = await use(runtime, 'mcp__h__env');
    expect(seen).toContain('"PATH"');
    expect(seen).not.toContain(SECRET);
    const procs = await inServer(runtime, 'h', 'cat /proc/*/environ 2>/dev/null | tr "\\0" "\\n"; ls /proc');
    expect(procs).not.toContain(SECRET);
  });

  test("the audit database and handrail's state are not readable", async () => {
    expect(existsSync(path.join(ws, '.handrail/handrail.db'))).toBe(true);
    // The db holds the earlier calls' events: a server that read it would read every other call's arguments.
    const db = await inServer(runtime, 'h', 'echo "bytes $(cat .handrail/handrail.db* 2>/dev/null | wc -c)"');
    expect(db).toMatch(/^bytes 0$/m);
  });

  test('a spilled output of another call (in the state directory) is not readable', async () => {
    // A big answer is cut for the model, and the whole text is kept in the state directory.
    const big = `${SECRET}\n${'filler line\n'.repeat(20_000)}`;
    const { result } = await use(runtime, 'mcp__h__result', { kind: 'forged', text: big });
    expect(result.outcome.status).toBe('partial');
    const seen = await inServer(runtime, 'h', `grep -r -a -l ${SECRET} . /tmp 2>/dev/null; echo done`);
    expect(seen).toContain('done');
    expect(seen).not.toContain('.handrail');
  });

  test('denyRead, the home directory and files outside the workspace are not readable', async () => {
    const seen = await inServer(
      runtime,
      'h',
      `cat secrets/key.txt; cat ${homeSecret}; cat ${os.homedir()}/.ssh/* 2>&1 | head -c 200; ls ${os.homedir()}`,
    );
    expect(seen).not.toContain(SECRET);
    expect(seen).not.toContain('BEGIN');
  });

  test('the host outside the workspace, its own package tree included, stays as it was', async () => {
    const outside = path.join(tempDir(), 'outside.txt');
    writeFileSync(outside, 'untouched');
    chmodSync(path.dirname(outside), 0o777);
    chmodSync(outside, 0o666);
    const ownTree = path.join(repoRoot, 'node_modules', `.handrail-attack-${randomUUID()}`);
    await inServer(
      runtime,
      'h',
      [
        `echo pwned > ${outside}`,
        `echo pwned > ${homeSecret}`,
        `echo pwned > ${ownTree}`,
        'echo pwned >> /etc/hosts',
        'echo pwned > /tmp/planted-by-server',
      ].join('; '),
    );
    expect(readFileSync(outside, 'utf8')).toBe('untouched');
    expect(readFileSync(homeSecret, 'utf8')).toBe(SECRET);
    expect(existsSync(ownTree)).toBe(false);
    expect(readFileSync('/etc/hosts', 'utf8')).not.toContain('pwned');
    expect(existsSync('/tmp/planted-by-server')).toBe(false);
  });

  test('protected paths in the workspace stay as they were', async () => {
    const before = readFileSync(path.join(ws, '.git/config'), 'utf8');
    const lines = [
      'echo "[core] fsmonitor = touch /tmp/pwned" >> .git/config',
      'echo "#!/bin/sh" > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit',
      `echo '{"mcpServers":{}}' > .mcp.json`,
      'echo "{}" > .handrail/config.json',
      'echo x > .handrail/planted',
      'echo "export X=1" > .envrc',
      'mkdir -p .vscode && echo "{}" > .vscode/tasks.json',
      'echo "evil=1" > .npmrc',
    ];
    await inServer(runtime, 'h', lines.join('; '));
    expect(readFileSync(path.join(ws, '.git/config'), 'utf8')).toBe(before);
    expect(readFileSync(path.join(ws, '.handrail/config.json'), 'utf8')).toBe('{}\n');
    // Missing protected names are held by empty read-only directories while the server runs: no file appears.
    for (const planted of [
      '.git/hooks/pre-commit',
      '.mcp.json',
      '.handrail/planted',
      '.vscode/tasks.json',
      '.envrc',
      '.npmrc',
    ]) {
      const p = path.join(ws, planted);
      expect(existsSync(p) && statSync(p).isFile(), planted).toBe(false);
    }
  });

  test('a nested repository it makes does not keep a git setting that runs programs on the host', async () => {
    // The sandbox cannot hold every protected name at every depth; after a shell command handrail looks and
    // removes what would make git run programs. A server's call must get the same look, not only its exit.
    const seen = await inServer(
      runtime,
      'h',
      'mkdir -p sub/.git/hooks && printf "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n" > sub/.git/config && printf "ref: refs/heads/main\\n" > sub/.git/HEAD && mkdir -p sub/.git/objects sub/.git/refs && printf "#!/bin/sh\\ntouch /tmp/pwned\\n" > sub/.git/hooks/post-checkout && chmod +x sub/.git/hooks/post-checkout; echo made',
    );
    const config = path.join(ws, 'sub/.git/config');
    const hook = path.join(ws, 'sub/.git/hooks/post-checkout');
    const left = [
      existsSync(config) && readFileSync(config, 'utf8').includes('fsmonitor') ? 'core.fsmonitor' : '',
      existsSync(hook) ? 'post-checkout hook' : '',
    ].filter(Boolean);
    expect(left, 'what git on the host would run after the call').toEqual([]);
    // The call's result says so, in handrail's words outside the server's frame.
    expect(seen).toMatch(/\[handrail sandbox\] .*Removed git/);
  });

  test('what git would run in a nested repository it made is gone once the runtime is closed', async () => {
    const nested = sharedWorkspace();
    const own = await hostileRuntime({ h: hostile() }, { workspace: nested, sandbox: 'auto' }, 'file');
    try {
      expectReady(own);
      await inServer(
        own,
        'h',
        'mkdir -p sub/.git/objects sub/.git/refs && printf "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n" > sub/.git/config && printf "ref: refs/heads/main\\n" > sub/.git/HEAD',
      );
    } finally {
      await own.close();
    }
    const config = path.join(nested, 'sub/.git/config');
    expect(existsSync(config) && readFileSync(config, 'utf8').includes('fsmonitor')).toBe(false);
  });

  test('no network: a local listener is not reached', async () => {
    const seen = await inServer(
      runtime,
      'h',
      `node -e "fetch('http://127.0.0.1:${port}/direct').then(r=>r.text()).then(t=>console.log('got',t),e=>console.log('failed',e.cause?.code))"`,
    );
    expect(seen).toMatch(/failed/);
    expect(hits).toEqual([]);
  });
});

describe.runIf(bwrapReady)('a hostile stdio server with network.commands on', () => {
  test("through handrail's proxy it reaches neither a loopback listener nor the metadata address", async () => {
    const hits: string[] = [];
    const listener = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('reached');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    onCleanup(() => new Promise((resolve) => listener.close(resolve)));
    const port = (listener.address() as AddressInfo).port;
    const runtime = await hostileRuntime(
      { h: hostile() },
      { workspace: attackWorkspace(), sandbox: 'auto', network: { commands: true } },
    );
    expectReady(runtime);
    const fetchLine = (url: string) => `curl -s -m 5 -o /dev/null -w "%{http_code}" ${url}; echo " $?"`;
    const seen = await inServer(
      runtime,
      'h',
      [
        'echo proxy=$HTTP_PROXY',
        fetchLine(`http://127.0.0.1:${port}/via-proxy`),
        fetchLine(`http://localhost:${port}/via-name`),
        fetchLine(`http://[::ffff:127.0.0.1]:${port}/via-mapped`),
        fetchLine(`http://2130706433:${port}/via-decimal`),
        fetchLine('http://169.254.169.254/latest/meta-data/'),
        fetchLine(`-p http://127.0.0.1:${port}/tunnel`),
        fetchLine(`--noproxy '*' http://127.0.0.1:${port}/direct`),
      ].join('; '),
    );
    expect(seen).toContain('proxy=http');
    // Refused by the proxy (403, or a refused tunnel), and no way around it.
    expect(seen).toMatch(/^000 7$/m);
    expect(hits).toEqual([]);
  });
});

describe.runIf(bwrapReady)('a hostile stdio server that tries to outlive the runtime', () => {
  test('setsid, double fork, a cleared environment: nothing of it is left after close (bwrap)', async () => {
    const ws = attackWorkspace();
    const runtime = await hostileRuntime({ h: hostile() }, { workspace: ws, sandbox: 'auto' });
    expectReady(runtime);
    const seconds = uniqueSleep();
    await inServer(
      runtime,
      'h',
      `(setsid env -i /bin/sleep ${seconds} </dev/null >/dev/null 2>&1 &) ; (sh -c "env -i nohup /bin/sleep ${seconds}.5 </dev/null >/dev/null 2>&1 &" &); echo started`,
    );
    expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 2)).toBe(true);
    await runtime.close();
    expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 0, 150)).toBe(true);
  });

  test('a fork bomb is bounded, and gone after close', async () => {
    const runtime = await hostileRuntime({ h: hostile() }, { workspace: attackWorkspace(), sandbox: 'auto' });
    expectReady(runtime);
    const seconds = uniqueSleep();
    await inServer(
      runtime,
      'h',
      `for i in $(seq 1 1500); do /bin/sleep ${seconds} </dev/null >/dev/null 2>&1 & done; echo done`,
    );
    // The process limit stops it well short of what it asked for (the host's table is the judge).
    expect(processesRunning(`sleep ${seconds}`).length).toBeLessThan(1000);
    await runtime.close();
    expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 0, 250)).toBe(true);
  }, 60_000);
});

describe('a hostile stdio server without a sandbox (sandbox: none)', () => {
  test('still gets no secret from handrail’s environment', async () => {
    process.env.HANDRAIL_ATTACK_SECRET = SECRET;
    try {
      const runtime = await hostileRuntime({ h: hostile() }, { sandbox: 'none' });
      expectReady(runtime);
      const { seen } = await use(runtime, 'mcp__h__env');
      expect(seen).not.toContain(SECRET);
    } finally {
      delete process.env.HANDRAIL_ATTACK_SECRET;
    }
  });

  // Under `none` only a cgroup holds such a daemon: one exists when handrail is root and can make a pids
  // cgroup; otherwise the documented limit applies (docs/shell-and-sandbox.md, "What a command leaves running").
  test.runIf(pidsCgroupSupport().ok)(
    'a daemon that clears its environment and double-forks is still stopped by close',
    async () => {
      const runtime = await hostileRuntime({ h: hostile() }, { sandbox: 'none', workspace: tempDir() });
      expectReady(runtime);
      const seconds = uniqueSleep();
      await inServer(
        runtime,
        'h',
        `(setsid env -i /bin/sleep ${seconds} </dev/null >/dev/null 2>&1 &); echo started`,
      );
      expect(await eventually(() => processesRunning(`sleep ${seconds}`).length === 1)).toBe(true);
      await runtime.close();
      const left = await eventually(() => processesRunning(`sleep ${seconds}`).length === 0, 100);
      for (const p of processesRunning(`sleep ${seconds}`)) process.kill(p.pid, 'SIGKILL');
      expect(left, 'a process of the server outlived runtime.close()').toBe(true);
    },
  );
});
