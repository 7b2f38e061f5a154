// Point 3 of the trust model, the second refusal a human may lift: a write outside the roots to a path the
// owner marked approvable (`approvableWrites`). The request says exactly what approving widens, approving
// opens exactly that canonical path for the call or the turn, and nothing else becomes writable: not the
// path's neighbours, not the next turn, not another tool, not a command.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmdirSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  builtinTools,
  createRuntime,
  defineTool,
  fileCapabilities,
  type RuntimeOptions,
  type ToolSpec,
} from '../../src/index.js';
import { restrictedNetworkWithFilesHost } from '../sandbox/network/helpers.js';
import { text } from '../support/results.js';
import { type Answer, askingTurn, call } from '../support/runtime.js';
import { tempDir } from '../support/temp.js';
import { isRoot, REAL_USER } from '../support/users.js';

function world(answer: Answer = 'allow_once', options: Partial<RuntimeOptions> = {}) {
  const ws = realpathSync(tempDir('hr-ws-'));
  const area = realpathSync(tempDir('hr-exports-'));
  const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`], ...options }, answer);
  return { ...h, ws, area };
}

const write = (file: string, content = 'a,b\n') => call('write_file', { path: file, content });

describe('a write to an approvable path outside the roots', () => {
  test('is asked about once, saying exactly what approving widens; approved once, it is written', async () => {
    const h = world('allow_once');
    const target = path.join(h.area, '2026', 'report.csv');
    const result = await h.turn.call(write(target));
    expect(text(result)).toBe(`Created ${target} (1 lines, 4 bytes).`);
    expect(readFileSync(target, 'utf8')).toBe('a,b\n');
    expect(h.asked).toHaveLength(1);
    const [request] = h.asked;
    expect(request!.widens).toBe(`allow writing ${target} (outside the roots)`);
    expect(request!.reason).toContain(
      `approving will allow writing ${target} (outside the roots) for this call`,
    );
    // Turn at most: never a session grant or a rule, which could not widen the sandbox.
    expect(request!.choices).toEqual(['allow_once', 'allow_for_turn', 'deny']);
    expect(request!.suggestedRule).toBeUndefined();
    const decided = h.events.find(
      (e) => e.type === 'turn/permission/decided' && e.payload.behavior === 'allow',
    );
    expect(decided?.payload.exceptions).toEqual([{ kind: 'file', path: target, access: 'write' }]);
  });

  test('approved once: the next call to the same path is asked about again, with the exception', async () => {
    const h = world('allow_once');
    const target = path.join(h.area, 'r.csv');
    await h.turn.call(write(target, '1\n'));
    const edit = await h.turn.call(call('edit_file', { path: target, old_string: '1', new_string: '2' }));
    expect(edit.isError).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('2\n');
    expect(h.asked.map((r) => r.widens)).toEqual([
      `allow writing ${target} (outside the roots)`,
      `allow writing ${target} (outside the roots)`,
    ]);
  });

  test('approved for the turn: that path stays open for the turn only; its neighbour is a new question', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'r.csv');
    await h.turn.call(write(target, '1\n'));
    await h.turn.call(write(target, '2\n'));
    await h.turn.call(write(path.join(h.area, 'other.csv')));
    expect(h.asked.map((r) => r.widens)).toEqual([
      `allow writing ${target} (outside the roots)`,
      undefined, // supervised still asks about the write, but the path is already open for this turn
      `allow writing ${path.join(h.area, 'other.csv')} (outside the roots)`,
    ]);
    // The next turn of the same thread starts closed again.
    const next = h.runtime.beginTurn({ threadId: h.turn.threadId });
    await next.call(write(target, '3\n'));
    expect(h.asked.at(-1)!.widens).toBe(`allow writing ${target} (outside the roots)`);
    expect(readFileSync(target, 'utf8')).toBe('3\n');
  });

  test('denied: nothing is written, and the model is told a human said no', async () => {
    const h = world('deny');
    const target = path.join(h.area, 'r.csv');
    const result = await h.turn.call(write(target));
    expect(result.outcome.errorClass).toBe('approval_denied');
    expect(existsSync(target)).toBe(false);
  });

  test('without an approver: refused, saying nobody could be asked and what would let it run', async () => {
    const ws = realpathSync(tempDir('hr-ws-'));
    const area = realpathSync(tempDir('hr-exports-'));
    const runtime = createRuntime({
      workspace: ws,
      approvableWrites: [`${area}/**`],
      tools: builtinTools(),
      sandbox: 'none',
      policyFiles: { user: null, managed: null, project: null },
    });
    try {
      const target = path.join(area, 'r.csv');
      const result = await runtime.beginTurn().call(write(target));
      expect(result.outcome.errorClass).toBe('approval_denied');
      expect(text(result)).toContain('no approver is configured');
      expect(text(result)).toContain(`approving would also allow writing ${target} (outside the roots)`);
      expect(text(result)).toContain(`configure an approver, or add a writable root that contains ${target}`);
      expect(text(result)).not.toMatch(/declined|denied by the user/i);
      expect(existsSync(target)).toBe(false);
    } finally {
      await runtime.close();
    }
  });

  test('apply_patch touching two approvable files is one question naming both', async () => {
    const h = world('allow_once');
    const a = path.join(h.area, 'a.txt');
    const b = path.join(h.area, 'b.txt');
    const patch = `*** Begin Patch\n*** Add File: ${a}\n+a\n*** Add File: ${b}\n+b\n*** Add File: inside.txt\n+c\n*** End Patch`;
    const result = await h.turn.call(call('apply_patch', { patch }));
    expect(result.isError).toBe(false);
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]!.widens).toBe(`allow writing ${a} and ${b} (outside the roots)`);
    expect(readFileSync(b, 'utf8')).toBe('b\n');
    expect(readFileSync(path.join(h.ws, 'inside.txt'), 'utf8')).toBe('c\n');
  });

  test('a patch with one approvable and one non-approvable path outside is refused before anyone is asked', async () => {
    const h = world('allow_once');
    const patch = `*** Begin Patch\n*** Add File: ${path.join(h.area, 'a.txt')}\n+a\n*** Add File: /etc/handrail-attack\n+b\n*** End Patch`;
    const result = await h.turn.call(call('apply_patch', { patch }));
    expect(text(result)).toMatch(/refused before anyone was asked.*\/etc\/handrail-attack/s);
    expect(h.asked).toHaveLength(0);
    expect(existsSync(path.join(h.area, 'a.txt'))).toBe(false);
  });

  test.each([
    ['a git config inside the area', (area: string) => path.join(area, '.git', 'config')],
    ['an editor config inside the area', (area: string) => path.join(area, '.vscode', 'tasks.json')],
    ['a path outside the area', () => '/etc/handrail-attack'],
    ['the area’s neighbour', (area: string) => `${area}-sibling/x`],
  ])('%s is refused before anyone is asked', async (_what, target) => {
    const h = world('allow_once');
    const result = await h.turn.call(write(target(h.area)));
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(text(result)).toMatch(/refused before anyone was asked/);
    expect(h.asked).toHaveLength(0);
  });
});

describe('the approval opens that path, at that moment, for that call', () => {
  test('a link in the workspace to the area: asked about by where it leads, and written there', async () => {
    const h = world('allow_once');
    symlinkSync(h.area, path.join(h.ws, 'exports'));
    await h.turn.call(write('exports/r.csv'));
    expect(h.asked[0]!.widens).toBe(`allow writing ${path.join(h.area, 'r.csv')} (outside the roots)`);
    expect(readFileSync(path.join(h.area, 'r.csv'), 'utf8')).toBe('a,b\n');
  });

  test('a link retargeted while the human decides: the write goes nowhere', async () => {
    const ws = realpathSync(tempDir('hr-ws-'));
    const area = realpathSync(tempDir('hr-exports-'));
    const elsewhere = realpathSync(tempDir('hr-elsewhere-'));
    mkdirSync(path.join(area, 'a'));
    mkdirSync(path.join(area, 'b'));
    const link = path.join(ws, 'out');
    symlinkSync(path.join(area, 'a'), link);
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`, `${elsewhere}/**`] }, () => {
      // The approved path is area/a/r.csv; by the time the tool runs, `out` leads to area/b, then elsewhere.
      unlinkSync(link);
      symlinkSync(path.join(area, 'b'), link);
      return 'allow_once';
    });
    const result = await h.turn.call(write('out/r.csv'));
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(existsSync(path.join(area, 'a', 'r.csv'))).toBe(false);
    expect(existsSync(path.join(area, 'b', 'r.csv'))).toBe(false);
    expect(h.asked).toHaveLength(1);
  });

  test('a folder in the area swapped for a link to the workspace’s .git while the human decides', async () => {
    const ws = realpathSync(tempDir('hr-ws-'));
    mkdirSync(path.join(ws, '.git', 'hooks'), { recursive: true });
    const area = realpathSync(tempDir('hr-exports-'));
    mkdirSync(path.join(area, 'hooks'));
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, () => {
      // rmdir + link: the approved canonical path area/hooks/pre-commit now leads into .git/hooks.
      rmdirSync(path.join(area, 'hooks'));
      symlinkSync(path.join(ws, '.git', 'hooks'), path.join(area, 'hooks'));
      return 'allow_once';
    });
    const result = await h.turn.call(
      write(path.join(area, 'hooks', 'pre-commit'), '#!/bin/sh\necho pwned\n'),
    );
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(text(result)).toMatch(/protected path|outside the writable roots/);
    expect(existsSync(path.join(ws, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });

  test('a dynamic tool gets no exception: its own claim of a write there is not approved as one', async () => {
    const h = world('allow_once');
    const target = path.join(h.area, 'r.csv');
    h.runtime.registerTool(
      defineTool({
        name: 'exporter',
        description: 'Says it writes a report, and tries to.',
        inputSchema: { type: 'object', properties: {} },
        capabilities: fileCapabilities,
        classify: () => ({ action: 'file_write', summary: 'write report', scope: { paths: [target] } }),
        async execute(_args, ctx) {
          const check = await ctx.capabilities.files.checkWrite(target);
          return check.ok ? 'writable' : `refused: ${check.reason}`;
        },
      }) as ToolSpec,
      { dynamic: true },
    );
    const result = await h.turn.call(call('exporter', {}));
    expect(text(result)).toBe('refused: outside_roots');
    expect(h.asked.every((r) => r.widens === undefined)).toBe(true);
  });

  test('a command cannot write where write_file was approved for the turn (the OS sandbox is not widened)', async () => {
    const h = world('allow_for_turn', { sandbox: 'bwrap' });
    const target = path.join(h.area, 'r.csv');
    await h.turn.call(write(target, 'from write_file\n'));
    const result = await h.turn.call(
      call('exec_command', { cmd: `echo from-shell > ${target}; echo status=$?`, yield_time_ms: 5000 }),
    );
    expect(text(result)).toMatch(/status=[1-9]/);
    expect(readFileSync(target, 'utf8')).toBe('from write_file\n');
  });
});

describe('profiles', () => {
  test('read_only: denied by the mode; nothing asked, nothing written', async () => {
    const h = world('allow_once', { profile: 'read_only' });
    const target = path.join(h.area, 'r.csv');
    const result = await h.turn.call(write(target));
    expect(result.outcome.errorClass).toBe('permission_denied');
    expect(h.asked).toHaveLength(0);
    expect(existsSync(target)).toBe(false);
  });

  test('auto_accept_edits: a write outside the writable roots is asked about with the exception', async () => {
    const h = world('allow_once', { profile: 'auto_accept_edits' });
    const target = path.join(h.area, 'r.csv');
    await h.turn.call(write(target));
    expect(h.asked.map((r) => r.widens)).toEqual([`allow writing ${target} (outside the roots)`]);
    expect(existsSync(target)).toBe(true);
  });

  test('full_access asks nobody, so the sandbox refuses: the model is told a human may approve it', async () => {
    const h = world('allow_once', { profile: 'full_access' });
    const target = path.join(h.area, 'r.csv');
    const result = await h.turn.call(write(target));
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(text(result)).toMatch(/approvableWrites.*not approved/);
    expect(h.asked).toHaveLength(0);
    expect(existsSync(target)).toBe(false);
  });
});

describe('downloads', () => {
  test('a download saved outside the roots from a host outside network.allow: one question, both exceptions', async () => {
    const { network } = await restrictedNetworkWithFilesHost((_req, res) => res.end('report body'));
    const h = world('allow_once', { network });
    const target = path.join(h.area, 'report.txt');
    const result = await h.turn.call(
      call('download_url', { url: 'http://files.example.com/report', path: target }),
    );
    expect(result.isError).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('report body');
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]!.widens).toBe(
      `allow GET to files.example.com:80 (outside network.allow) and allow writing ${target} (outside the roots)`,
    );
  });
});

describe.runIf(isRoot && REAL_USER)('where it runs', () => {
  test('as root, a file created in an area owned by a user belongs to that user', async () => {
    const h = world('allow_once');
    execFileSync('chown', [`${REAL_USER!.uid}:${REAL_USER!.gid}`, h.area]);
    const target = path.join(h.area, 'new', 'r.csv');
    await h.turn.call(write(target));
    expect(lstatSync(target).uid).toBe(REAL_USER!.uid);
    expect(lstatSync(path.dirname(target)).uid).toBe(REAL_USER!.uid);
  });
});
