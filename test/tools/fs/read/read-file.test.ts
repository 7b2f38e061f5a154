import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileTool } from '../../../../src/tools/fs/read-file.js';
import { text } from '../../../support/results.js';
import { makeRuntime } from '../../../support/runtime.js';
import { tempDir } from '../../../support/temp.js';

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function setup() {
  const workspace = tempDir();
  const runtime = makeRuntime({ workspace, tools: [readFileTool()] });
  const turn = runtime.beginTurn();
  const read = (args: Record<string, unknown>) => turn.call({ id: 'r', name: 'read_file', arguments: args });
  const write = (rel: string, data: string | Buffer) => {
    mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    writeFileSync(path.join(workspace, rel), data);
  };
  return { workspace, runtime, read, write };
}

describe('read_file', () => {
  it('numbers lines like cat -n and pages with a continuation hint', async () => {
    const { read, write } = setup();
    write('big.txt', `${Array.from({ length: 200_001 }, (_, i) => `${i % 10}`).join('\n')}\n`);
    const first = text(await read({ path: 'big.txt' }));
    const lines = first.split('\n');
    expect(lines[0]).toBe('     1\t0');
    expect(lines[1999]).toBe('  2000\t9');
    expect(lines.at(-1)).toBe('[Showing lines 1-2000 of 200,001. Use offset=2001 to continue.]');
    const later = text(await read({ path: 'big.txt', offset: 150_000, limit: 3 }));
    expect(later).toBe(
      '150000\t9\n150001\t0\n150002\t1\n\n[Showing lines 150000-150002 of 200,001. Use offset=150003 to continue.]',
    );
    const last = text(await read({ path: 'big.txt', offset: 200_000 }));
    expect(last).toBe('200000\t9\n200001\t0');
    const past = await read({ path: 'big.txt', offset: 300_000 });
    expect(past.outcome.errorClass).toBe('invalid_arguments');
    expect(text(past)).toBe('big.txt has 200,001 lines; offset 300,000 is past the end.');
  });

  it('cuts long lines and ends a page at its byte budget', async () => {
    const { read, write } = setup();
    write('wide.txt', `short\n${'y'.repeat(5000)}\nend`);
    const wide = text(await read({ path: 'wide.txt' }));
    expect(wide).toBe(
      `     1\tshort\n     2\t${'y'.repeat(2000)}… [line cut at 2000 characters]\n     3\tend\n\n[1 line was longer than 2000 characters and cut.]`,
    );
    write('dense.txt', Array.from({ length: 3000 }, () => 'z'.repeat(100)).join('\n'));
    const dense = text(await read({ path: 'dense.txt' }));
    expect(Buffer.byteLength(dense)).toBeLessThanOrEqual(32 * 1024);
    const hint = dense.split('\n').at(-1)!;
    expect(hint).toMatch(
      /^\[Showing lines 1-(\d+) of 3,000 \(page cut at 30\.0 KiB\)\. Use offset=(\d+) to continue\.\]$/,
    );
    const [, lastShown, next] = /1-(\d+) .*offset=(\d+)/.exec(hint)!;
    expect(Number(next)).toBe(Number(lastShown) + 1);
  });

  it('handles BOM, CRLF, a missing final newline, empty files and UTF-16', async () => {
    const { read, write } = setup();
    write('bom.txt', '\ufeffalpha\r\nbeta\r\ngamma');
    expect(text(await read({ path: 'bom.txt' }))).toBe('     1\talpha\n     2\tbeta\n     3\tgamma');
    write('empty.txt', '');
    expect(text(await read({ path: 'empty.txt' }))).toBe('(empty.txt is empty)');
    write(
      'utf16.txt',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\r\nwörld\r\n', 'utf16le')]),
    );
    expect(text(await read({ path: 'utf16.txt' }))).toBe('     1\théllo\n     2\twörld');
    // UTF-16 pages keep the same byte budget, so the continuation hint never skips unseen lines.
    write(
      'wide16.txt',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${'w'.repeat(100)}\n`.repeat(3000), 'utf16le')]),
    );
    const wide = text(await read({ path: 'wide16.txt' }));
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(32 * 1024);
    expect(wide.split('\n').at(-1)).toMatch(
      /^\[Showing lines 1-(\d+) of 3,000 \(page cut at 30\.0 KiB\)\. Use offset=\d+ to continue\.\]$/,
    );
  });

  it('reads a file whose lines end with a lone CR (old Mac) as lines, and pages it', async () => {
    const { read, write } = setup();
    write('mac.txt', 'alpha\rbeta\rgamma\r');
    expect(text(await read({ path: 'mac.txt' }))).toBe('     1\talpha\n     2\tbeta\n     3\tgamma');
    expect(text(await read({ path: 'mac.txt', offset: 2, limit: 1 }))).toMatch(/^ {5}2\tbeta\n/);
    // A CR inside an LF file is not a line break: the file still has two lines.
    write('mixed.txt', 'one\rstill one\ntwo\n');
    expect(text(await read({ path: 'mixed.txt' }))).toMatch(/still one\n {5}2\ttwo$/);
  });

  it('returns images as image parts and describes other binary files', async () => {
    const { read, write } = setup();
    write('pixel.png', PNG);
    const image = await read({ path: 'pixel.png' });
    expect(image.content).toEqual([
      { type: 'text', text: `pixel.png: PNG image, ${PNG.length} B` },
      { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
    ]);
    write('tool.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]));
    expect(text(await read({ path: 'tool.bin' }))).toBe(
      'tool.bin (10 B) is an ELF executable or library; its contents are not shown as text.',
    );
    write('blob.dat', Buffer.from([1, 2, 0, 3, 4]));
    expect(text(await read({ path: 'blob.dat' }))).toBe(
      'blob.dat (5 B) is binary data; its contents are not shown as text.',
    );
  });

  it('names similar files when one is missing, and explains directories', async () => {
    const { read, write } = setup();
    write('src/auth.old.ts', 'x');
    write('src/authz.ts', 'x');
    write('src/unrelated.md', 'x');
    const missing = await read({ path: 'src/auth.ts' });
    expect(missing.outcome.errorClass).toBe('not_found');
    expect(text(missing)).toBe('File src/auth.ts not found — the directory has auth.old.ts and authz.ts.');
    expect(text(await read({ path: 'nope/x.ts' }))).toBe(
      'File nope/x.ts not found — its directory nope does not exist either.',
    );
    expect(text(await read({ path: 'src' }))).toBe(
      'src is a directory, not a file. Use list_dir to see what it contains.',
    );
  });

  it('refuses what the file policy refuses', async () => {
    const { workspace, read } = setup();
    const outside = tempDir();
    writeFileSync(path.join(outside, 'secret'), 'secret');
    symlinkSync(path.join(outside, 'secret'), path.join(workspace, 'link'));
    execFileSync('mkfifo', [path.join(workspace, 'pipe')]);
    for (const p of ['/etc/passwd', '../x', 'link', 'pipe']) {
      const result = await read({ path: p });
      expect(result.outcome.errorClass).toBe('sandbox_violation');
      expect(text(result)).not.toContain('secret\n');
    }
    expect(text(await read({ path: '/etc/passwd' }))).toBe(
      `Cannot read /etc/passwd: it is outside the readable roots (${workspace}). Current directory: ${workspace}.`,
    );
  });

  it('classifies as file_read with the canonical path', async () => {
    const workspace = tempDir();
    const intents: unknown[] = [];
    const runtime = makeRuntime({
      workspace,
      tools: [readFileTool()],
      permission: {
        evaluate: (intent) => {
          intents.push(intent);
          return { behavior: 'allow' };
        },
      },
    });
    writeFileSync(path.join(workspace, 'a.txt'), 'a');
    await runtime.beginTurn().call({ id: 'r', name: 'read_file', arguments: { path: './a.txt' } });
    expect(intents[0]).toMatchObject({
      action: 'file_read',
      summary: 'read ./a.txt',
      scope: { tool: 'read_file', operation: 'read_file', paths: [path.join(workspace, 'a.txt')] },
    });
  });
});
