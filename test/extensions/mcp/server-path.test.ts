// A stdio server's program is looked up on a PATH without any root's folders, as commands' is: a workspace
// file must not stand in for the configured program — also under read_only, where every root is read-only.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { mcpRuntime } from '../../support/mcp.js';
import { tempDir } from '../../support/temp.js';

const hostPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = hostPath;
});

test.each(['full_access', 'read_only'] as const)(
  'under %s, a program planted in the workspace on the host PATH is not the server that starts',
  async (profile) => {
    const ws = tempDir('handrail-mcp-path-');
    const marker = path.join(tempDir('handrail-mcp-marker-'), 'planted-ran');
    mkdirSync(path.join(ws, 'node_modules/.bin'), { recursive: true });
    const planted = path.join(ws, 'node_modules/.bin/handrail-test-mcp-server');
    writeFileSync(planted, `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(planted, 0o755);
    process.env.PATH = `${path.dirname(planted)}:${hostPath}`;
    const runtime = mcpRuntime({
      workspace: ws,
      profile,
      mcpServers: { p: { command: 'handrail-test-mcp-server' } },
    });
    await runtime.ready();
    const [status] = runtime.mcpStatus();
    expect(status?.state).toBe('failed');
    expect(existsSync(marker)).toBe(false);
  },
);
