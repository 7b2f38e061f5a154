import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/index.js';
import { text } from '../support/results.js';
import { collectEvents, makeRuntime } from '../support/runtime.js';
import { tempDir } from '../support/temp.js';
import { tick } from './helpers.js';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

const printer = defineTool({
  name: 'print',
  description: 'Prints what it is asked to.',
  inputSchema: {
    type: 'object',
    properties: { what: { type: 'string' }, n: { type: 'integer' } },
    required: ['what'],
  },
  execute: ({ what, n }) => {
    if (what === 'lines') return lines(n ?? 0);
    if (what === 'ansi')
      return '\u001b[31mred\u001b[0m and \u001b]8;;https://x.test\u0007link\u001b]8;;\u0007\n10%\r50%\r100%\n';
    if (what === 'parts')
      return [
        { type: 'text', text: 'a'.repeat(40_000) },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'text', text: 'tail' },
      ];
    return what;
  },
});

describe('output projection', () => {
  it('bounds a 5 MB output head+tail and keeps the full text retrievable', async () => {
    const workspace = tempDir();
    const runtime = makeRuntime({ workspace, tools: [printer] });
    const events = collectEvents(runtime);
    const full = lines(600_000);
    expect(Buffer.byteLength(full)).toBeGreaterThan(5_000_000);
    const result = await runtime
      .beginTurn({ turnId: 'turn-1' })
      .call({ id: 'big', name: 'print', arguments: { what: 'lines', n: 600_000 } });
    const shown = text(result);
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(32 * 1024);
    expect(shown.startsWith('line 1\nline 2\n')).toBe(true);
    expect(shown.endsWith('line 599999\nline 600000')).toBe(true);
    const marker = shown.split('\n').find((l) => l.startsWith('[... '))!;
    expect(marker).toMatch(
      /^\[\.\.\. [\d,]+ lines \([\d.]+ MiB\) omitted: showing the first [\d,]+ and last [\d,]+ of 600,000 lines\. Full output: \.handrail\/outputs\/turn-1\/big\.txt \.\.\.\]$/,
    );
    expect(result.outcome.status).toBe('partial');
    expect(result.outcome.hint).toContain('.handrail/outputs/turn-1/big.txt');
    expect(result.details?.projection).toMatchObject({
      truncated: true,
      fullOutput: '.handrail/outputs/turn-1/big.txt',
    });

    const stored = path.join(workspace, '.handrail/outputs/turn-1/big.txt');
    expect(readFileSync(stored, 'utf8')).toBe(full);
    expect(await runtime.readOutput('.handrail/outputs/turn-1/big.txt')).toBe(full);
    expect(await runtime.readOutput('.handrail/outputs/turn-1/big.txt', { offset: 0, length: 13 })).toBe(
      'line 1\nline 2',
    );
    await expect(runtime.readOutput('../../etc/passwd')).rejects.toThrow();
    expect(existsSync(path.join(workspace, '.handrail/outputs/.gitignore'))).toBe(true);

    await tick();
    const completed = events.find((e) => e.type === 'tool/call/completed')!;
    expect(completed.payload).toMatchObject({
      status: 'partial',
      projection: { truncated: true, totalBytes: Buffer.byteLength(full) },
    });
    expect(String(completed.payload.preview).length).toBeLessThanOrEqual(500);
  });

  it('strips terminal control sequences and collapses progress bars', async () => {
    const runtime = makeRuntime({ tools: [printer] });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'print', arguments: { what: 'ansi' } });
    expect(text(result)).toBe('red and link\n100%\n');
    expect(result.outcome.status).toBe('ok');
  });

  it('projects several text parts under one budget and keeps images', async () => {
    const runtime = makeRuntime({ tools: [printer] });
    const result = await runtime.beginTurn().call({ id: 'c1', name: 'print', arguments: { what: 'parts' } });
    expect(result.content.map((p) => p.type)).toEqual(['text', 'image']);
    expect(Buffer.byteLength(text(result))).toBeLessThanOrEqual(32 * 1024 + 20);
    expect(text(result)).toContain('tail');
  });

  it('honours a per-tool output policy, including storage: none', async () => {
    const runtime = makeRuntime({ tools: [{ ...printer, outputPolicy: { maxLines: 10, storage: 'none' } }] });
    const result = await runtime
      .beginTurn()
      .call({ id: 'c1', name: 'print', arguments: { what: 'lines', n: 100 } });
    const shown = text(result).split('\n');
    expect(shown.length).toBeLessThanOrEqual(11);
    expect(text(result)).not.toContain('Full output');
    expect(result.details?.projection).toMatchObject({ truncated: true });
    expect(result.details?.projection).not.toHaveProperty('fullOutput');
  });
});
