// Workspaces for configuration tests: a workspace and a home, with files written into them.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sharedTempDir } from './temp.js';

/**
 * A workspace (`ws`) and a home (`home`) in the file's shared temp directory; each of `files` is written as
 * given (a string) or as JSON — `~/…` paths in the home, the others in the workspace. `env` points HOME there.
 */
export function configWorkspace(files: Record<string, unknown> = {}, prefix = 'handrail-config-') {
  const ws = sharedTempDir(`${prefix}ws-`);
  const home = sharedTempDir(`${prefix}home-`);
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(rel.startsWith('~/') ? home : ws, rel.replace(/^~\//, ''));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return { ws, home, env: { HOME: home } as Record<string, string | undefined> };
}
