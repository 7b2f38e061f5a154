// The policed command network from the command line: a configuration file turns it on, and the built
// `handrail call exec_command` reaches an allowed local server through handrail's proxy and nothing else.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliBin } from '../support/repo.js';
import { bwrapReady } from '../support/sandbox.js';
import { tempDir } from '../support/temp.js';

const run = promisify(execFile);
let server: Server;
let port = 0;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    res.end('hello through the proxy\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(ws: string, config: unknown, cmd: string) {
  const file = path.join(ws, 'handrail.config.json');
  writeFileSync(file, JSON.stringify(config));
  const { stdout } = await run(
    process.execPath,
    [
      cliBin,
      'call',
      'exec_command',
      JSON.stringify({ cmd }),
      '--config',
      file,
      '--root',
      ws,
      '--profile',
      'full_access',
    ],
    { env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return stdout;
}

describe.runIf(bwrapReady)('handrail call with network.commands policed', () => {
  test('curl reaches an allowed address through the proxy; without the setting it reaches nothing', async () => {
    const ws = tempDir('handrail-cli-proxy-');
    const curl = `curl -sS --max-time 10 http://127.0.0.1:${port}/from-cli; echo " curl=$?"`;
    const policed = await call(
      ws,
      { network: { commands: 'policed', allowAddresses: [`127.0.0.1:${port}`] } },
      curl,
    );
    expect(policed).toContain('hello through the proxy');
    expect(policed).toContain('curl=0');
    const closed = await call(ws, { network: { allowAddresses: [`127.0.0.1:${port}`] } }, curl);
    expect(closed).not.toContain('hello through the proxy');
    expect(closed).not.toContain('curl=0');
    expect(paths).toEqual(['/from-cli']);
  });
});
