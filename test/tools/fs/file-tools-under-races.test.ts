// No byte outside the roots, even under races: while a real concurrent process (test/support/swapper.c)
// exchanges a directory of the workspace with a symbolic link to a folder outside thousands of times,
// write_file, edit_file and apply_patch (add, update, move) are called again and again through the public
// API. Whatever each call answers, nothing may appear outside — not a file, not a directory, not even an
// empty temp file for an instant (every creation there is seen through inotify).
import { mkdirSync, readdirSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools } from '../../../src/index.js';
import { makeRuntime } from '../../support/runtime.js';
import { startSwapper, swapperAvailable } from '../../support/swapper.js';
import { tempDir } from '../../support/temp.js';

/** Rounds of six calls each, per case. */
const ROUNDS = 150;

describe.skipIf(!swapperAvailable)('file tools against a directory swapped for a symbolic link', () => {
  test.each([
    ['the directory holding the file', 'sub', 'sub'],
    ['a directory further up', 'top', 'top/sub'],
  ])('%s: nothing is created outside the roots', async (_label, swapped, dir) => {
    const ws = tempDir();
    const outside = tempDir('handrail-outside-');
    mkdirSync(path.join(ws, dir), { recursive: true });
    writeFileSync(path.join(ws, dir, 'e.txt'), 'zero\n');
    writeFileSync(path.join(ws, dir, 'm0.txt'), 'one\n');
    // Where the link points, the same names wait: a write that followed it would land beside them.
    mkdirSync(path.join(outside, 'sub'));
    symlinkSync(outside, path.join(ws, `${swapped}.swap`));
    const seen: string[] = [];
    const watchers = [outside, path.join(outside, 'sub')].map((d) =>
      watch(d, (event, name) => seen.push(`${event} ${d}/${name}`)),
    );
    const runtime = makeRuntime({
      workspace: ws,
      tools: builtinTools(),
      sandbox: 'none',
      store: false,
      policyFiles: { user: null, managed: null, project: null },
    });
    const swapper = await startSwapper(path.join(ws, swapped), path.join(ws, `${swapped}.swap`));
    const outcomes = new Map<string, number>();
    let turn = runtime.beginTurn();
    let n = 0;
    let moved = 0;
    const run = async (name: string, args: Record<string, unknown>) => {
      const result = await turn.call({ id: `r${++n}`, name, arguments: args });
      const key = result.outcome.errorClass ?? 'ok';
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      return result;
    };
    const patch = (body: string) => ({ patch: `*** Begin Patch\n${body}\n*** End Patch` });
    try {
      for (let i = 0; i < ROUNDS; i++) {
        if (i % 8 === 7) turn = runtime.beginTurn();
        await run('write_file', { path: `${dir}/w${i % 10}.txt`, content: `w${i}\n` });
        await run('write_file', { path: `${dir}/d${i}/x/y.txt`, content: 'y\n' });
        await run('edit_file', { path: `${dir}/e.txt`, old_text: 'zero', new_text: 'one' });
        await run('write_file', { path: `${dir}/e.txt`, content: 'zero\n' });
        await run('apply_patch', patch(`*** Add File: ${dir}/a${i}/p.txt\n+added`));
        const move = await run(
          'apply_patch',
          patch(
            `*** Update File: ${dir}/m${moved}.txt\n*** Move to: ${dir}/m${moved + 1}.txt\n@@\n-one\n+one`,
          ),
        );
        if (!move.isError) moved++;
      }
    } finally {
      const swaps = await swapper.stop();
      expect(swaps).toBeGreaterThan(0);
    }
    // Let inotify deliver what it saw before looking.
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const w of watchers) w.close();
    expect(seen).toEqual([]);
    expect(readdirSync(outside, { recursive: true })).toEqual(['sub']);
    // Every call answered (the races show as refusals and conflicts, never as a crash).
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(ROUNDS * 6);
    expect(outcomes.has('internal')).toBe(false);
  });
});
