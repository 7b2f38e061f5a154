// Commands with a policed network (`network: { commands: true }`), end to end: real bwrap, real curl and npm
// inside it, real servers on the host, the runtime's SQLite store read back from its file. What is proved by
// observation: the sandbox has no network interface but loopback, a command reaches an allowed server only
// through the proxy (a bypass reaches nothing, and the server sees only the proxied request), refused
// requests are refused by the proxy with the policy's reason, and every request is an event in the store.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Runtime, RuntimeOptions, Turn } from '../../../src/index.js';
import { openReader } from '../../../src/store/index.js';
import { onCleanup } from '../../support/cleanup.js';
import { text } from '../../support/results.js';
import { call } from '../../support/runtime.js';
import { bwrapReady } from '../../support/sandbox.js';
import { tempDir } from '../../support/temp.js';
import { own } from '../../support/users.js';
import { sessionId, shellRuntime } from './helpers.js';

interface Server {
  port: number;
  hits: string[];
}

/** A server on the host for one test; `host` 0.0.0.0 also answers on the machine's other addresses. */
async function serve(
  handler: http.RequestListener,
  opts: { host?: string; server?: http.Server } = {},
): Promise<Server> {
  const hits: string[] = [];
  const server = opts.server ?? http.createServer();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, opts.host ?? '127.0.0.1', resolve));
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { port: (server.address() as AddressInfo).port, hits };
}

/** Run a command through exec_command to its end (polling its session with write_stdin if it outlives a yield). */
async function run(turn: Turn, cmd: string): Promise<{ output: string; callId: string }> {
  const request = call('exec_command', { cmd, yield_time_ms: 30_000, timeout_ms: 120_000 });
  let output = text(await turn.call(request));
  while (/Process running with session ID/.test(output)) {
    const session = sessionId(output);
    output = text(
      await turn.call(call('write_stdin', { session_id: session, chars: '', yield_time_ms: 30_000 })),
    );
  }
  return { output, callId: request.id };
}

/** The proxy's events in the runtime's SQLite file, read back after the runtime has closed. */
async function storedRequests(runtime: Runtime) {
  await runtime.close();
  const reader = openReader(path.join(runtime.stateDir, 'handrail.db'));
  try {
    return reader.queries.events({ types: ['sandbox/network/request'] });
  } finally {
    reader.close();
  }
}

/** A non-loopback IPv4 address of this machine, if it has one. */
function hostAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

function policed(network: NonNullable<RuntimeOptions['network']>): RuntimeOptions {
  return { sandbox: 'bwrap', network: { commands: true, ...network } };
}

