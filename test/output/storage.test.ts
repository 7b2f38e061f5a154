import { mkdir, readdir, readFile, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { OutputStore } from '../../src/output/storage.js';
import { tempDir } from '../support/temp.js';

let root: string;
let dir: string;

beforeEach(() => {
  root = tempDir('handrail-output-');
  dir = path.join(root, 'outputs');
});

function inside(file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

describe('OutputStore.save', () => {
  it('round-trips text to <dir>/<turn>/<call>.txt', async () => {
    const store = new OutputStore({ dir });
    const text = 'hello é 😀\n'.repeat(1000);
    const saved = await store.save('turn-1', 'call_1', text);
    expect(saved.path).toBe(path.join(dir, 'turn-1', 'call_1.txt'));
    expect(saved.bytes).toBe(Buffer.byteLength(text));
    expect(await readFile(saved.path, 'utf8')).toBe(text);
    expect(await store.read(saved.path)).toBe(text);
    expect(await store.read('turn-1/call_1.txt')).toBe(text);
  });

  it('creates a private directory, private files and a .gitignore', async () => {
    const store = new OutputStore({ dir });
    const saved = await store.save('t', 'c', 'x');
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.dirname(saved.path))).mode & 0o777).toBe(0o700);
    expect((await stat(saved.path)).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('*\n');
  });

  it('leaves an existing .gitignore alone', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, '.gitignore'), 'custom\n');
    await new OutputStore({ dir }).save('t', 'c', 'x');
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('custom\n');
  });

  it('never overwrites: a second save of the same call gets a -2 suffix', async () => {
    const store = new OutputStore({ dir });
    const first = await store.save('t', 'c', 'first');
    const second = await store.save('t', 'c', 'second');
    expect(second.path).toBe(path.join(dir, 't', 'c-2.txt'));
    expect(await readFile(first.path, 'utf8')).toBe('first');
    expect(await readFile(second.path, 'utf8')).toBe('second');
  });

  it('gives concurrent saves distinct files and leaves no temp files', async () => {
    const store = new OutputStore({ dir });
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.save('t', 'c', `output ${i}`)),
    );
    expect(new Set(saved.map((s) => s.path)).size).toBe(20);
    for (const [i, s] of saved.entries()) expect(await readFile(s.path, 'utf8')).toBe(`output ${i}`);
    expect((await readdir(path.join(dir, 't'))).filter((f) => !f.endsWith('.txt'))).toEqual([]);
  });

  it('sanitizes ids so they stay inside the directory', async () => {
    const store = new OutputStore({ dir });
    const traversal = await store.save('turn', '../../etc/passwd', 'x');
    expect(inside(traversal.path)).toBe(true);
    expect(path.basename(traversal.path)).toBe('_._.._etc_passwd.txt');
    const dots = await store.save('..', '.', 'x');
    expect(inside(dots.path)).toBe(true);
    expect(path.relative(dir, dots.path)).toBe(path.join('_.', '_.txt'));
    const hidden = await store.save('.gitignore', '', 'x');
    expect(path.relative(dir, hidden.path)).toBe(path.join('_gitignore', '_.txt'));
    const long = await store.save('t', `${'a'.repeat(300)}/😀`, 'x');
    expect(path.basename(long.path)).toBe(`${'a'.repeat(100)}.txt`);
    for (const f of [traversal, dots, hidden, long]) expect(await readFile(f.path, 'utf8')).toBe('x');
  });

  it('prunes the oldest files beyond maxFiles and removes emptied turn folders', async () => {
    const store = new OutputStore({ dir, maxFiles: 3 });
    const saved = [];
    for (let i = 0; i < 5; i++) saved.push(await store.save(`turn-${i}`, 'c', `output ${i}`));
    expect(await Promise.all(saved.map((s) => exists(s.path)))).toEqual([false, false, true, true, true]);
    expect(await exists(path.join(dir, 'turn-0'))).toBe(false);
    expect((await readdir(dir)).sort()).toEqual(['.gitignore', 'turn-2', 'turn-3', 'turn-4']);
  });

  it('prunes the oldest files beyond maxTotalBytes', async () => {
    const store = new OutputStore({ dir, maxTotalBytes: 250 });
    const saved = [];
    for (let i = 0; i < 4; i++) saved.push(await store.save('t', `c${i}`, String(i).repeat(100)));
    expect(await Promise.all(saved.map((s) => exists(s.path)))).toEqual([false, false, true, true]);
  });

  it('always keeps the newest file, even over budget', async () => {
    const store = new OutputStore({ dir, maxTotalBytes: 10 });
    const saved = await store.save('t', 'c', 'y'.repeat(100));
    expect(await readFile(saved.path, 'utf8')).toBe('y'.repeat(100));
  });

  it('counts outputs found on disk at first use, oldest by mtime first', async () => {
    const old = new OutputStore({ dir });
    const a = await old.save('t0', 'a', 'a');
    const b = await old.save('t0', 'b', 'b');
    await utimes(a.path, new Date(2_000_000_000), new Date(2_000_000_000));
    await utimes(b.path, new Date(1_000_000_000), new Date(1_000_000_000));
    const store = new OutputStore({ dir, maxFiles: 2 });
    const c = await store.save('t1', 'c', 'c');
    expect(await exists(b.path)).toBe(false); // b is older by mtime, though it was written later
    expect(await exists(a.path)).toBe(true);
    expect(await exists(c.path)).toBe(true);
  });

  it('cuts text beyond maxFileBytes with a final line saying how much was dropped', async () => {
    const store = new OutputStore({ dir, maxFileBytes: 1000 });
    const text = 'é'.repeat(5000); // 10,000 bytes
    const saved = await store.save('t', 'c', text);
    const stored = await readFile(saved.path);
    expect(stored.length).toBe(saved.bytes);
    expect(saved.bytes).toBeLessThanOrEqual(1000);
    const content = stored.toString('utf8');
    expect(content).not.toContain('\uFFFD');
    const [kept, note] = content.split('\n');
    expect(text.startsWith(kept!)).toBe(true);
    expect(kept).toBe('é'.repeat(458));
    expect(note).toBe('[... 9,084 bytes (8.9 KiB) dropped: output exceeded the 1000 B storage limit ...]');
  });
});

