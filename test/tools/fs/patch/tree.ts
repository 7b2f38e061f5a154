import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A directory tree as `relative path → bytes as hex` (directories map to 'dir'), so two trees compare byte
 * for byte and a leftover empty directory or stray temp file shows up in the diff.
 */
export function readTree(root: string): Record<string, string> {
  const tree: Record<string, string> = {};
  if (!existsSync(root)) return tree;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (entry.isDirectory()) {
        tree[`${rel}/`] = 'dir';
        walk(full);
      } else {
        tree[rel] = readFileSync(full).toString('hex');
      }
    }
  };
  walk(root);
  return tree;
}
