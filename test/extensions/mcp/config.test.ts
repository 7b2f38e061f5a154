// Server configurations are checked when the runtime is created: every problem named, nothing started.
import { describe, expect, test } from 'vitest';
import { createRuntime } from '../../../src/extensions/index.js';
import { mcpServersProblems } from '../../../src/extensions/mcp/index.js';
import { tempDir } from '../../support/temp.js';

describe('createRuntime({ mcpServers })', () => {
  test('throws a RangeError naming each bad server and what is wrong with it', () => {
    const make = () =>
      createRuntime({
        workspace: tempDir(),
        store: false,
        mcpServers: {
          'bad name': { command: 'node' },
          a__b: { command: 'node' },
          both: { command: 'node', url: 'http://x' } as never,
          neither: {} as never,
          ftp: { url: 'ftp://example.com/mcp' },
          slow: { command: 'node', timeoutMs: -1 },
        },
      });
    expect(make).toThrow(RangeError);
    let message = '';
    try {
      make();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid handrail mcpServers: /);
    for (const words of [
      'server name "bad name" must use only letters',
      'server name "a__b" must not contain "__"',
      'mcpServers.both: has both "command" and "url"',
      'mcpServers.neither: needs a "command"',
      'mcpServers.ftp: "url" must be http or https (got ftp)',
      'mcpServers.slow: "timeoutMs" must be a positive number',
    ]) {
      expect(message).toContain(words);
    }
  });

  test('a runtime without servers reports none', async () => {
    const runtime = createRuntime({ workspace: tempDir(), store: false });
    await runtime.ready();
    expect(runtime.mcpStatus()).toEqual([]);
    await runtime.close();
  });
});

describe('mcpServersProblems', () => {
  test('accepts the shapes clients use, and names unknown keys and wrong types', () => {
    expect(
      mcpServersProblems({
        fs: {
          command: 'npx',
          args: ['-y', 'server'],
          env: { TOKEN: 'x' },
          cwd: 'sub',
          lazy: true,
          trust: 'annotations',
        },
        web: { url: 'https://example.com/mcp', headers: { authorization: 'Bearer x' }, timeoutMs: 5000 },
      }),
    ).toEqual([]);
    expect(mcpServersProblems({ s: { command: 'x', arg: ['a'] } })).toEqual([
      'mcpServers.s: unknown key "arg" for a stdio server (known: trust, lazy, timeoutMs, disabled, command, args, env, cwd)',
    ]);
    expect(mcpServersProblems({ s: { command: 'x', env: { A: 1 } } })).toEqual([
      'mcpServers.s: "env" must map variable names to string values',
    ]);
    expect(mcpServersProblems({ s: { url: 'https://user:pw@example.com/' } })).toEqual([
      'mcpServers.s: "url" must not carry a user name or password; use "headers"',
    ]);
    expect(mcpServersProblems([])).toEqual([
      'mcpServers must be an object mapping server names to configurations',
    ]);
  });
});
