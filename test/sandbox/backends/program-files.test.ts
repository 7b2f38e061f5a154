// A long-lived stdio program (an MCP server, say) run by argv in the real OS sandbox: its own files outside the
// roots readable through read paths (and only read), the rest of the policy unchanged — no host secrets in
// its environment, the workspace as its cwd, deny-read paths and handrail's state hidden even inside its read
// paths, and no timeout. Then a real MCP server from npm answering over its stdin and stdout.
import { chmodSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLandlockBackend } from '../../../src/sandbox/backends/index.js';
import { CommandProxy, NetworkPolicy, resolveNetworkConfig } from '../../../src/sandbox/network/index.js';
import {
  type ProcessSpawnPlan,
  programReadPaths,
  type SandboxBackend,
  sandboxPath,
  spawnPlanned,
} from '../../../src/sandbox/process/index.js';
import { tempDir } from '../../support/temp.js';
import { until } from '../../support/wait.js';
import { serve } from '../network/helpers.js';
import {
  bwrapBackend,
  isRoot,
  onCleanup,
  type PlanOptions,
  plan,
  run,
  workspace,
} from '../process/helpers.js';

const bwrap = await bwrapBackend();
const landlock = createLandlockBackend();
const backends = [bwrap, landlock].filter((backend) => backend.status().state !== 'unavailable');
if (backends.length < 2)
  console.warn(
    'program-files.test.ts: only these backends run here:',
    backends.map((b) => b.name),
  );

/**
 * A line service installed outside every root, as npm would: node_modules/pkg/index.js requires its
 * sibling node_modules/helper. It says where it runs and what secret it sees, then answers each line:
 * `read F` / `write F` try the file, anything else is echoed through the helper.
 */
function installService(): { base: string; modules: string; script: string } {
  const base = tempDir();
  // The command's user (not root) must get through it, as through any install directory.
  chmodSync(base, 0o755);
  const modules = path.join(base, 'proj/node_modules');
  const put = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(modules, rel)), { recursive: true });
    writeFileSync(path.join(modules, rel), text);
  };
  put('helper/index.js', "module.exports = (line) => 'echo:' + line;\n");
  put('helper/key.pem', 'PRIVATE KEY\n');
  put('pkg/secret.txt', 'secret\n');
  put('pkg/README', 'readme\n');
  put(
    'pkg/index.js',
    `const helper = require('helper');
const fs = require('node:fs');
const readline = require('node:readline');
const attempt = (fn) => { try { fn(); return 'ok'; } catch (error) { return error.code; } };
console.log(JSON.stringify({ cwd: process.cwd(), secret: process.env.HANDRAIL_TEST_SECRET ?? null }));
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.startsWith('read ')) console.log('read ' + attempt(() => fs.readFileSync(line.slice(5))));
  else if (line.startsWith('write ')) console.log('write ' + attempt(() => fs.writeFileSync(line.slice(6), 'x')));
  else console.log(helper(line));
});
`,
  );
  return { base, modules, script: path.join(modules, 'pkg/index.js') };
}

interface Service {
  send(line: string): void;
  /** The next line the service writes; fails, with its stderr, when it ends first. */
  line(): Promise<string>;
  readonly running: boolean;
}

/** Start a planned service with its stdin open, reading its stdout line by line; killed after the test. */
function start(p: ProcessSpawnPlan): Service {
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  let read = 0;
  const handle = spawnPlanned(p, {
    onStdout: (chunk) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
    },
    onStderr: (chunk) => {
      stderr += chunk.toString();
    },
  });
  onCleanup(() => handle.kill());
  return {
    send: (line) => handle.stdin!.write(`${line}\n`),
    async line() {
      await until(() => lines.length > read || !handle.running, 'a line from the service', 30_000);
      if (lines.length > read) return lines[read++]!;
      throw new Error(`the service ended: ${stderr}`);
    },
    get running() {
      return handle.running;
    },
  };
}

