// Attacks on "what a human approved is what they were shown" (changed_since_approval): an approved
// write_file / edit_file / apply_patch / download_url must land only on the canonical paths the request
// named, inside the roots as well as in an approvable area — and legitimate approved work must still run.
// Each test asserts the SAFE (or, for legitimate use, the WORKING) behaviour: a failing test is a hole.
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  type ApprovalRequest,
  defineTool,
  fileCapabilities,
  type RuntimeOptions,
  type ToolSpec,
} from '../../../src/index.js';
import { restrictedNetworkWithFilesHost } from '../../sandbox/network/helpers.js';
import { text } from '../../support/results.js';
import { type Answer, askingTurn, call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';

const write = (file: string, content = 'x\n') => call('write_file', { path: file, content });
const patch = (body: string) => call('apply_patch', { patch: `*** Begin Patch\n${body}\n*** End Patch` });

function world(answer: Answer = 'allow_once', options: Partial<RuntimeOptions> = {}) {
  const ws = realpathSync(tempDir('hr-r2-ws-'));
  const area = realpathSync(tempDir('hr-r2-area-'));
  const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`], ...options }, answer);
  return { ...h, ws, area };
}

/** An approver that runs `meanwhile` (the swap) before answering, once. */
function swapping(meanwhile: () => void, answer: Answer = 'allow_once'): Answer {
  let done = false;
  return (request: ApprovalRequest) => {
    if (!done) {
      done = true;
      meanwhile();
    }
    return typeof answer === 'function' ? answer(request) : answer;
  };
}

/** A workspace made by `setup`, and an approver that runs `meanwhile` (the swap) before it says yes once. */
function swappedWhileAsked(setup: (ws: string) => void, meanwhile: (ws: string) => void) {
  const ws = realpathSync(tempDir('hr-r2-ws-'));
  setup(ws);
  return {
    ws,
    ...askingTurn(
      { workspace: ws },
      swapping(() => meanwhile(ws)),
    ),
  };
}

describe('inside the roots: the path changes while the human decides', () => {
  test('write_file through a link retargeted to another workspace file: neither file is written', async () => {
    const { ws, ...h } = swappedWhileAsked(
      (ws) => {
        writeFileSync(path.join(ws, 'a.txt'), 'a\n');
        writeFileSync(path.join(ws, 'b.txt'), 'b\n');
        symlinkSync('a.txt', path.join(ws, 'link.txt'));
      },
      (ws) => {
        unlinkSync(path.join(ws, 'link.txt'));
        symlinkSync('b.txt', path.join(ws, 'link.txt'));
      },
    );
    const result = await h.turn.call(write('link.txt', 'pwned\n'));
    expect(h.asked[0]!.preview).toContain(path.join(ws, 'a.txt'));
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('approved');
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('b\n');
    expect(readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('a\n');
  });

  test('a parent folder swapped for a link to another workspace folder: nothing lands there', async () => {
    const { ws, ...h } = swappedWhileAsked(
      (ws) => {
        mkdirSync(path.join(ws, 'sub'));
        mkdirSync(path.join(ws, 'other'));
      },
      (ws) => {
        renameSync(path.join(ws, 'sub'), path.join(ws, 'sub.old'));
        symlinkSync('other', path.join(ws, 'sub'));
      },
    );
    const result = await h.turn.call(write('sub/x.txt', 'pwned\n'));
    expect(result.isError).toBe(true);
    expect(existsSync(path.join(ws, 'other', 'x.txt'))).toBe(false);
  });

  test('a missing parent created as a link to another folder while deciding: nothing lands there', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    mkdirSync(path.join(ws, 'src'));
    const h = askingTurn(
      { workspace: ws },
      swapping(() => symlinkSync('src', path.join(ws, 'new'))),
    );
    const result = await h.turn.call(write('new/deep/x.txt', 'pwned\n'));
    expect(result.isError).toBe(true);
    expect(existsSync(path.join(ws, 'src', 'deep'))).toBe(false);
  });

  test('the approved file replaced by a hard link to another workspace file: that file is unchanged', async () => {
    const { ws, ...h } = swappedWhileAsked(
      (ws) => {
        writeFileSync(path.join(ws, 'a.txt'), 'a\n');
        writeFileSync(path.join(ws, 'b.txt'), 'b\n');
      },
      (ws) => {
        unlinkSync(path.join(ws, 'a.txt'));
        linkSync(path.join(ws, 'b.txt'), path.join(ws, 'a.txt'));
      },
    );
    await h.turn.call(write('a.txt', 'pwned\n'));
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('b\n');
  });

  test('edit_file through a retargeted link: the other file is not edited', async () => {
    const { ws, ...h } = swappedWhileAsked(
      (ws) => {
        writeFileSync(path.join(ws, 'a.txt'), 'TOKEN\n');
        writeFileSync(path.join(ws, 'b.txt'), 'TOKEN\n');
        symlinkSync('a.txt', path.join(ws, 'link.txt'));
      },
      (ws) => {
        unlinkSync(path.join(ws, 'link.txt'));
        symlinkSync('b.txt', path.join(ws, 'link.txt'));
      },
    );
    await h.turn.call(call('edit_file', { path: 'link.txt', old_string: 'TOKEN', new_string: 'pwned' }));
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('TOKEN\n');
  });

  test('apply_patch Move to a folder swapped for a link while deciding: nothing lands in its target', async () => {
    const { ws, ...h } = swappedWhileAsked(
      (ws) => {
        writeFileSync(path.join(ws, 'f.txt'), 'f\n');
        mkdirSync(path.join(ws, 'dest'));
        mkdirSync(path.join(ws, 'secret'));
      },
      (ws) => {
        renameSync(path.join(ws, 'dest'), path.join(ws, 'dest.old'));
        symlinkSync('secret', path.join(ws, 'dest'));
      },
    );
    const result = await h.turn.call(patch('*** Update File: f.txt\n*** Move to: dest/g.txt\n@@\n-f\n+g'));
    expect(result.isError).toBe(true);
    expect(existsSync(path.join(ws, 'secret', 'g.txt'))).toBe(false);
    expect(readFileSync(path.join(ws, 'f.txt'), 'utf8')).toBe('f\n');
  });

  test('apply_patch Move whose source is retargeted while deciding: the other file is neither read nor removed', async () => {
    const { ws, ...h } = swappedWhileAsked(
      (ws) => {
        writeFileSync(path.join(ws, 'a.txt'), 'f\n');
        writeFileSync(path.join(ws, 'b.txt'), 'f\n');
        symlinkSync('a.txt', path.join(ws, 'src.txt'));
      },
      (ws) => {
        unlinkSync(path.join(ws, 'src.txt'));
        symlinkSync('b.txt', path.join(ws, 'src.txt'));
      },
    );
    await h.turn.call(patch('*** Update File: src.txt\n*** Move to: moved.txt\n@@\n-f\n+g'));
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('f\n');
    expect(existsSync(path.join(ws, 'moved.txt'))).toBe(false);
  });

  test('apply_patch Delete through a retargeted link: the other file stays', async () => {
    const { ws, ...h } = swappedWhileAsked(
      (ws) => {
        mkdirSync(path.join(ws, 'd1'));
        mkdirSync(path.join(ws, 'd2'));
        writeFileSync(path.join(ws, 'd1', 'old.txt'), 'old\n');
        writeFileSync(path.join(ws, 'd2', 'old.txt'), 'keep\n');
        symlinkSync('d1', path.join(ws, 'd'));
      },
      (ws) => {
        unlinkSync(path.join(ws, 'd'));
        symlinkSync('d2', path.join(ws, 'd'));
      },
    );
    await h.turn.call(patch('*** Delete File: d/old.txt'));
    expect(readFileSync(path.join(ws, 'd2', 'old.txt'), 'utf8')).toBe('keep\n');
  });
});

describe('a beforeToolCall hook that changes the arguments after the human approved', () => {
  test('to another workspace file: asked again about that file, or not written', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    writeFileSync(path.join(ws, 'b.txt'), 'b\n');
    const h = askingTurn(
      {
        workspace: ws,
        hooks: {
          beforeToolCall: ({ call: c }) =>
            c.name === 'write_file' ? { arguments: { ...c.arguments, path: 'b.txt' } } : undefined,
        },
      },
      (request) => (request.preview.includes('b.txt') ? 'deny' : 'allow_once'),
    );
    const result = await h.turn.call(write('a.txt', 'pwned\n'));
    expect(result.isError).toBe(true);
    expect(h.asked.map((r) => r.preview.split('\n')[0])).toEqual([
      `write ${path.join(ws, 'a.txt')}`,
      `write ${path.join(ws, 'b.txt')}`,
    ]);
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('b\n');
  });

  test('to an approvable path the human did not approve: asked with that path, and a no holds', async () => {
    const h = world('allow_once');
    const approved = path.join(h.area, 'ok.csv');
    const other = path.join(h.area, 'other.csv');
    h.runtime.close();
    const ws = h.ws;
    const hooked = askingTurn(
      {
        workspace: ws,
        approvableWrites: [`${h.area}/**`],
        hooks: {
          beforeToolCall: ({ call: c }) =>
            c.name === 'write_file' ? { arguments: { ...c.arguments, path: other } } : undefined,
        },
      },
      (request) => (request.widens?.includes(other) ? 'deny' : 'allow_once'),
    );
    await hooked.turn.call(write(approved, 'pwned\n'));
    expect(existsSync(other)).toBe(false);
    expect(hooked.asked.map((r) => r.widens)).toEqual([
      `allow writing ${approved} (outside the roots)`,
      `allow writing ${other} (outside the roots)`,
    ]);
  });

  test('a hook that only swaps a link (arguments unchanged) after the approval: held', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    writeFileSync(path.join(ws, 'b.txt'), 'b\n');
    symlinkSync('a.txt', path.join(ws, 'link.txt'));
    const h = askingTurn(
      {
        workspace: ws,
        hooks: {
          beforeToolCall: () => {
            unlinkSync(path.join(ws, 'link.txt'));
            symlinkSync('b.txt', path.join(ws, 'link.txt'));
          },
        },
      },
      'allow_once',
    );
    const result = await h.turn.call(write('link.txt', 'pwned\n'));
    expect(result.isError).toBe(true);
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('b\n');
  });
});

describe('remembered approvals: the same request key, a different canonical path later', () => {
  test('approved for the turn, then the link is retargeted: the identical call is asked again or lands nowhere new', async () => {
    const h = world('allow_for_turn');
    mkdirSync(path.join(h.area, 'A'));
    mkdirSync(path.join(h.area, 'B'));
    symlinkSync('A', path.join(h.area, 'cur'));
    const target = path.join(h.area, 'cur', 'r.csv');
    await h.turn.call(write(target, 'same\n'));
    expect(readFileSync(path.join(h.area, 'A', 'r.csv'), 'utf8')).toBe('same\n');
    unlinkSync(path.join(h.area, 'cur'));
    symlinkSync('B', path.join(h.area, 'cur'));
    await h.turn.call(write(target, 'same\n'));
    // A new canonical path is a new question (and the approver's yes writes it there, as shown).
    expect(h.asked.map((r) => r.widens)).toEqual([
      `allow writing ${path.join(h.area, 'A', 'r.csv')} (outside the roots)`,
      `allow writing ${path.join(h.area, 'B', 'r.csv')} (outside the roots)`,
    ]);
  });

  test('approved for the session inside the roots, then the link is retargeted: asked again', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    mkdirSync(path.join(ws, 'A'));
    mkdirSync(path.join(ws, 'B'));
    symlinkSync('A', path.join(ws, 'cur'));
    const h = askingTurn({ workspace: ws }, 'allow_for_session');
    await h.turn.call(write('cur/x.txt', 'same\n'));
    unlinkSync(path.join(ws, 'cur'));
    symlinkSync('B', path.join(ws, 'cur'));
    const next = h.runtime.beginTurn({ threadId: h.turn.threadId });
    await next.call(write('cur/x.txt', 'same\n'));
    expect(h.asked).toHaveLength(2);
    expect(h.asked[1]!.preview).toContain(path.join(ws, 'B', 'x.txt'));
  });

  test('a turn-approved call whose link is swapped by a hook before it runs (the cached grant): held', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    writeFileSync(path.join(ws, 'b.txt'), 'b\n');
    symlinkSync('a.txt', path.join(ws, 'link.txt'));
    let calls = 0;
    const h = askingTurn(
      {
        workspace: ws,
        hooks: {
          beforeToolCall: () => {
            if (++calls !== 2) return;
            unlinkSync(path.join(ws, 'link.txt'));
            symlinkSync('b.txt', path.join(ws, 'link.txt'));
          },
        },
      },
      'allow_for_turn',
    );
    await h.turn.call(write('link.txt', 'v\n'));
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    const second = await h.turn.call(write('link.txt', 'v\n'));
    expect(h.asked).toHaveLength(1);
    expect(second.isError).toBe(true);
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('b\n');
  });
});

describe('legitimate approved work still runs', () => {
  test('apply_patch adding files in nested new folders, approved once (in the roots and in the area)', async () => {
    const h = world('allow_once');
    const result = await h.turn.call(
      patch(
        `*** Add File: a/b/c/new.txt\n+hello\n*** Add File: ${h.area}/x/y/z.csv\n+1,2\n*** Add File: top.txt\n+t`,
      ),
    );
    expect(text(result)).not.toMatch(/approved to write|changed/);
    expect(result.isError).toBe(false);
    expect(readFileSync(path.join(h.ws, 'a/b/c/new.txt'), 'utf8')).toBe('hello\n');
    expect(readFileSync(path.join(h.area, 'x/y/z.csv'), 'utf8')).toBe('1,2\n');
  });

  test('apply_patch Update + Move to a new folder, approved once', async () => {
    const h = world('allow_once');
    writeFileSync(path.join(h.ws, 'f.txt'), 'f\n');
    const result = await h.turn.call(
      patch('*** Update File: f.txt\n*** Move to: moved/deep/g.txt\n@@\n-f\n+g'),
    );
    expect(result.isError).toBe(false);
    expect(readFileSync(path.join(h.ws, 'moved/deep/g.txt'), 'utf8')).toBe('g\n');
    expect(existsSync(path.join(h.ws, 'f.txt'))).toBe(false);
  });

  test('apply_patch Move into the area (new folder), approved once', async () => {
    const h = world('allow_once');
    writeFileSync(path.join(h.ws, 'f.txt'), 'f\n');
    const dest = path.join(h.area, 'new', 'g.txt');
    const result = await h.turn.call(patch(`*** Update File: f.txt\n*** Move to: ${dest}\n@@\n-f\n+g`));
    expect(result.isError).toBe(false);
    expect(readFileSync(dest, 'utf8')).toBe('g\n');
  });

  test('write_file creating parents, then edit_file of it in the same turn (each approved once)', async () => {
    const h = world('allow_once');
    for (const target of ['p/q/r.txt', path.join(h.area, 'p', 'q', 'r.txt')]) {
      const w = await h.turn.call(write(target, 'one\n'));
      expect(w.isError, text(w)).toBe(false);
      const e = await h.turn.call(call('edit_file', { path: target, old_string: 'one', new_string: 'two' }));
      expect(e.isError, text(e)).toBe(false);
    }
    expect(readFileSync(path.join(h.ws, 'p/q/r.txt'), 'utf8')).toBe('two\n');
    expect(readFileSync(path.join(h.area, 'p/q/r.txt'), 'utf8')).toBe('two\n');
  });

  test('write then edit of an area file approved for the turn', async () => {
    const h = world('allow_for_turn');
    const target = path.join(h.area, 'n', 'r.txt');
    expect((await h.turn.call(write(target, 'one\n'))).isError).toBe(false);
    const e = await h.turn.call(call('edit_file', { path: target, old_string: 'one', new_string: 'two' }));
    expect(e.isError, text(e)).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('two\n');
  });

  test('write_file through a workspace link that stays put, approved once', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    mkdirSync(path.join(ws, 'real'));
    symlinkSync('real', path.join(ws, 'alias'));
    const h = askingTurn({ workspace: ws }, 'allow_once');
    const result = await h.turn.call(write('alias/new/x.txt', 'ok\n'));
    expect(result.isError, text(result)).toBe(false);
    expect(readFileSync(path.join(ws, 'real/new/x.txt'), 'utf8')).toBe('ok\n');
  });

  test('a turn begun in a subfolder (cwd) writes a relative path, approved once', async () => {
    const h = world('allow_once');
    mkdirSync(path.join(h.ws, 'pkg'));
    const turn = h.runtime.beginTurn({ cwd: 'pkg' });
    const result = await turn.call(write('lib/x.txt', 'ok\n'));
    expect(result.isError, text(result)).toBe(false);
    expect(readFileSync(path.join(h.ws, 'pkg/lib/x.txt'), 'utf8')).toBe('ok\n');
  });

  test('download_url to a new file in a new folder, approved (inside the roots and in the area)', async () => {
    const { network } = await restrictedNetworkWithFilesHost((_req, res) => res.end('body'));
    const h = world('allow_once', { network });
    for (const target of ['dl/new/a.bin', path.join(h.area, 'dl', 'b.bin')]) {
      const result = await h.turn.call(
        call('download_url', { url: 'http://files.example.com/x', path: target }),
      );
      expect(result.isError, text(result)).toBe(false);
    }
    expect(readFileSync(path.join(h.ws, 'dl/new/a.bin'), 'utf8')).toBe('body');
    expect(readFileSync(path.join(h.area, 'dl/b.bin'), 'utf8')).toBe('body');
  });

  test('download_url whose target folder is swapped for a link while deciding: nothing lands there', async () => {
    const { network } = await restrictedNetworkWithFilesHost((_req, res) => res.end('body'));
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    mkdirSync(path.join(ws, 'dl'));
    mkdirSync(path.join(ws, 'src'));
    const h = askingTurn(
      {
        workspace: ws,
        network,
      },
      swapping(() => {
        renameSync(path.join(ws, 'dl'), path.join(ws, 'dl.old'));
        symlinkSync('src', path.join(ws, 'dl'));
      }),
    );
    const result = await h.turn.call(
      call('download_url', { url: 'http://files.example.com/x', path: 'dl/main.js' }),
    );
    expect(result.isError).toBe(true);
    expect(existsSync(path.join(ws, 'src', 'main.js'))).toBe(false);
  });
});

describe('an allow rule (what an "always" answer writes) matched on the canonical path at classify time', () => {
  // The rule allows exactly /ws/a.txt. A link retargeted between the permission check and the write (here by
  // a beforeToolCall hook that leaves the arguments alone; in life a background command flipping the link)
  // makes the write land on /ws/b.txt, which no rule allows and which supervised mode would ask about.
  test('the write lands only where the rule allowed', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    const policy = path.join(realpathSync(tempDir('hr-r2-pol-')), 'policy.json');
    writeFileSync(policy, JSON.stringify({ allow: [`write_file(${path.join(ws, 'a.txt')})`] }));
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    writeFileSync(path.join(ws, 'b.txt'), 'b\n');
    symlinkSync('a.txt', path.join(ws, 'link.txt'));
    const h = askingTurn(
      {
        workspace: ws,
        policyFiles: { user: policy, managed: null, project: null },
        hooks: {
          beforeToolCall: () => {
            unlinkSync(path.join(ws, 'link.txt'));
            symlinkSync('b.txt', path.join(ws, 'link.txt'));
          },
        },
      },
      'deny',
    );
    // control: b.txt itself is asked about (and denied)
    const direct = askingTurn({ workspace: ws, policyFiles: { user: policy, managed: null, project: null } });
    expect((await direct.turn.call(write('b.txt', 'pwned\n'))).outcome.errorClass).toBe('approval_denied');
    await h.turn.call(write('link.txt', 'pwned\n'));
    expect(h.asked).toHaveLength(0);
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('b\n');
  });
});

describe("an owner's own tool (not dynamic) approved by a human", () => {
  // Legit use: the owner's tool lists its input in scope.paths, writes its output elsewhere in the roots.
  test('whose classify names a path relatively: its approved write of that path still works', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    const h = askingTurn({ workspace: ws }, 'allow_once');
    h.runtime.registerTool(
      defineTool({
        name: 'save_note',
        description: 'saves a note',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        capabilities: fileCapabilities,
        classify: (args) => ({
          action: 'file_write',
          summary: `save ${String(args.path)}`,
          scope: { operation: 'save_note', paths: [String(args.path)] },
        }),
        async execute(args, ctx) {
          const check = await ctx.capabilities.files.checkWrite(String(args.path));
          if (!check.ok) return `refused: ${check.reason}`;
          writeFileSync(check.path, 'note');
          return 'saved';
        },
      }) as ToolSpec,
    );
    const turn = h.runtime.beginTurn();
    const result = await turn.call(call('save_note', { path: 'note.txt' }));
    expect(text(result)).toBe('saved');
  });

  test('whose intent names its input (canonical) and which writes its output beside it: still works', async () => {
    const ws = realpathSync(tempDir('hr-r2-ws-'));
    writeFileSync(path.join(ws, 'in.md'), '# hi\n');
    const h = askingTurn({ workspace: ws }, 'allow_once');
    h.runtime.registerTool(
      defineTool({
        name: 'render',
        description: 'renders a markdown file to html beside it',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        capabilities: fileCapabilities,
        classify: (args) => ({
          action: 'unknown',
          summary: `render ${String(args.path)}`,
          scope: { operation: 'render', paths: [path.join(ws, String(args.path))] },
        }),
        async execute(args, ctx) {
          const check = await ctx.capabilities.files.checkWrite(String(args.path).replace(/\.md$/, '.html'));
          if (!check.ok) return `refused: ${check.reason}`;
          writeFileSync(check.path, '<h1>hi</h1>');
          return 'rendered';
        },
      }) as ToolSpec,
    );
    const result = await h.runtime.beginTurn().call(call('render', { path: 'in.md' }));
    expect(text(result)).toBe('rendered');
  });
});
