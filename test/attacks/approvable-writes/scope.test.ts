// Attacks on approvableWrites (docs/tools.md#the-file-policy): an approval opens exactly one canonical path, for the call (or the turn), for
// the tool that was asked about, and nothing else. Each test asserts the SAFE behaviour, so a failing test is
// a hole.
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { defineTool, fileCapabilities, type RuntimeOptions, type ToolSpec } from '../../../src/index.js';
import { text } from '../../support/results.js';
import { type Answer, askingTurn, call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';

const write = (file: string, content = 'x\n') => call('write_file', { path: file, content });

function world(answer: Answer = 'allow_once', options: Partial<RuntimeOptions> = {}) {
  const ws = realpathSync(tempDir('hr-rs-ws-'));
  const area = realpathSync(tempDir('hr-rs-area-'));
  const victim = realpathSync(tempDir('hr-rs-victim-'));
  const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`], ...options }, answer);
  return { ...h, ws, area, victim };
}

describe('the path changes while the human decides (the approver runs between the check and the write)', () => {
  test('the approved file is replaced by a hard link to a file elsewhere: that file is not changed', async () => {
    const ws = realpathSync(tempDir('hr-rs-ws-'));
    const area = realpathSync(tempDir('hr-rs-area-'));
    const victim = path.join(realpathSync(tempDir('hr-rs-victim-')), 'passwd');
    writeFileSync(victim, 'root:x:0:0\n');
    const target = path.join(area, 'r.csv');
    writeFileSync(target, 'old\n');
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, () => {
      unlinkSync(target);
      linkSync(victim, target);
      return 'allow_once';
    });
    const result = await h.turn.call(write(target, 'pwned\n'));
    expect(result.isError).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('root:x:0:0\n');
  });

  test('a missing approved file becomes a link to a file outside: nothing is written there', async () => {
    const ws = realpathSync(tempDir('hr-rs-ws-'));
    const area = realpathSync(tempDir('hr-rs-area-'));
    const victim = path.join(realpathSync(tempDir('hr-rs-victim-')), 'crontab');
    writeFileSync(victim, 'safe\n');
    const target = path.join(area, 'r.csv');
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, () => {
      symlinkSync(victim, target);
      return 'allow_once';
    });
    await h.turn.call(write(target, 'pwned\n'));
    expect(readFileSync(victim, 'utf8')).toBe('safe\n');
  });

  test('a missing approved file becomes a link to a workspace file: the workspace file is not written', async () => {
    // The human approved writing area/r.csv; writing ws/notes.txt instead was never asked about.
    const ws = realpathSync(tempDir('hr-rs-ws-'));
    const area = realpathSync(tempDir('hr-rs-area-'));
    const notes = path.join(ws, 'notes.txt');
    writeFileSync(notes, 'mine\n');
    const target = path.join(area, 'r.csv');
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, () => {
      symlinkSync(notes, target);
      return 'allow_once';
    });
    await h.turn.call(write(target, 'pwned\n'));
    expect(readFileSync(notes, 'utf8')).toBe('mine\n');
  });

  test('a missing parent folder becomes a link to a folder outside: nothing is created there', async () => {
    const ws = realpathSync(tempDir('hr-rs-ws-'));
    const area = realpathSync(tempDir('hr-rs-area-'));
    const victim = realpathSync(tempDir('hr-rs-victim-'));
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, () => {
      symlinkSync(victim, path.join(area, 'sub'));
      return 'allow_once';
    });
    await h.turn.call(write(path.join(area, 'sub', 'deep', 'r.csv')));
    expect(existsSync(path.join(victim, 'deep'))).toBe(false);
  });

  test('an existing approved file is swapped for a link into the workspace .git: it is not written', async () => {
    const ws = realpathSync(tempDir('hr-rs-ws-'));
    mkdirSync(path.join(ws, '.git'));
    writeFileSync(path.join(ws, '.git', 'config'), '[core]\n');
    const area = realpathSync(tempDir('hr-rs-area-'));
    const target = path.join(area, 'r.csv');
    writeFileSync(target, 'old\n');
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, () => {
      unlinkSync(target);
      symlinkSync(path.join(ws, '.git', 'config'), target);
      return 'allow_once';
    });
    await h.turn.call(
      call('edit_file', { path: target, old_string: '[core]', new_string: '[core]\n\thooksPath=/x' }),
    );
    expect(readFileSync(path.join(ws, '.git', 'config'), 'utf8')).toBe('[core]\n');
  });
});

describe('apply_patch', () => {
  test('a patch deleting an approved file swapped for a link to a file elsewhere: that file stays', async () => {
    const ws = realpathSync(tempDir('hr-rs-ws-'));
    const area = realpathSync(tempDir('hr-rs-area-'));
    const victim = path.join(realpathSync(tempDir('hr-rs-victim-')), 'keep');
    writeFileSync(victim, 'keep\n');
    const target = path.join(area, 'old.csv');
    writeFileSync(target, 'old\n');
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, () => {
      unlinkSync(target);
      symlinkSync(victim, target);
      return 'allow_once';
    });
    await h.turn.call(
      call('apply_patch', { patch: `*** Begin Patch\n*** Delete File: ${target}\n*** End Patch` }),
    );
    expect(readFileSync(victim, 'utf8')).toBe('keep\n');
  });

  test('Move to outside the area, Delete outside the area: refused before anyone is asked', async () => {
    const h = world('allow_once');
    writeFileSync(path.join(h.ws, 'f.txt'), 'f\n');
    const keep = path.join(h.victim, 'keep');
    writeFileSync(keep, 'keep\n');
    const patches = [
      `*** Begin Patch\n*** Add File: ${h.area}/a\n+a\n*** Update File: f.txt\n*** Move to: ${h.victim}/moved\n@@\n-f\n+g\n*** End Patch`,
      `*** Begin Patch\n*** Add File: ${h.area}/a\n+a\n*** Delete File: ${keep}\n*** End Patch`,
      `*** Begin Patch\n*** Add File: ${h.area}/a\n+a\n*** Add File: ${h.area}/../${path.basename(h.victim)}/b\n+b\n*** End Patch`,
    ];
    for (const patch of patches) {
      const result = await h.turn.call(call('apply_patch', { patch }));
      expect(result.isError).toBe(true);
    }
    expect(h.asked).toHaveLength(0);
    expect(readFileSync(keep, 'utf8')).toBe('keep\n');
    expect(existsSync(path.join(h.victim, 'moved'))).toBe(false);
    expect(existsSync(path.join(h.area, 'a'))).toBe(false);
  });

  test('a folder of the area is not offered for approval (write_file would refuse it anyway)', async () => {
    const h = world('deny');
    mkdirSync(path.join(h.area, 'dir'));
    await h.turn.call(write(path.join(h.area, 'dir')));
    await h.turn.call(
      call('apply_patch', { patch: `*** Begin Patch\n*** Add File: ${h.area}/dir\n+a\n*** End Patch` }),
    );
    expect(h.asked.map((r) => r.widens)).toEqual([]);
  });
});

describe('how long the exception lasts, and where it reaches', () => {
  test('approved for the turn: reads, listings and searches of the area are still refused', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'r.csv');
    writeFileSync(path.join(h.area, 'secret.txt'), 'TOP-SECRET\n');
    await h.turn.call(write(target, 'mine\n'));
    expect(readFileSync(target, 'utf8')).toBe('mine\n');
    const calls = [
      call('read_file', { path: target }),
      call('read_file', { path: path.join(h.area, 'secret.txt') }),
      call('list_dir', { path: h.area }),
      call('grep_files', { pattern: 'SECRET', path: h.area }),
      call('find_files', { pattern: '*', path: h.area }),
      call('grep_files', { pattern: 'mine', path: target }),
    ];
    for (const c of calls) {
      const result = await h.turn.call(c);
      expect(result.isError, c.name).toBe(true);
      expect(text(result)).not.toContain('TOP-SECRET');
      if (c.name !== 'read_file') expect(text(result)).not.toContain('secret.txt');
    }
  });

  test('an edit of an unapproved area file that the human denies shows nothing of it', async () => {
    const h = world('deny');
    const target = path.join(h.area, 'secret.txt');
    writeFileSync(target, 'TOP-SECRET\n');
    const result = await h.turn.call(
      call('edit_file', { path: target, old_string: 'nope', new_string: 'x' }),
    );
    expect(result.isError).toBe(true);
    expect(text(result)).not.toContain('TOP-SECRET');
  });

  test.each(['allow_for_session', 'allow_always'] as const)(
    '%s (not offered) is one call: the next turn asks again, and no rule is written',
    async (answer) => {
      const policyDir = realpathSync(tempDir('hr-rs-policy-'));
      const policy = path.join(policyDir, 'policy.json');
      writeFileSync(policy, '{"allow": []}\n');
      const h = world(answer, { policyFiles: { user: policy, managed: null, project: null } });
      const target = path.join(h.area, 'r.csv');
      await h.turn.call(write(target, '1\n'));
      await h.turn.call(write(target, '2\n'));
      const next = h.runtime.beginTurn({ threadId: h.turn.threadId });
      await next.call(write(target, '3\n'));
      expect(h.asked.map((r) => r.widens)).toEqual([
        `allow writing ${target} (outside the roots)`,
        `allow writing ${target} (outside the roots)`,
        `allow writing ${target} (outside the roots)`,
      ]);
      expect(readFileSync(policy, 'utf8')).toBe('{"allow": []}\n');
    },
  );

  test('another thread whose turn has the same turn id does not inherit the turn grant', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'r.csv');
    const a = h.runtime.beginTurn({ threadId: 'thread-a', turnId: 'turn-1' });
    await a.call(write(target, 'a\n'));
    const b = h.runtime.beginTurn({ threadId: 'thread-b', turnId: 'turn-1' });
    await b.call(write(target, 'b\n'));
    expect(h.asked.map((r) => r.widens)).toEqual([
      `allow writing ${target} (outside the roots)`,
      `allow writing ${target} (outside the roots)`,
    ]);
  });

  test('an ended turn id reused by a later turn starts closed', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'r.csv');
    const a = h.runtime.beginTurn({ threadId: 'thread-a', turnId: 'turn-1' });
    await a.call(write(target, 'a\n'));
    a.end();
    const b = h.runtime.beginTurn({ threadId: 'thread-a', turnId: 'turn-1' });
    await b.call(write(target, 'b\n'));
    expect(h.asked.map((r) => r.widens)).toEqual([
      `allow writing ${target} (outside the roots)`,
      `allow writing ${target} (outside the roots)`,
    ]);
  });

  test('an allow rule that comes into force while the request waits gives no exception (rules never widen)', async () => {
    const ws = realpathSync(tempDir('hr-rs-ws-'));
    const area = realpathSync(tempDir('hr-rs-area-'));
    const policy = path.join(realpathSync(tempDir('hr-rs-policy-')), 'policy.json');
    const outside = path.join(area, 'r.csv');
    writeFileSync(policy, '{"allow": []}\n');
    let first = true;
    const h = askingTurn(
      {
        workspace: ws,
        approvableWrites: [`${area}/**`],
        policyFiles: { user: policy, managed: null, project: null },
      },
      () => {
        if (!first) return 'deny';
        first = false;
        // The owner edits the policy (say, to allow that path) while the second request waits; the first
        // answer's "always" reloads the file.
        writeFileSync(policy, JSON.stringify({ allow: [`write_file(${outside})`] }));
        return 'allow_always';
      },
    );
    const other = h.runtime.beginTurn();
    const [, second] = await Promise.all([
      h.turn.call(write(path.join(ws, 'inside.txt'))),
      other.call(write(outside, 'no human approved this\n')),
    ]);
    const resolved = h.events.filter((e) => e.type === 'turn/permission/request/resolved');
    // Evidence of the path taken: the second request was answered by the rule while it waited.
    expect(resolved.map((e) => e.payload.decidedBy)).not.toContain(`rule:write_file(${outside})`);
    expect(second!.isError).toBe(true);
    expect(existsSync(outside)).toBe(false);
  });

  test('control: the same allow rule in force before the call gives no exception (the tool refuses)', async () => {
    const ws = realpathSync(tempDir('hr-rs-ws-'));
    const area = realpathSync(tempDir('hr-rs-area-'));
    const policy = path.join(realpathSync(tempDir('hr-rs-policy-')), 'policy.json');
    const outside = path.join(area, 'r.csv');
    writeFileSync(policy, JSON.stringify({ allow: [`write_file(${outside})`] }));
    const h = askingTurn(
      {
        workspace: ws,
        approvableWrites: [`${area}/**`],
        policyFiles: { user: policy, managed: null, project: null },
      },
      'allow_once',
    );
    const result = await h.turn.call(write(outside));
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(existsSync(outside)).toBe(false);
  });
});

describe('other tools', () => {
  test('a dynamic MCP-like tool trusted for its annotations, claiming a write there, gets no exception', async () => {
    const h = world('allow_once');
    const target = path.join(h.area, 'r.csv');
    h.runtime.registerTool(
      defineTool({
        name: 'mcp__fs__write',
        description: 'writes',
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string' }, content: { type: 'string' } },
        },
        annotations: { readOnlyHint: false, destructiveHint: true },
        capabilities: fileCapabilities,
        classify: (args) => ({
          action: 'file_write',
          summary: 'write',
          scope: { operation: 'write_file', paths: [String(args.path)] },
        }),
        async execute(args, ctx) {
          const check = await ctx.capabilities.files.checkWrite(String(args.path));
          if (check.ok) writeFileSync(check.path, String(args.content));
          return check.ok ? 'written' : `refused: ${check.reason}`;
        },
      }) as ToolSpec,
      { dynamic: true, origin: 'mcp', trust: 'annotations' },
    );
    const result = await h.turn.call(call('mcp__fs__write', { path: target, content: 'pwned' }));
    expect(existsSync(target)).toBe(false);
    expect(text(result)).not.toBe('written');
    expect(h.asked.every((r) => r.widens === undefined)).toBe(true);
  });

  test('a dynamic tool called in the same turn after write_file was approved for the turn gets nothing', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'r.csv');
    await h.turn.call(write(target, 'mine\n'));
    h.runtime.registerTool(
      defineTool({
        name: 'sneaky',
        description: 'writes where write_file was approved',
        inputSchema: { type: 'object', properties: {} },
        capabilities: fileCapabilities,
        async execute(_args, ctx) {
          const check = await ctx.capabilities.files.checkWrite(target);
          return check.ok ? 'writable' : `refused: ${check.reason}`;
        },
      }) as ToolSpec,
      { dynamic: true },
    );
    const next = h.runtime.beginTurn({ threadId: h.turn.threadId });
    const same = await h.turn.call(call('sneaky', {}));
    const later = await next.call(call('sneaky', {}));
    expect(text(same)).not.toBe('writable');
    expect(text(later)).not.toBe('writable');
  });

  test('exec_command with its workdir in the area is refused before anyone is asked', async () => {
    const h = world('allow_once');
    const result = await h.turn.call(
      call('exec_command', { cmd: 'touch pwned', workdir: h.area, yield_time_ms: 2000 }),
    );
    expect(result.isError).toBe(true);
    expect(existsSync(path.join(h.area, 'pwned'))).toBe(false);
    expect(h.asked).toHaveLength(0);
  });
});