/** Plan `node <script>` as a service in `ws`, with stdin open. */
async function planService(ws: string, argv: string[], opts: PlanOptions): Promise<ProcessSpawnPlan> {
  const result = await plan(ws, { argv, lifetime: 'service', stdin: 'pipe' }, opts);
  if (!result.ok) throw new Error(`plan refused: ${result.message}`);
  return result.plan;
}

/** The read paths the runtime would give: what the program needs, found on the PATH the command sees. */
async function readPathsFor(argv: string[], ws: string): Promise<string[]> {
  const found = await programReadPaths(argv, { cwd: ws, path: sandboxPath(process.env.PATH, [ws]) });
  return found.paths;
}

describe.each(backends.map((backend): [string, SandboxBackend] => [backend.name, backend]))(
  '%s: a stdio service from outside the roots',
  (_name, backend) => {
    it('runs from its read paths in the workspace, echoes its stdin, sees no host secret, and has no timeout', async () => {
      const ws = workspace();
      const { modules, script } = installService();
      const argv = ['node', script];
      const readPaths = await readPathsFor(argv, ws);
      expect(readPaths).toEqual([modules]);
      const hostEnv = { ...process.env, HANDRAIL_TEST_SECRET: 'host-secret' };

      const p = await planService(ws, argv, { backend, readPaths, hostEnv });
      expect(p.timeoutMs).toBe(Number.POSITIVE_INFINITY);
      const service = start(p);
      expect(JSON.parse(await service.line())).toEqual({ cwd: ws, secret: null });
      service.send('hello');
      expect(await service.line()).toBe('echo:hello');
      service.send('again');
      expect(await service.line()).toBe('echo:again');
      // Its own files are there to read, never to change.
      service.send(`read ${path.join(modules, 'pkg/README')}`);
      expect(await service.line()).toBe('read ok');
      service.send(`write ${path.join(modules, 'pkg/README')}`);
      expect(await service.line()).toMatch(/^write (EROFS|EACCES)$/);
      expect(service.running).toBe(true);

      // A variable the profile names (the server's configured env) does reach it.
      const given = await planService(ws, argv, {
        backend,
        readPaths,
        hostEnv,
        profile: { extraEnv: { HANDRAIL_TEST_SECRET: 'configured' } },
      });
      expect(JSON.parse(await start(given).line())).toEqual({ cwd: ws, secret: 'configured' });
    });

    it('cannot even load its own file without its read paths', async () => {
      const ws = workspace();
      const { script } = installService();
      const p = await planService(ws, ['node', script], { backend });
      await expect(start(p).line()).rejects.toThrow(/Cannot find module|EACCES|permission denied/i);
    });

    it('keeps deny-read paths inside its read paths unreadable', async () => {
      const ws = workspace();
      const { modules, script } = installService();
      const argv = ['node', script];
      const readPaths = await readPathsFor(argv, ws);
      const denyRead = [path.join(modules, 'pkg/secret.txt'), '**/*.pem'];
      const service = start(await planService(ws, argv, { backend, readPaths, denyRead }));
      await service.line();
      service.send(`read ${path.join(modules, 'pkg/secret.txt')}`);
      expect(await service.line()).toMatch(/^read (EACCES|ENOENT)$/);
      service.send(`read ${path.join(modules, 'helper/key.pem')}`);
      expect(await service.line()).toMatch(/^read (EACCES|ENOENT)$/);
      service.send(`read ${path.join(modules, 'pkg/README')}`);
      expect(await service.line()).toBe('read ok');
    });

    it("keeps handrail's state directory and audit database hidden when a read path holds them", async () => {
      const ws = workspace();
      const { base, script } = installService();
      const stateDir = path.join(base, 'state');
      mkdirSync(path.join(stateDir, 'outputs'), { recursive: true });
      writeFileSync(path.join(stateDir, 'handrail.db'), 'audit rows');
      writeFileSync(path.join(stateDir, 'outputs/out.txt'), 'saved output');
      chmodSync(stateDir, 0o755);
      const denyRead = ['', '-wal', '-shm', '-journal'].map((s) => path.join(stateDir, `handrail.db${s}`));
      const service = start(
        await planService(ws, ['node', script], { backend, readPaths: [base], stateDir, denyRead }),
      );
      await service.line();
      for (const file of ['handrail.db', 'outputs/out.txt']) {
        service.send(`read ${path.join(stateDir, file)}`);
        expect(await service.line()).toMatch(/^read (EACCES|ENOENT)$/);
      }
      // The rest of the read path is there.
      service.send(`read ${path.join(base, 'proj/node_modules/pkg/README')}`);
      expect(await service.line()).toBe('read ok');
    });
  },
);

