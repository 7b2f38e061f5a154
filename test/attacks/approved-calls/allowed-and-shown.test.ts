// Attacks on built-in tools' writes allowed without asking (a mode, an allow rule): they are held to the
// canonical paths classified — and legitimate work under those modes still runs; and on what the approval
// request tells a human: it cannot be made to look like something else. Each test asserts the SAFE (or WORKING) behaviour.
import { mkdirSync, readFileSync, realpathSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RuntimeOptions } from '../../../src/index.js';
import { escapeControls } from '../../../src/policy/index.js';
import { restrictedNetworkWithFilesHost } from '../../sandbox/network/helpers.js';
import { text } from '../../support/results.js';
import { askingTurn, call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';

const write = (file: string, content = 'x\n') => call('write_file', { path: file, content });
const patch = (body: string) => call('apply_patch', { patch: `*** Begin Patch\n${body}\n*** End Patch` });
const noPolicy = { user: null, managed: null, project: null };

function unasked(profile: 'full_access' | 'auto_accept_edits', options: Partial<RuntimeOptions> = {}) {
  const ws = realpathSync(tempDir('hr-r3-ws-'));
  return { ws, ...askingTurn({ workspace: ws, profile, ...options }, 'deny') };
}

describe('an allow rule for a folder: the write cannot be moved out of it after the check', () => {
  test('write_file(docs/**) through a link a hook retargets to src/: src is untouched, nobody asked', async () => {
    const ws = realpathSync(tempDir('hr-r3-ws-'));
    const pol = path.join(realpathSync(tempDir('hr-r3-pol-')), 'policy.json');
    writeFileSync(pol, JSON.stringify({ allow: ['write_file(./docs/**)'] }));
    mkdirSync(path.join(ws, 'docs', 'A'), { recursive: true });
    mkdirSync(path.join(ws, 'src'));
    writeFileSync(path.join(ws, 'src', 'main.ts'), 'ok\n');
    symlinkSync('A', path.join(ws, 'docs', 'cur'));
    const h = askingTurn(
      {
        workspace: ws,
        policyFiles: { ...noPolicy, user: pol },
        hooks: {
          beforeToolCall: () => {
            unlinkSync(path.join(ws, 'docs', 'cur'));
            symlinkSync('../src', path.join(ws, 'docs', 'cur'));
          },
        },
      },
      'deny',
    );
    const result = await h.turn.call(write('docs/cur/main.ts', 'pwned\n'));
    expect(result.isError).toBe(true);
    expect(readFileSync(path.join(ws, 'src', 'main.ts'), 'utf8')).toBe('ok\n');
  });
});

for (const profile of ['full_access', 'auto_accept_edits'] as const) {
  describe(`${profile}: legitimate writes still run`, () => {
    test('write_file relative to a turn cwd, then edit_file of it', async () => {
      const h = unasked(profile);
      mkdirSync(path.join(h.ws, 'pkg'));
      const turn = h.runtime.beginTurn({ cwd: 'pkg' });
      const w = await turn.call(write('lib/new/x.txt', 'one\n'));
      expect(w.isError, text(w)).toBe(false);
      const e = await turn.call(
        call('edit_file', { path: 'lib/new/x.txt', old_string: 'one', new_string: 'two' }),
      );
      expect(e.isError, text(e)).toBe(false);
      expect(readFileSync(path.join(h.ws, 'pkg/lib/new/x.txt'), 'utf8')).toBe('two\n');
    });

    test('apply_patch Add in new folders and Update+Move into a new folder, from a turn cwd', async () => {
      const h = unasked(profile);
      mkdirSync(path.join(h.ws, 'pkg'));
      writeFileSync(path.join(h.ws, 'pkg', 'f.txt'), 'f\n');
      const turn = h.runtime.beginTurn({ cwd: 'pkg' });
      const r = await turn.call(
        patch(
          '*** Add File: a/b/c.txt\n+c\n*** Update File: f.txt\n*** Move to: ../moved/deep/g.txt\n@@\n-f\n+g',
        ),
      );
      expect(r.isError, text(r)).toBe(false);
      expect(readFileSync(path.join(h.ws, 'pkg/a/b/c.txt'), 'utf8')).toBe('c\n');
      expect(readFileSync(path.join(h.ws, 'moved/deep/g.txt'), 'utf8')).toBe('g\n');
    });

    test('edit_file and write_file through stable links (a file link, a folder link) inside the roots', async () => {
      const h = unasked(profile);
      mkdirSync(path.join(h.ws, 'real'));
      writeFileSync(path.join(h.ws, 'real', 'a.txt'), 'one\n');
      symlinkSync('real/a.txt', path.join(h.ws, 'a-link.txt'));
      symlinkSync('real', path.join(h.ws, 'alias'));
      const e = await h.turn.call(
        call('edit_file', { path: 'a-link.txt', old_string: 'one', new_string: 'two' }),
      );
      expect(e.isError, text(e)).toBe(false);
      const w = await h.turn.call(write('alias/new/b.txt', 'b\n'));
      expect(w.isError, text(w)).toBe(false);
      expect(readFileSync(path.join(h.ws, 'real/a.txt'), 'utf8')).toBe('two\n');
      expect(readFileSync(path.join(h.ws, 'real/new/b.txt'), 'utf8')).toBe('b\n');
    });

    test('a name in NFD and one with a trailing space are written where they were classified', async () => {
      const h = unasked(profile);
      for (const name of ['cafe\u0301.txt', 'trail .txt', 'dir./x.txt']) {
        const w = await h.turn.call(write(name, 'ok\n'));
        expect(w.isError, `${name}: ${text(w)}`).toBe(false);
        expect(readFileSync(path.join(h.ws, name), 'utf8')).toBe('ok\n');
      }
    });

    test('download_url into a new folder', async () => {
      const { network } = await restrictedNetworkWithFilesHost((_req, res) => res.end('body'));
      const h = unasked(profile, { network: { ...network, allow: ['files.example.com'] } });
      const r = await h.turn.call(
        call('download_url', { url: 'http://files.example.com/x', path: 'dl/n/a.bin' }),
      );
      // full_access runs it; auto_accept_edits asks about the network, and this approver says no — never a
      // refusal as "changed since approval".
      if (profile === 'full_access') {
        expect(r.isError, text(r)).toBe(false);
        expect(readFileSync(path.join(h.ws, 'dl/n/a.bin'), 'utf8')).toBe('body');
      } else {
        expect(r.outcome.errorClass).toBe('approval_denied');
      }
      expect(text(r)).not.toMatch(/approved to write|changed_since/);
    });
  });
}

describe('what the request tells the human', () => {
  const hidden = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/;

  function asking() {
    const ws = realpathSync(tempDir('hr-r3-ws-'));
    const area = realpathSync(tempDir('hr-r3-area-'));
    return { ws, area, ...askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, 'deny') };
  }

  test('a bidi override in an area path (report<RLO>vsc.sh shows as "reporths.csv"): every field escapes it', async () => {
    const h = asking();
    await h.turn.call(write(path.join(h.area, 'report\u202evsc.sh'), '#!/bin/sh\n'));
    const r = h.asked[0]!;
    expect(r.preview).not.toMatch(hidden);
    expect(r.widens ?? '', 'widens').not.toMatch(hidden);
    expect(r.summary, 'summary').not.toMatch(hidden);
    expect(r.reason, 'reason').not.toMatch(hidden);
  });

  test('a zero-width space in a workspace path: every field escapes it', async () => {
    const h = asking();
    await h.turn.call(write('a\u200bb.txt', 'x\n'));
    const r = h.asked[0]!;
    expect(r.preview).not.toMatch(hidden);
    expect(r.summary, 'summary').not.toMatch(hidden);
    expect(r.reason, 'reason').not.toMatch(hidden);
  });

  test('newlines, ESC and C1 controls in a path: refused before anyone is asked', async () => {
    const h = asking();
    for (const name of ['x\ny.csv', 'x\u001b[2Jy.csv', 'x\u0085y.csv', 'x\ry.csv'])
      await h.turn.call(write(path.join(h.area, name)));
    expect(h.asked).toEqual([]);
  });

  test('a very long area path: widens and the preview name the whole file; content is still shown', async () => {
    const h = asking();
    const target = path.join(h.area, `${'d'.repeat(200)}/`.repeat(15), 'evil.sh');
    await h.turn.call(write(target, 'PAYLOAD\n'));
    const r = h.asked[0]!;
    expect(r.widens).toContain(target);
    expect(r.preview).toContain(target);
    expect(r.preview).toContain('PAYLOAD');
  });

  test('file content that imitates the preview header is escaped (no raw ESC), and marked as content', async () => {
    const h = asking();
    await h.turn.call(write(path.join(h.area, 'a.csv'), '\u001b[1A\u001b[2Kwrite /tmp/harmless.csv\n'));
    const r = h.asked[0]!;
    expect(r.preview).not.toContain('\u001b');
    expect(r.preview).toBe(escapeControls(r.preview));
  });
});
