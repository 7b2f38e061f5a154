// The policy walk reuses what it found in directories that have not changed since the last walk: every
// change to a directory's entries must still be seen by the next walk, however soon it comes.
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ScanInput, scanPolicyPaths } from '../../../src/sandbox/backends/scan.js';
import { dirStamp } from '../../../src/sandbox/backends/scan-cache.js';
import { workspace } from '../process/helpers.js';

function put(ws: string, rel: string): void {
  const file = path.join(ws, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
}

/** Past the window in which a directory's stamp is not trusted yet (see scan-cache.ts). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function scan(ws: string) {
  const input: ScanInput = {
    roots: [{ path: ws, access: 'write' }],
    denyRead: ['**/*.pem', 'config/prod'],
    protectedPaths: [],
    visible: [],
    maxEntries: 10_000,
  };
  const result = await scanPolicyPaths(input);
  return {
    masks: result.masks.map((mask) => path.relative(ws, mask.path)).sort(),
    readOnly: result.readOnly.map((p) => path.relative(ws, p)).sort(),
    visited: result.visited,
  };
}

describe('the policy walk reuses unchanged directories', () => {
  it('a directory is trusted only once its last change is a second old', async () => {
    const ws = workspace();
    expect(dirStamp(ws)?.settled).toBe(false);
    await settle();
    expect(dirStamp(ws)?.settled).toBe(true);
    writeFileSync(path.join(ws, 'new'), 'x');
    expect(dirStamp(ws)?.settled).toBe(false);
    expect(dirStamp(path.join(ws, 'missing'))).toBeUndefined();
  });

  it('sees what is created, removed, renamed or replaced deep in a tree walked before', async () => {
    const ws = workspace();
    put(ws, 'a/b/c/code.ts');
    put(ws, 'a/b/keep.pem');
    put(ws, 'x/y/z/readme');
    put(ws, 'config/dev/settings');
    await settle();
    const first = await scan(ws);
    expect(first.masks).toEqual(['a/b/keep.pem']);
    expect(first.readOnly).toEqual([]);
    // The same again, from what was kept.
    expect(await scan(ws)).toEqual(first);

    put(ws, 'a/b/c/.envrc');
    put(ws, 'x/y/z/new.pem');
    rmSync(path.join(ws, 'a/b/keep.pem'));
    renameSync(path.join(ws, 'config/dev'), path.join(ws, 'config/prod'));
    const second = await scan(ws);
    expect(second.masks).toEqual(['config/prod', 'x/y/z/new.pem']);
    expect(second.readOnly).toEqual(['a/b/c/.envrc']);

    // Changes made once the tree has settled again, and a directory replaced by a link to another.
    await settle();
    expect(await scan(ws)).toEqual(second);
    rmSync(path.join(ws, 'x/y/z'), { recursive: true });
    put(ws, 'elsewhere/.npmrc');
    symlinkSync(path.join(ws, 'elsewhere'), path.join(ws, 'x/y/z'));
    put(ws, 'x/.vscode/settings.json');
    const third = await scan(ws);
    expect(third.masks).toEqual(['config/prod']);
    expect(third.readOnly).toEqual(['a/b/c/.envrc', 'elsewhere/.npmrc', 'x/.vscode']);
  }, 10_000);

  it('what a directory gave counts toward the entry limit as if it had been read', async () => {
    const ws = workspace();
    for (let i = 0; i < 30; i++) put(ws, `d${i % 3}/f${i}`);
    await settle();
    const input: ScanInput = {
      roots: [{ path: ws, access: 'write' }],
      denyRead: [],
      protectedPaths: [],
      visible: [],
      maxEntries: 20,
    };
    const full = await scanPolicyPaths({ ...input, maxEntries: 10_000 });
    expect(full.visited).toBe(33);
    // Kept from the walk above, and still stopped at the limit.
    const limited = await scanPolicyPaths(input);
    expect(limited.truncated).toBe(true);
    expect((await scanPolicyPaths({ ...input, maxEntries: 10_000 })).visited).toBe(33);
  }, 10_000);
});
