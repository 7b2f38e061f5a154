// A literal deny-read rule that goes through a symbolic link (`config/prod` where `config -> cfg`) covers the
// real folder however it is reached: by the link, by its real name, with read_file or with a command.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools } from '../../src/index.js';
import { text } from '../support/results.js';
import { call, makeRuntime } from '../support/runtime.js';
import { bwrapReady } from '../support/sandbox.js';
import { ownedTempDir } from '../support/users.js';

const SECRET = 'deny-read-through-a-link-secret';

function linkedWorkspace() {
  const ws = ownedTempDir('hr-deny-link-');
  mkdirSync(path.join(ws, 'cfg/prod'), { recursive: true });
  writeFileSync(path.join(ws, 'cfg/prod/secret.env'), `${SECRET}\n`);
  writeFileSync(path.join(ws, 'cfg/dev.env'), 'dev\n');
  symlinkSync('cfg', path.join(ws, 'config'));
  return ws;
}

describe('a deny-read rule through a symbolic link', () => {
  test('read_file refuses the file by the link and by its real name; the rest of the folder stays readable', async () => {
    const ws = linkedWorkspace();
    const runtime = makeRuntime({ workspace: ws, tools: builtinTools(), denyRead: ['config/prod'] });
    const turn = runtime.beginTurn();
    for (const file of ['config/prod/secret.env', 'cfg/prod/secret.env']) {
      const result = await turn.call(call('read_file', { path: file }));
      expect(result.isError, file).toBe(true);
      expect(text(result)).not.toContain(SECRET);
    }
    expect(text(await turn.call(call('read_file', { path: 'config/dev.env' })))).toContain('dev');
  });

  test.skipIf(!bwrapReady)('a command reads it by neither name', async () => {
    const ws = linkedWorkspace();
    const runtime = makeRuntime({
      workspace: ws,
      tools: builtinTools(),
      denyRead: ['config/prod'],
      profile: 'full_access',
      sandbox: 'bwrap',
    });
    const result = await runtime
      .beginTurn()
      .call(call('exec_command', { cmd: 'cat config/prod/secret.env cfg/prod/secret.env; cat cfg/dev.env' }));
    expect(text(result)).not.toContain(SECRET);
    expect(text(result)).toContain('dev');
  });
});
