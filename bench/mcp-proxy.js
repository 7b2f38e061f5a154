// The overhead of a proxied MCP call over a direct one, to the same upstream server in the same run: an SDK
// client calling server-everything's `echo` over stdio (direct), against the same call made through a
// handrail runtime (`mcp__everything__echo` by turn.call: pipeline, policy, projection, then the SDK client
// handrail holds) with the `none` sandbox and with bwrap, and through `handrail serve --mcp-config` (an SDK
// client → handrail's MCP server → the upstream server). The variants run in interleaved blocks, so a slow
// patch of a shared machine lands on all of them alike. Goal: proxied ≤ 1.5× direct (median).
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
// The MCP-aware createRuntime, through the extensions' front door (core's, with mcpServers and mcpStatus).
import { createRuntime } from '../dist/extensions/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const handrailBin = path.join(here, '..', 'dist', 'cli', 'main.js');
const require = createRequire(import.meta.url);
const everythingBin = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);
const upstream = { command: process.execPath, args: [everythingBin, 'stdio'] };
const ECHO = 'mcp__everything__echo';

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
}

/** An SDK client on a stdio server; `callTool` throws on an error result. */
async function sdkVariant(label, command, args, tool) {
  const transport = new StdioClientTransport({ command, args, stderr: 'ignore' });
  const client = new Client({ name: 'handrail-bench', version: '1' }, { capabilities: {} });
  await client.connect(transport);
  let n = 0;
  return {
    label,
    async once() {
      const result = await client.callTool({ name: tool, arguments: { message: `ping ${++n}` } });
      if (result.isError) throw new Error(`${label}: ${JSON.stringify(result.content)}`);
    },
    close: () => client.close(),
  };
}

/** A handrail runtime holding the upstream server; calls go through turn.call, a fresh turn per block. */
async function runtimeVariant(label, sandbox, workspace) {
  const runtime = createRuntime({
    workspace,
    mcpServers: { everything: upstream },
    profile: 'full_access',
    rateLimits: false,
    sandbox,
    store: false,
  });
  await runtime.ready();
  if (!runtime.describeTools().some((tool) => tool.name === ECHO)) {
    const status = runtime.mcpStatus?.().find((s) => s.name === 'everything');
    await runtime.close();
    if (!status) throw new Error('this build of handrail has no MCP client (npm run build)');
    throw new Error(`the server did not start: ${status.state}${status.reason ? ` (${status.reason})` : ''}`);
  }
  let turn = runtime.beginTurn();
  let n = 0;
  return {
    label,
    async once() {
      const result = await turn.call({ id: `b${++n}`, name: ECHO, arguments: { message: `ping ${n}` } });
      if (result.isError) throw new Error(`${label}: ${result.content[0]?.text}`);
    },
    async newBlock() {
      await turn.end();
      turn = runtime.beginTurn();
    },
    async close() {
      await turn.end();
      await runtime.close();
    },
  };
}

/** `handrail serve --mcp-config` fronting the upstream server, called by an SDK client under its own name. */
async function gatewayVariant(label, dir) {
  if (!existsSync(handrailBin)) throw new Error('dist/ is not built (npm run build)');
  const config = path.join(dir, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { everything: upstream } }));
  // The SQLite store stays on: the audit trail is what the gateway is for.
  const args = [handrailBin, 'serve', '--root', dir, '--mcp-config', config, '--sandbox', 'none'];
  return sdkVariant(label, process.execPath, [...args, '--profile', 'full_access'], ECHO);
}

async function tryVariant(make) {
  try {
    return await make();
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

export async function benchMcpProxy({ iterations = 400, block = 50, warmup = 50 } = {}) {
  if (!existsSync(everythingBin))
    return { skipped: '@modelcontextprotocol/server-everything is not installed' };
  const dirs = [];
  const workspace = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-mcp-proxy-'));
    // As root, sandboxed commands run as the workspace owner: give it one, as a deployment would.
    if (process.geteuid?.() === 0) chownSync(dir, 4242, 4242);
    dirs.push(dir);
    return dir;
  };
  const variants = {
    direct: await tryVariant(() =>
      sdkVariant('SDK client → server (direct)', upstream.command, upstream.args, 'echo'),
    ),
    none: await tryVariant(() => runtimeVariant('runtime turn.call, sandbox none', 'none', workspace())),
    bwrap: await tryVariant(() => runtimeVariant('runtime turn.call, sandbox bwrap', 'bwrap', workspace())),
    gateway: await tryVariant(() => gatewayVariant('SDK client → handrail serve → server', workspace())),
  };
  const started = Object.values(variants).filter((v) => !('unavailable' in v));
  const failed = new Map();
  // A variant that fails mid-run is reported as such; the others go on.
  const attempt = async (v, run) => {
    if (failed.has(v)) return;
    try {
      await run();
    } catch (error) {
      failed.set(v, error instanceof Error ? error.message.split('\n')[0] : String(error));
    }
  };
  try {
    if ('unavailable' in variants.direct)
      throw new Error(`direct calls failed: ${variants.direct.unavailable}`);
    for (const v of started)
      await attempt(v, async () => {
        for (let i = 0; i < warmup; i++) await v.once();
      });
    const samples = new Map(started.map((v) => [v, []]));
    for (let done = 0; done < iterations; done += block) {
      for (const v of started) {
        await attempt(v, async () => {
          await v.newBlock?.();
          for (let i = 0; i < block; i++) {
            const t0 = process.hrtime.bigint();
            await v.once();
            samples.get(v).push(Number(process.hrtime.bigint() - t0) / 1e6);
          }
        });
      }
    }
    if (failed.has(variants.direct)) throw new Error(`direct calls failed: ${failed.get(variants.direct)}`);
    const direct = stats(samples.get(variants.direct));
    const figures = {};
    for (const [key, v] of Object.entries(variants)) {
      if ('unavailable' in v) figures[key] = v;
      else if (failed.has(v)) figures[key] = { unavailable: `failed during the run: ${failed.get(v)}` };
      else {
        const s = stats(samples.get(v));
        figures[key] = {
          label: v.label,
          ...s,
          ratio: s.median / direct.median,
          p95Ratio: s.p95 / direct.p95,
        };
      }
    }
    return { iterations, goal: 1.5, ...figures };
  } finally {
    for (const v of started) await v.close().catch(() => {});
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchMcpProxy(), null, 2));
}
