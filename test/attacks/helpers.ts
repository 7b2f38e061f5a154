// Helpers of the attack tests: a runtime with the shell tools on a chosen backend, and running one command
// through the public API (turn.call of exec_command), returning what the model reads.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRuntime, type Runtime, type RuntimeOptions, shellTools } from '../../src/index.js';
import { onCleanup } from '../support/cleanup.js';
import { text } from '../support/results.js';
import { call } from '../support/runtime.js';
import { own, ownedTempDir } from '../support/users.js';

export type Backend = 'landlock' | 'bwrap';

/** A workspace (owned by 4242 when root) with a repository, a file at the top and src/. */
export function attackWorkspace(): string {
  const ws = ownedTempDir('handrail-attack-');
  mkdirSync(path.join(ws, '.git/hooks'), { recursive: true });
  writeFileSync(path.join(ws, '.git/config'), '[core]\n');
  writeFileSync(path.join(ws, '.git/HEAD'), 'ref: refs/heads/main\n');
  mkdirSync(path.join(ws, '.handrail'), { recursive: true });
  writeFileSync(path.join(ws, '.handrail/config.json'), '{}\n');
  mkdirSync(path.join(ws, 'src'));
  writeFileSync(path.join(ws, 'README.md'), 'readme\n');
  for (const p of [
    '.git',
    '.git/hooks',
    '.git/config',
    '.git/HEAD',
    '.handrail',
    '.handrail/config.json',
    'src',
    'README.md',
  ])
    own(path.join(ws, p));
  chmodSync(ws, 0o755);
  return ws;
}

export function attackRuntime(
  backend: Backend,
  options: RuntimeOptions = {},
  ws = attackWorkspace(),
  shell: Parameters<typeof shellTools>[0] = {},
): Runtime {
  const runtime = createRuntime({
    profile: 'full_access',
    rateLimits: false,
    approver: () => ({ decision: 'allow_once' }),
    workspace: ws,
    tools: shellTools({ sandbox: backend, ...shell }),
    ...options,
  });
  onCleanup(() => runtime.close());
  return runtime;
}

/** Run one command line through exec_command and return the result's text. */
export async function sh(runtime: Runtime, cmd: string, timeoutMs = 20_000): Promise<string> {
  const turn = runtime.beginTurn();
  const result = await turn.call(call('exec_command', { cmd, yield_time_ms: 30_000, timeout_ms: timeoutMs }));
  await turn.end();
  return text(result);
}