describe.runIf(bwrapReady)('commands with a policed network (bwrap)', () => {
  it('reach an allowed server only through the proxy; refused requests and bypasses fail; the store has every request', async () => {
    const server = await serve((req, res) => res.end(`served ${req.url}\n`), { host: '0.0.0.0' });
    const runtime = shellRuntime(
      policed({ deny: ['blocked.example'], allowAddresses: [`127.0.0.1:${server.port}`] }),
    );
    const turn = runtime.beginTurn();
    const external = hostAddress();
    const { output, callId } = await run(
      turn,
      [
        `echo "interfaces: $(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | tr '\\n' ' ')"`,
        'echo "http_proxy=$http_proxy NO_PROXY=[$NO_PROXY]"',
        `curl -sS http://127.0.0.1:${server.port}/allowed; echo "allowed=$?"`,
        `curl -sS http://127.0.0.1:1/; echo "refused-port=$?"`,
        `curl -sS https://blocked.example/ 2>&1; echo "refused-host=$?"`,
        `curl -sS -m 5 --noproxy '*' http://127.0.0.1:${server.port}/bypass 2>&1; echo "bypass=$?"`,
        `(printf 'GET /devtcp HTTP/1.0\\r\\n\\r\\n' > /dev/tcp/127.0.0.1/${server.port}) 2>&1; echo "devtcp=$?"`,
        external
          ? `curl -sS -m 5 --noproxy '*' http://${external}:${server.port}/external 2>&1; echo "external=$?"`
          : 'echo "external=7"',
      ].join('\n'),
    );
    expect(output).toContain('interfaces: lo \n');
    expect(output).toContain('http_proxy=http://127.0.0.1:3128 NO_PROXY=[]');
    expect(output).toContain('served /allowed\nallowed=0');
    expect(output).toContain(
      `Refused: 127.0.0.1 is a loopback address; allow it with network.allowAddresses (for example "127.0.0.1:1") if this is intended.\nrefused-port=0`,
    );
    expect(output).toMatch(/CONNECT tunnel failed, response 403\nrefused-host=56/);
    expect(output).toMatch(/Failed to connect to 127\.0\.0\.1 port \d+.*\nbypass=7/);
    expect(output).toMatch(/Connection refused\ndevtcp=1/);
    expect(output).toMatch(/external=7/);
    // The server saw the proxied request and nothing else.
    expect(server.hits).toEqual(['/allowed']);

    const stored = await storedRequests(runtime);
    expect(stored.map((e) => e.callId)).toEqual([callId, callId, callId]);
    expect(stored.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        method: 'GET',
        host: '127.0.0.1',
        port: server.port,
        url: `http://127.0.0.1:${server.port}/allowed`,
        allowed: true,
        address: '127.0.0.1',
        status: 200,
        bytesUp: expect.any(Number),
        bytesDown: expect.any(Number),
      }),
      expect.objectContaining({ method: 'GET', port: 1, allowed: false, reason: 'blocked_address' }),
      expect.objectContaining({
        method: 'CONNECT',
        host: 'blocked.example',
        port: 443,
        allowed: false,
        reason: 'denied',
        message: expect.stringContaining('blocked.example is on the network deny list'),
      }),
    ]);
    expect((stored[0]!.payload.bytesDown as number) > 100).toBe(true);
  });

  it('tunnels TLS untouched: the command verifies the server’s own certificate for the name it asked for', async () => {
    const dir = tempDir('handrail-tls-');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=site.test',
        '-addext',
        'subjectAltName=DNS:site.test',
      ],
      { stdio: 'ignore' },
    );
    const names: string[] = [];
    const tls = https.createServer({
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
      SNICallback: (name, callback) => {
        names.push(name);
        callback(null, undefined);
      },
    });
    const server = await serve((_req, res) => res.end('tls ok\n'), { server: tls });
    const runtime = shellRuntime(
      policed({
        allowAddresses: [`127.0.0.1:${server.port}`],
        resolver: async (host) => (host === 'site.test' ? [{ address: '127.0.0.1', family: 4 }] : []),
      }),
    );
    writeFileSync(path.join(runtime.workspace, 'cert.pem'), readFileSync(path.join(dir, 'cert.pem')));
    chmodSync(path.join(runtime.workspace, 'cert.pem'), 0o644);
    const turn = runtime.beginTurn();
    const { output } = await run(
      turn,
      `curl -sS --cacert cert.pem https://site.test:${server.port}/; echo "tls=$?"`,
    );
    expect(output).toContain('tls ok\ntls=0');
    expect(names).toEqual(['site.test']);
    const [event] = await storedRequests(runtime);
    expect(event!.payload).toMatchObject({
      method: 'CONNECT',
      host: 'site.test',
      port: server.port,
      address: '127.0.0.1',
      allowed: true,
      protocol: 'tls',
    });
  });

  it('npm install works against a registry whose address is allowed, and is refused otherwise', async () => {
    const registry = await tinyRegistry();
    const allowed = shellRuntime(policed({ allowAddresses: [`127.0.0.1:${registry.port}`] }));
    const install = [
      `npm install --registry http://127.0.0.1:${registry.port}/ --no-audit --no-fund --no-update-notifier --loglevel=http tiny-handrail-pkg 2>&1`,
      'status=$?; echo "npm=$status"',
      `[ $status = 0 ] && node -e "console.log(require('tiny-handrail-pkg'))"`,
    ].join('\n');
    const ok = await run(allowed.beginTurn(), install);
    expect(ok.output).toMatch(/added 1 package/);
    expect(ok.output).toContain('npm=0');
    expect(ok.output).toContain('hello from tiny-handrail-pkg');
    expect(registry.hits).toEqual(['/tiny-handrail-pkg', '/tiny-handrail-pkg/-/tiny-handrail-pkg-1.0.0.tgz']);
    const allowedEvents = await storedRequests(allowed);
    expect(allowedEvents.map((e) => [e.payload.method, e.payload.allowed, e.payload.status])).toEqual([
      ['GET', true, 200],
      ['GET', true, 200],
    ]);

    registry.hits.length = 0;
    const refused = shellRuntime(policed({ allowAddresses: ['127.0.0.1:1'] }));
    const no = await run(refused.beginTurn(), install);
    expect(no.output).toMatch(/npm (error|ERR!) code E403/);
    expect(no.output).toContain(`403 Forbidden - GET http://127.0.0.1:${registry.port}/tiny-handrail-pkg`);
    expect(no.output).not.toContain('npm=0');
    expect(registry.hits).toEqual([]);
    const refusedEvents = await storedRequests(refused);
    expect(refusedEvents.length).toBeGreaterThan(0);
    expect(
      refusedEvents.every((e) => e.payload.allowed === false && e.payload.reason === 'blocked_address'),
    ).toBe(true);
  });

  it('a command that ends takes its proxy entrance with it: its socket is gone and its connection cut', async () => {
    const held: http.ServerResponse[] = [];
    const server = await serve((_req, res) => {
      res.write('partial\n');
      held.push(res);
    });
    const runtime = shellRuntime(policed({ allowAddresses: [`127.0.0.1:${server.port}`] }));
    const turn = runtime.beginTurn();
    const result = text(
      await turn.call(
        call('exec_command', {
          cmd: `dirname "$HOME"; ls -A "$(dirname "$HOME")"; curl -sS -N http://127.0.0.1:${server.port}/slow`,
          yield_time_ms: 1500,
        }),
      ),
    );
    expect(result).toContain('Process running with session ID');
    const [, runDir] = /Output:\n(\S+)\nhome\nproxy\.sock\npartial\n/.exec(result) ?? [];
    expect(runDir).toMatch(/handrail-run-/);
    expect(existsSync(path.join(runDir!, 'proxy.sock'))).toBe(true);
    const closed = new Promise<void>((resolve) => held[0]!.once('close', () => resolve()));
    await turn.end();
    await closed;
    expect(existsSync(path.join(runDir!, 'proxy.sock'))).toBe(false);
  });

  it('without network.commands, and under read_only, commands get no proxy and no network', async () => {
    const server = await serve((_req, res) => res.end('no\n'));
    const probe = `ls -a "$(dirname "$HOME")" | tr '\\n' ' '; echo; env | grep -ci proxy; curl -sS -m 5 http://127.0.0.1:${server.port}/ 2>&1; echo "curl=$?"`;
    const off = shellRuntime({ sandbox: 'bwrap', network: { allowAddresses: [`127.0.0.1:${server.port}`] } });
    const offOut = (await run(off.beginTurn(), probe)).output;
    expect(offOut).toMatch(/\. \.\. home \n0\n/);
    expect(offOut).toMatch(/curl=7/);

    // read_only runs only known read-only commands: find shows the run directory without a proxy socket.
    const readOnly = shellRuntime({
      ...policed({ allowAddresses: [`127.0.0.1:${server.port}`] }),
      profile: 'read_only',
    });
    const roOut = (await run(readOnly.beginTurn(), 'find /tmp -maxdepth 2')).output;
    expect(roOut).toMatch(/\/tmp\/handrail-run-[^/\n]+\/home\n/);
    expect(roOut).not.toContain('proxy.sock');
    expect(server.hits).toEqual([]);
    expect(await storedRequests(off)).toEqual([]);
    expect(await storedRequests(readOnly)).toEqual([]);
  });
});

