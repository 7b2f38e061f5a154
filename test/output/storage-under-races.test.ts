// No byte outside the roots, even under races, for saved outputs: while a real concurrent process
// (test/support/swapper.c) exchanges the state directory, the outputs directory or a turn's folder with a
// symbolic link to a folder outside thousands of times, a tool whose output is too long for the model's view
// is called again and again through the public API. Nothing may appear outside (every creation there is seen
// through inotify), and every result that names a saved output names one that holds that output.
import { existsSync, readdirSync, readFileSync, symlinkSync, watch } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { defineTool } from '../../src/index.js';
import { makeRuntime } from '../support/runtime.js';
import { startSwapper, swapperAvailable } from '../support/swapper.js';
import { tempDir } from '../support/temp.js';

const CALLS = 300;
const OUTPUT = `${'a line of output that the model will not see whole\n'.repeat(2000)}the end\n`;

const noisy = defineTool({
  name: 'noisy',
  description: 'Prints more than the model may see.',
  inputSchema: { type: 'object', properties: {} },
  source: 'builtin',
  annotations: { readOnlyHint: true },
  execute: async () => ({ content: [{ type: 'text', text: OUTPUT }] }),
});

describe.skipIf(!swapperAvailable)('saved outputs against a directory swapped for a symbolic link', () => {
  test.each([
    ['the turn folder', '.handrail/outputs/T1'],
    ['the outputs directory', '.handrail/outputs'],
    ['the state directory', '.handrail'],
  ])('%s: nothing is written outside, and what a result names holds the output', async (_label, swapped) => {
    const ws = tempDir();
    const outside = tempDir('handrail-outside-');
    const runtime = makeRuntime({ workspace: ws, tools: [noisy], sandbox: 'none', store: false });
    const turn = () => runtime.beginTurn({ turnId: 'T1' });
    // The first call makes the folders that are then swapped.
    await turn().call({ id: 'c0', name: 'noisy', arguments: {} });
    symlinkSync(outside, path.join(ws, `${swapped}.swap`));
    const seen: string[] = [];
    const watcher = watch(outside, (event, name) => seen.push(`${event} ${name}`));
    const swapper = await startSwapper(path.join(ws, swapped), path.join(ws, `${swapped}.swap`));
    const named: string[] = [];
    let current = turn();
    try {
      for (let i = 1; i <= CALLS; i++) {
        if (i % 100 === 0) current = turn();
        const result = await current.call({ id: `c${i}`, name: 'noisy', arguments: {} });
        const text = result.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
        const saved = /the full output is in (\S+?)\.?(?:\s|$)/.exec(result.outcome.hint ?? '')?.[1];
        expect(text).toContain('the end');
        if (saved) named.push(saved);
      }
    } finally {
      expect(await swapper.stop()).toBeGreaterThan(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    watcher.close();
    expect(seen).toEqual([]);
    expect(readdirSync(outside)).toEqual([]);
    for (const file of named) {
      const absolute = path.resolve(ws, file);
      expect(absolute.startsWith(path.join(ws, '.handrail', 'outputs', 'T1'))).toBe(true);
      expect(existsSync(absolute) && readFileSync(absolute, 'utf8')).toBe(OUTPUT);
    }
  });
});
