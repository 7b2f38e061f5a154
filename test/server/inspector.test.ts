// An independent client: the MCP Inspector's CLI mode lists and calls handrail's tools over stdio.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliBin, repoRoot } from '../support/repo.js';
import { built, notBuilt, tempWorkspace } from './helpers.js';

const inspector = path.join(
  repoRoot,
  'node_modules',
  '@modelcontextprotocol',
  'inspector',
  'cli',
  'build',
  'cli.js',
);
const ready = built && existsSync(inspector);

function inspect(dir: string, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    [inspector, '--cli', process.execPath, cliBin, 'serve', '--root', dir, '--sandbox', 'none', ...args],
    { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: dir } },
  );
  if (run.status !== 0) throw new Error(`inspector failed (${run.status}): ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe.skipIf(!ready)(
  `MCP Inspector CLI against handrail serve${ready ? '' : ` — ${built ? 'the inspector is not installed' : notBuilt}`}`,
  () => {
    it('lists the tools', () => {
      const ws = tempWorkspace({});
      const listed = inspect(ws, '--method', 'tools/list') as { tools: Array<{ name: string }> };
      expect(listed.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_file', 'exec_command']));
    });

    it('calls read_file, and a denied exec_command comes back as isError', () => {
      const ws = tempWorkspace({ 'hello.txt': 'hello from the inspector\n' });
      const read = inspect(
        ws,
        '--method',
        'tools/call',
        '--tool-name',
        'read_file',
        '--tool-arg',
        'path=hello.txt',
      );
      expect(read).toMatchObject({ isError: false });
      expect(JSON.stringify(read)).toContain('hello from the inspector');
      const denied = inspect(
        ws,
        '--method',
        'tools/call',
        '--tool-name',
        'exec_command',
        '--tool-arg',
        'cmd=rm -rf hello.txt',
      );
      expect(denied).toMatchObject({ isError: true });
      expect(existsSync(path.join(ws, 'hello.txt'))).toBe(true);
    });
  },
);
