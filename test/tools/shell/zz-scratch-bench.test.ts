import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { it } from 'vitest';
import { CommandProxy, NetworkPolicy, resolveNetworkConfig } from '../../../src/sandbox/network/index.js';
import { text } from '../../support/results.js';
import { call, makeRuntime } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';
import { onCleanup } from '../../support/cleanup.js';
import { shellRuntime } from './helpers.js';
import { shellTools } from '../../../src/index.js';

const N = 200;
function median(xs: number[]) { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; }
function p90(xs: number[]) { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length * 0.9)]!; }

function rawGet(opts: { path?: string; port?: number }, line: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const c = opts.path ? net.connect({ path: opts.path }) : net.connect({ port: opts.port!, host: '127.0.0.1' });
    c.on('connect', () => c.write(line));
    c.on('data', () => {});
    c.on('error', reject);
    c.on('close', () => resolve(performance.now() - t));
  });
}

it('bench', async () => {
  const server = http.createServer((_q, r) => r.end('x'.repeat(1000)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  onCleanup(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));
  const port = (server.address() as AddressInfo).port;
  const proxy = new CommandProxy(new NetworkPolicy(resolveNetworkConfig({ allowAddresses: [`127.0.0.1:${port}`] })));
  onCleanup(() => proxy.close());
  const sock = path.join(tempDir(), 'p.sock');
  await proxy.listen(sock, () => {});
  const direct: number[] = []; const viaProxy: number[] = [];
  for (let i = 0; i < 20; i++) { await rawGet({ port }, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'); await rawGet({ path: sock }, `GET http://127.0.0.1:${port}/ HTTP/1.1\r\nHost: x\r\n\r\n`); }
  for (let i = 0; i < N; i++) {
    direct.push(await rawGet({ port }, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    viaProxy.push(await rawGet({ path: sock }, `GET http://127.0.0.1:${port}/ HTTP/1.1\r\nHost: x\r\n\r\n`));
  }
  console.log(`host-level: direct median ${median(direct).toFixed(3)} ms p90 ${p90(direct).toFixed(3)}; via proxy median ${median(viaProxy).toFixed(3)} ms p90 ${p90(viaProxy).toFixed(3)}`);

  // in-sandbox curl through bridge+proxy vs host curl direct, 50 requests per curl invocation
  const urls = Array.from({ length: 50 }, () => `http://127.0.0.1:${port}/`);
  const fmt = `-w '%{time_total}\\n'`;
  const hostOut = execFileSync('bash', ['-c', `curl -s -o /dev/null -H 'Connection: close' ${fmt} ${urls.join(' ')}`]).toString();
  const hostTimes = hostOut.trim().split('\n').map((x) => Number(x) * 1000);
  const rt = shellRuntime({ sandbox: 'bwrap', network: { commands: true, allowAddresses: [`127.0.0.1:${port}`] } });
  const turn = rt.beginTurn();
  const res = text(await turn.call(call('exec_command', { cmd: `curl -s -o /dev/null ${fmt} ${urls.join(' ')}`, yield_time_ms: 30000 })));
  const sbTimes = res.split('Output:\n')[1]!.trim().split('\n').map((x) => Number(x) * 1000);
  console.log(`curl x50: host direct median ${median(hostTimes).toFixed(3)} ms; sandbox via bridge+proxy median ${median(sbTimes).toFixed(3)} ms p90 ${p90(sbTimes).toFixed(3)}`);

  // per-command overhead: `true` with and without the proxy
  const off = shellRuntime({ sandbox: 'bwrap' }).beginTurn();
  const on = shellRuntime({ sandbox: 'bwrap', network: { commands: true } }).beginTurn();
  const wall = async (t: typeof on) => { const s = performance.now(); await t.call(call('exec_command', { cmd: 'true' })); return performance.now() - s; };
  await wall(off); await wall(on);
  const offT: number[] = []; const onT: number[] = [];
  for (let i = 0; i < 10; i++) { offT.push(await wall(off)); onT.push(await wall(on)); }
  console.log(`exec_command true: without proxy median ${median(offT).toFixed(0)} ms; with proxy median ${median(onT).toFixed(0)} ms`);
  // bridge RSS
  const rss = text(await on.call(call('exec_command', { cmd: `grep VmRSS /proc/$(pgrep -f handrail-proxy-bridge -n 2>/dev/null || pgrep -n node)/status; ps -o pid,rss,args -e | grep -c node` })));
  console.log(rss);
  // tty session through the proxy
  const tty = text(await on.call(call('exec_command', { cmd: `curl -s http://127.0.0.1:${port}/ | head -c 5; echo; echo tty-ok`, tty: true })));
  console.log(tty);
  // root-owned workspace (mapped-root identity)
  const mr = makeRuntime({ tools: shellTools(), sandbox: 'bwrap', network: { commands: true, allowAddresses: [`127.0.0.1:${port}`] }, approver: () => ({ decision: 'allow_once' }) }).beginTurn();
  console.log(text(await mr.call(call('exec_command', { cmd: `id -u; curl -s http://127.0.0.1:${port}/ | head -c 5; echo mapped-ok` }))));
}, 120000);