describe('OutputStore.read', () => {
  it('reads byte windows that page through multi-byte text without loss', async () => {
    const store = new OutputStore({ dir });
    const text = 'aé😀€\n'.repeat(40);
    const saved = await store.save('t', 'c', text);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      let joined = '';
      for (let offset = 0; offset < saved.bytes; offset += size) {
        const page = await store.read(saved.path, { offset, length: size });
        expect(page).not.toContain('\uFFFD');
        joined += page;
      }
      expect(joined).toBe(text);
    }
    expect(await store.read(saved.path, { offset: 1_000_000 })).toBe('');
    expect(await store.read(saved.path, { length: 3 })).toBe('aé');
  });

  it('refuses paths outside the directory', async () => {
    const store = new OutputStore({ dir });
    await store.save('t', 'c', 'x');
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    await expect(store.read('../secret.txt')).rejects.toThrow(/outside the output directory/);
    await expect(store.read(path.join(dir, '..', 'secret.txt'))).rejects.toThrow(
      /outside the output directory/,
    );
    await expect(store.read('t/../../secret.txt')).rejects.toThrow(/outside the output directory/);
    await expect(store.read('/etc/passwd')).rejects.toThrow(/outside the output directory/);
    await expect(store.read(dir)).rejects.toThrow(/outside the output directory/);
  });

  it('refuses a symlink in the directory that points outside', async () => {
    const store = new OutputStore({ dir });
    await store.save('t', 'c', 'x');
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    await symlink(path.join(root, 'secret.txt'), path.join(dir, 't', 'link.txt'));
    await expect(store.read(path.join(dir, 't', 'link.txt'))).rejects.toThrow(/symbolic link/);
    await mkdir(path.join(root, 'elsewhere'));
    await writeFile(path.join(root, 'elsewhere', 'secret.txt'), 'secret');
    await symlink(path.join(root, 'elsewhere'), path.join(dir, 'evil'));
    await expect(store.read('evil/secret.txt')).rejects.toThrow(/symbolic link/);
  });

  it('refuses what is not a regular file and reports missing outputs', async () => {
    const store = new OutputStore({ dir });
    await expect(store.read('t/c.txt')).rejects.toThrow(/no saved output/);
    await store.save('t', 'c', 'x');
    await expect(store.read('t')).rejects.toThrow(/not a regular file/);
    await expect(store.read('t/missing.txt')).rejects.toThrow(/no saved output/);
    await expect(store.read('t/c.txt', { offset: -1 })).rejects.toThrow(/offset/);
  });
});