describe('commands with a policed network, without a sandbox that takes the proxy', () => {
  it('says so, and sets no proxy variables', async () => {
    const runtime = shellRuntime({ sandbox: 'none', network: { commands: true } });
    const { output } = await run(runtime.beginTurn(), 'env | grep -ci proxy');
    expect(output).toContain(
      "Commands are not routed through handrail's network proxy (network.commands): the none sandbox cannot do it.",
    );
    expect(output).toMatch(/Output:\n0\n?$/);
  });

  it('refuses process.network: true together with network.commands: true', () => {
    expect(() => shellRuntime({ process: { network: true }, network: { commands: true } })).toThrow(
      /process\.network: true .* network\.commands: true .* choose one/,
    );
  });
});

/** A registry with one tiny package: its metadata and its tarball, as npm asks for them. */
async function tinyRegistry(): Promise<Server> {
  const dir = tempDir('handrail-registry-');
  const pkg = path.join(dir, 'package');
  mkdirSync(pkg);
  writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({ name: 'tiny-handrail-pkg', version: '1.0.0', main: 'index.js' }),
  );
  writeFileSync(path.join(pkg, 'index.js'), "module.exports = 'hello from tiny-handrail-pkg';\n");
  execFileSync('tar', ['-czf', path.join(dir, 'pkg.tgz'), '-C', dir, 'package']);
  const tarball = readFileSync(path.join(dir, 'pkg.tgz'));
  let port = 0;
  const server = await serve((req, res) => {
    if (req.url === '/tiny-handrail-pkg') {
      const version = {
        name: 'tiny-handrail-pkg',
        version: '1.0.0',
        main: 'index.js',
        dist: {
          tarball: `http://127.0.0.1:${port}/tiny-handrail-pkg/-/tiny-handrail-pkg-1.0.0.tgz`,
          shasum: createHash('sha1').update(tarball).digest('hex'),
          integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
        },
      };
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          name: 'tiny-handrail-pkg',
          'dist-tags': { latest: '1.0.0' },
          versions: { '1.0.0': version },
        }),
      );
    } else if (req.url === '/tiny-handrail-pkg/-/tiny-handrail-pkg-1.0.0.tgz') {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(tarball);
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  port = server.port;
  own(dir);
  return server;
}
