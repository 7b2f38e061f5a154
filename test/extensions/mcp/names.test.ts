// Tool names: mcp__<server>__<tool>, valid for every provider, at most 64 characters, never a name in use.
import { describe, expect, test } from 'vitest';
import { TOOL_NAME_PATTERN } from '../../../src/core/index.js';
import { mcpToolName, serverNameProblem, ToolNames, toolPrefix } from '../../../src/extensions/mcp/names.js';

const none = () => false;

describe('mcpToolName', () => {
  test('a plain tool keeps its name behind the server prefix', () => {
    expect(mcpToolName('everything', 'get-sum', none)).toBe('mcp__everything__get-sum');
  });

  test('characters providers refuse become "_", and the name carries a hash of the original', () => {
    const name = mcpToolName('fs', 'read.file/v2 beta', none);
    expect(name).toMatch(/^mcp__fs__read_file_v2_beta_[0-9a-f]{6}$/);
    expect(name).toMatch(TOOL_NAME_PATTERN);
    // Another tool that would sanitize to the same text gets another name.
    expect(mcpToolName('fs', 'read_file/v2 beta', none)).not.toBe(name);
  });

  test('a long name is cut to 64 characters with a hash, so two long names sharing a start stay apart', () => {
    const long = 'x'.repeat(80);
    const a = mcpToolName('server', `${long}a`, none);
    const b = mcpToolName('server', `${long}b`, none);
    for (const name of [a, b]) {
      expect(name.length).toBe(64);
      expect(name).toMatch(TOOL_NAME_PATTERN);
      expect(name.startsWith('mcp__server__xxx')).toBe(true);
    }
    expect(a).not.toBe(b);
  });

  test('names are stable: the same tool gets the same name every time', () => {
    const long = 'y'.repeat(70);
    expect(mcpToolName('s', long, none)).toBe(mcpToolName('s', long, none));
  });

  test('a name in use is never given: the tool gets a hash suffix, and another if that is taken too', () => {
    const taken = new Set(['mcp__s__echo']);
    const first = mcpToolName('s', 'echo', (n) => taken.has(n));
    expect(first).toMatch(/^mcp__s__echo_[0-9a-f]{6}$/);
    taken.add(first);
    const second = mcpToolName('s', 'echo', (n) => taken.has(n));
    expect(second).toMatch(/^mcp__s__echo_[0-9a-f]{6}$/);
    expect(second).not.toBe(first);
  });
});

describe('ToolNames', () => {
  test('keeps a tool its name across listings and keeps tools of one server apart from each other', () => {
    const registered = new Set<string>();
    const names = new ToolNames('s', (n) => registered.has(n));
    const long = 'z'.repeat(70);
    const a = names.nameFor(`${long}1`);
    registered.add(a);
    expect(names.nameFor(`${long}1`)).toBe(a);
    const b = names.nameFor(`${long}2`);
    expect(b).not.toBe(a);
  });

  test('a released tool frees its name', () => {
    const names = new ToolNames('s', () => false);
    const a = names.nameFor('echo');
    names.release('echo');
    expect(names.nameFor('echo')).toBe(a);
  });
});

describe('serverNameProblem', () => {
  test('accepts letters, digits, "_" and "-"', () => {
    expect(serverNameProblem('my-server_2')).toBeUndefined();
  });

  test.each([
    ['my server', 'only letters'],
    ['a__b', 'must not contain "__"'],
    ['fs_', 'must not start or end with "_"'],
    ['_fs', 'must not start or end with "_"'],
    ['_', 'must not start or end with "_"'],
    ['', 'only letters'],
    ['s'.repeat(40), 'too long'],
  ])('refuses %j', (name, words) => {
    expect(serverNameProblem(name)).toContain(words);
  });

  test('no tool name of one accepted server starts with another accepted server’s prefix', () => {
    const servers = ['a', 'a_b', 'a-', 'fs', 'fs-x', 'b_c_d', 'x'.repeat(32), '_a', 'a_', 'a__b'].filter(
      (name) => serverNameProblem(name) === undefined,
    );
    expect(servers).toEqual(['a', 'a_b', 'a-', 'fs', 'fs-x', 'b_c_d', 'x'.repeat(32)]);
    const tools = ['x', '_x', '__x', '_b__x', 'b', '-', '_', 'y'.repeat(80), 'a b'];
    const owner = new Map<string, string>();
    for (const server of servers) {
      for (const tool of tools) {
        const name = mcpToolName(server, tool, none);
        // Rules written for another server (`mcp__<other>__*`, `mcp__<other>`) never cover this name.
        for (const other of servers) {
          expect(name.startsWith(toolPrefix(other)), `${name} under ${other}`).toBe(other === server);
        }
        expect(owner.get(name), name).toBeUndefined();
        owner.set(name, server);
      }
    }
  });
});
