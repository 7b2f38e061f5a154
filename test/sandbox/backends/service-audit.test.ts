// A service (a long-lived sandboxed process, like a stdio MCP server) gets, on demand and while it runs, the
// look a command gets when it ends: protected paths it created are told once, git settings and hooks it added
// for git to run on the host are removed at once. Real bwrap (and Landlock where it runs), real git.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLandlockBackend } from '../../../src/sandbox/backends/index.js';
import type { SandboxBackend } from '../../../src/sandbox/process/backend-types.js';
import { spawnPlanned } from '../../../src/sandbox/process/index.js';
import { until } from '../../support/wait.js';
import { bwrapBackend, own, plan, workspace } from '../process/helpers.js';

const bwrap = await bwrapBackend();
const landlock = createLandlockBackend();
const backends: SandboxBackend[] = [bwrap, landlock].filter((b) => b.status().state !== 'unavailable');

/**
 * A workspace with a directory `w` to work in (Landlock closes the top of a root holding protected names), and
 * the test user's when root.
 */
function withWorkDir(): string {
  const ws = workspace();
  mkdirSync(path.join(ws, 'w'));
  own(path.join(ws, 'w'));
  return ws;
}

/** A shell that runs each line it reads from stdin and then prints `ok <n>`. */
async function service(ws: string, backend: SandboxBackend) {
  const planned = await plan(
    ws,
    {
      cmd: 'n=0; while read -r line; do eval "$line"; n=$((n+1)); echo "ok $n"; done',
      lifetime: 'service',
      stdin: 'pipe',
    },
    { backend },
  );
  if (!planned.ok) throw new Error(planned.message);
  let out = '';
  const handle = spawnPlanned(planned.plan, { onStdout: (chunk) => (out += chunk.toString()) });
  let sent = 0;
  return {
    handle,
    /** Run a line in the service and wait for it to finish. */
    async send(line: string): Promise<void> {
      sent++;
      handle.stdin?.write(`${line}\n`);
      const done = `ok ${sent}\n`;
      await until(() => out.includes(done), `the service to run: ${line}`);
    },
  };
}

const git = (args: string[]) =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], { encoding: 'utf8' });
const NESTED_REPO = [
  'mkdir -p w/sub/.git/hooks w/sub/.git/objects w/sub/.git/refs',
  'printf "ref: refs/heads/main\\n" > w/sub/.git/HEAD',
  'printf "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n[user]\\n\\tname = kept\\n" > w/sub/.git/config',
  'printf "#!/bin/sh\\ntouch /tmp/pwned\\n" > w/sub/.git/hooks/post-checkout',
  'chmod +x w/sub/.git/hooks/post-checkout',
].join(' && ');

describe.each(backends.map((b) => [b.name, b] as const))(
  '%s: a service looked at while it runs',
  (_, backend) => {
    it('what git would run in a repository it made is removed at the look, and it keeps running', async () => {
      const ws = withWorkDir();
      const { handle, send } = await service(ws, backend);
      await send(NESTED_REPO);
      const notes = await handle.audit();
      expect(notes.join('\n')).toMatch(/created protected paths.*w\/sub\/\.git/);
      expect(notes.join('\n')).toMatch(
        /Removed git settings.*core\.fsmonitor=touch \/tmp\/pwned in w\/sub\/\.git\/config/,
      );
      expect(notes.join('\n')).toMatch(/Removed git hooks.*w\/sub\/\.git\/hooks\/post-checkout/);
      const config = readFileSync(path.join(ws, 'w/sub/.git/config'), 'utf8');
      expect(config).not.toContain('fsmonitor');
      expect(git(['config', '-f', path.join(ws, 'w/sub/.git/config'), 'user.name']).trim()).toBe('kept');
      expect(existsSync(path.join(ws, 'w/sub/.git/hooks/post-checkout'))).toBe(false);
      expect(handle.running).toBe(true);
      await send('echo still here');
      await handle.kill();
    });

    it('each look tells only what is new: a created path once, a removal each time it is made', async () => {
      const ws = withWorkDir();
      const { handle, send } = await service(ws, backend);
      await send(`${NESTED_REPO} && mkdir -p w/deep && echo x > w/deep/.envrc`);
      expect((await handle.audit()).join('\n')).toMatch(/created protected paths.*w\/deep\/\.envrc/);
      // Nothing changed: nothing to tell, whatever the number of looks.
      expect(await handle.audit()).toEqual([]);
      expect(await Promise.all([handle.audit(), handle.audit()])).toEqual([[], []]);
      // The setting is back: removed again, and said again; the paths already told are not.
      await send('printf "[core]\\n\\tfsmonitor = touch /tmp/again\\n" >> w/sub/.git/config');
      const again = await handle.audit();
      expect(again).toHaveLength(1);
      expect(again[0]).toMatch(/Removed git settings.*fsmonitor=touch \/tmp\/again/);
      expect(readFileSync(path.join(ws, 'w/sub/.git/config'), 'utf8')).not.toContain('fsmonitor');
      // The last look, at the end, has nothing left to tell either; a look after the end is empty.
      const exit = await handle.kill();
      expect(exit.notes.filter((note) => !/process limit/.test(note))).toEqual([]);
      expect(await handle.audit()).toEqual([]);
    });

    it('what it adds after a look is caught by the next look, or by the last one when it ends', async () => {
      const ws = withWorkDir();
      const { handle, send } = await service(ws, backend);
      await send('git init -q w/r');
      await handle.audit();
      await send('git -C w/r config core.pager "touch /tmp/pwned"');
      const exit = await handle.kill();
      expect(exit.notes.join('\n')).toMatch(/Removed git settings.*core\.pager/);
      expect(readFileSync(path.join(ws, 'w/r/.git/config'), 'utf8')).not.toContain('pager');
    });
  },
);