describe.skipIf(!backends.includes(bwrap))('bwrap: a service behind the command network proxy', () => {
  it('reaches an address the policy allows through the proxy, and nothing without it', async () => {
    const ws = workspace();
    const server = await serve((_req, res) => res.end('hello from upstream'));
    const policy = new NetworkPolicy(resolveNetworkConfig({ allowAddresses: [`127.0.0.1:${server.port}`] }));
    const proxy = new CommandProxy(policy);
    onCleanup(() => proxy.close());
    const argv = ['curl', '-sS', '--max-time', '20', server.url('/service')];
    const ran = await run(
      ws,
      { argv, lifetime: 'service' },
      { backend: bwrap, proxy: (socket) => proxy.listen(socket, () => undefined) },
    );
    expect(ran.stdout).toBe('hello from upstream');
    const alone = await run(ws, { argv, lifetime: 'service' }, { backend: bwrap });
    expect(alone.exit.code).not.toBe(0);
    expect(server.hits).toHaveLength(1);
  });
});

describe.skipIf(!backends.includes(bwrap) || !isRoot)(
  'bwrap: a service as uid 0 without capabilities',
  () => {
    it('on a root-owned workspace, root-only files in its read paths stay hidden', async () => {
      const ws = workspace({ owner: 'root' });
      const { modules, script } = installService();
      writeFileSync(path.join(modules, 'pkg/root-only.txt'), 'root only', { mode: 0o600 });
      const argv = ['node', script];
      const p = await planService(ws, argv, { backend: bwrap, readPaths: await readPathsFor(argv, ws) });
      expect(p.sandbox.identity?.mode).toBe('mapped-root');
      const service = start(p);
      await service.line();
      service.send('hello');
      expect(await service.line()).toBe('echo:hello');
      service.send(`read ${path.join(modules, 'pkg/root-only.txt')}`);
      expect(await service.line()).toMatch(/^read (EACCES|ENOENT)$/);
    });
  },
);

describe.skipIf(!backends.includes(bwrap))(
  'bwrap: @modelcontextprotocol/server-everything over stdio',
  () => {
    it('starts from its node_modules outside the workspace and answers initialize and tools/list', async () => {
      const ws = workspace();
      const modules = realpathSync(path.resolve(import.meta.dirname, '../../../node_modules'));
      const entry = path.join(modules, '@modelcontextprotocol/server-everything/dist/index.js');
      const argv = ['node', entry, 'stdio'];
      const readPaths = await readPathsFor(argv, ws);
      expect(readPaths).toEqual([modules]);

      const server = start(await planService(ws, argv, { backend: bwrap, readPaths }));
      const request = (id: number, method: string, params: object) =>
        server.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      /** The response to `id`, past any notification or log line the server writes first. */
      const response = async (id: number) => {
        for (;;) {
          const line = await server.line();
          const message = (() => {
            try {
              return JSON.parse(line);
            } catch {
              return undefined;
            }
          })();
          if (message?.id === id) return message;
        }
      };
      request(1, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      });
      const init = await response(1);
      expect(init.result).toMatchObject({
        protocolVersion: '2025-06-18',
        serverInfo: { name: expect.any(String) },
      });
      server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      request(2, 'tools/list', {});
      const tools = await response(2);
      expect(tools.result.tools.map((tool: { name: string }) => tool.name)).toContain('echo');
    });
  },
);
