import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createRuntime, type RuntimeOptions, type ToolResult } from '../../../../src/index.js';
import { findFilesTool } from '../../../../src/tools/fs/find-files.js';
import { grepFilesTool } from '../../../../src/tools/fs/grep-files.js';
import { listDirTool } from '../../../../src/tools/fs/list-dir.js';
import { findRipgrep } from '../../../../src/tools/fs/search/rg-process.js';
import { text } from '../../../support/results.js';
import { sharedTempDir } from '../../../support/temp.js';

export const HAS_RIPGREP = findRipgrep() !== undefined;

/** A file's content, a symbolic link, or a directory (null). */
export type Entry = string | Buffer | { link: string } | null;

/**
 * Write a tree. Files get distinct modification times in the order listed, the first oldest, so "newest
 * first" is deterministic (a minute apart, from 2020-01-01).
 */
export function writeTree(root: string, tree: Record<string, Entry>): void {
  let minute = 0;
  for (const [rel, entry] of Object.entries(tree)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    if (entry === null) {
      mkdirSync(file, { recursive: true });
    } else if (typeof entry === 'object' && !Buffer.isBuffer(entry)) {
      symlinkSync(entry.link, file);
    } else {
      writeFileSync(file, entry);
      const when = new Date(Date.UTC(2020, 0, 1) + minute++ * 60_000);
      utimesSync(file, when, when);
    }
  }
}

export interface Searchers {
  workspace: string;
  /** Call a tool in a fresh turn; `javascript` uses grep_files without ripgrep. */
  call(name: string, args: Record<string, unknown>, javascript?: boolean): Promise<ToolResult>;
  /** Call and return the text the model sees. */
  see(name: string, args: Record<string, unknown>, javascript?: boolean): Promise<string>;
}

/**
 * Two runtimes over one workspace, shared by the tests of a describe block (closed after it): grep_files
 * with ripgrep, and grep_files forced to JavaScript.
 */
export function searchers(tree: Record<string, Entry>, options: RuntimeOptions = {}): Searchers {
  const workspace = options.workspace ?? sharedTempDir('handrail-search-');
  writeTree(workspace, tree);
  const make = (ripgrep: boolean) =>
    createRuntime({
      profile: 'full_access',
      rateLimits: false,
      ...options,
      workspace,
      tools: [listDirTool(), findFilesTool(), grepFilesTool({ ripgrep })],
    });
  const withRg = make(true);
  const withJs = make(false);
  afterAll(async () => {
    await Promise.all([withRg.close(), withJs.close()]);
  });
  let n = 0;
  const call = (name: string, args: Record<string, unknown>, javascript = false) =>
    (javascript ? withJs : withRg).beginTurn().call({ id: `c${n++}`, name, arguments: args });
  return { workspace, call, see: async (name, args, javascript) => text(await call(name, args, javascript)) };
}
