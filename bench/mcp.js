// MCP round trip over stdio: handrail serve's read_file against the reference filesystem server's
// read_text_file on the same file, same SDK client, measured in the same run. Both servers are real child
// processes; the figure is the client-observed latency of one tools/call.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const handrailBin = path.join(here, '..', 'dist', 'cli', 'main.js');
const referenceBin = path.join(
  here,
  'peers',
  'node_modules',
  '@modelcontextprotocol',
  'server-filesystem',
  'dist',
  'index.js',
);

function stats(samples) {
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { median: at(0.5), p95: at(0.95) };
}

async function roundTrips(label, command, args, call, iterations) {
  const transport = new StdioClientTransport({ command, args, stderr: 'ignore' });
  const client = new Client({ name: 'handrail-bench', version: '1' }, { capabilities: {} });
  await client.connect(transport);
  try {
    for (let i = 0; i < 50; i++) await client.callTool(call); // warm up both ends
    const samples = [];
    for (let i = 0; i < iterations; i++) {
      const t0 = process.hrtime.bigint();
      const result = await client.callTool(call);
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (result.isError) throw new Error(`${label}: ${JSON.stringify(result.content)}`);
    }
    return { label, ...stats(samples) };
  } finally {
    await client.close();
  }
}

export async function benchMcp({ iterations = 500 } = {}) {
  if (!existsSync(referenceBin)) {
    return { skipped: 'the reference server is not installed (npm --prefix bench/peers install)' };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-mcp-'));
  try {
    // A 200-line source-like file (~12 KB), well under both servers' output bounds.
    const lines = Array.from(
      { length: 200 },
      (_, i) => `export const value${i} = ${i}; // line ${i + 1} of the file`,
    );
    const file = path.join(dir, 'sample.ts');
    writeFileSync(file, `${lines.join('\n')}\n`);
    // Reads are allowed in every profile; --store none would flatter handrail, so the SQLite store stays on.
    const handrail = await roundTrips(
      'handrail read_file (SQLite store on)',
      process.execPath,
      [handrailBin, 'serve', '--root', dir, '--sandbox', 'none'],
      { name: 'read_file', arguments: { path: 'sample.ts' } },
      iterations,
    );
    const reference = await roundTrips(
      'server-filesystem read_text_file',
      process.execPath,
      [referenceBin, dir],
      { name: 'read_text_file', arguments: { path: file } },
      iterations,
    );
    return { handrail, reference, ratio: handrail.median / reference.median, iterations };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
