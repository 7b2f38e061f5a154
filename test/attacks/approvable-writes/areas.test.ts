// Attacks on approvableWrites (docs/tools.md#the-file-policy): how the owner's areas are compiled. Each test asserts the SAFE behaviour, so a
// failing test is a hole: a path the owner never listed becomes approvable.
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools, createRuntime, loadConfig } from '../../../src/index.js';
import { configWorkspace } from '../../support/config.js';
import { text } from '../../support/results.js';
import { askingTurn, call } from '../../support/runtime.js';
import { tempDir } from '../../support/temp.js';

const write = (file: string, content = 'x\n') => call('write_file', { path: file, content });

describe('entries that would make everything (or a folder the owner never named) approvable', () => {
  test.each([
    '//**',
    '/./**',
    '/tmp/../**',
    '/*/**',
    '/**/etc/passwd',
    '/{tmp,etc}/**',
    '/tmp/..',
    '/tmp/../',
    '/?mp/**',
    '/[t]mp/**',
    '/.*/**',
  ])('%s is refused by createRuntime', (entry) => {
    const ws = tempDir('hr-rt-ws-');
    expect(() =>
      createRuntime({ workspace: ws, approvableWrites: [entry], tools: builtinTools(), sandbox: 'none' }),
    ).toThrow(/approvableWrites/);
  });

  test.each(['exports/**', './exports', '~/exports/**', 'C:/x', ''])('relative %j is refused', (entry) => {
    const ws = tempDir('hr-rt-ws-');
    expect(() => createRuntime({ workspace: ws, approvableWrites: [entry], sandbox: 'none' })).toThrow(
      /approvableWrites/,
    );
  });

  test('a literal entry that is a symbolic link to / is refused like /** (it names every path)', async () => {
    const ws = tempDir('hr-rt-ws-');
    const link = path.join(tempDir('hr-rt-links-'), 'everything');
    symlinkSync('/', link);
    let runtime: ReturnType<typeof createRuntime> | undefined;
    try {
      runtime = createRuntime({ workspace: ws, approvableWrites: [link], sandbox: 'none' });
    } catch (error) {
      expect(String(error)).toMatch(/approvableWrites/);
      return;
    }
    await runtime.close();
    // Not refused: then at least /etc must not be approvable through it.
    const h = askingTurn({ workspace: ws, approvableWrites: [link] }, 'deny');
    const result = await h.turn.call(write('/etc/handrail-redteam-probe'));
    expect(h.asked.map((r) => r.widens)).toEqual([]);
    expect(result.outcome.errorClass).toBe('sandbox_violation');
  });
});

describe('an area whose folder does not exist yet, claimed by a link planted later', () => {
  // /tmp/exports is missing when the owner configures it; anyone who can write its parent (another local user
  // in /tmp, an earlier command) makes it a link. The area must stay the folder the owner named.
  test('a link to another folder: that folder does not become approvable in the next turn', async () => {
    const ws = tempDir('hr-rt-ws-');
    const parent = tempDir('hr-rt-parent-');
    const victim = tempDir('hr-rt-victim-');
    const area = path.join(parent, 'exports');
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, 'deny');
    symlinkSync(victim, area);
    const next = h.runtime.beginTurn();
    const result = await next.call(write(path.join(victim, 'cron-job')));
    expect(h.asked.map((r) => r.widens)).toEqual([]);
    expect(result.outcome.errorClass).toBe('sandbox_violation');
  });

  test('a link to /: /etc does not become approvable in the next turn', async () => {
    const ws = tempDir('hr-rt-ws-');
    const parent = tempDir('hr-rt-parent-');
    const area = path.join(parent, 'exports');
    const h = askingTurn({ workspace: ws, approvableWrites: [`${area}/**`] }, 'deny');
    symlinkSync('/', area);
    const next = h.runtime.beginTurn();
    const result = await next.call(write('/etc/handrail-redteam-probe'));
    expect(h.asked.map((r) => r.widens)).toEqual([]);
    expect(text(result)).not.toMatch(/approve/);
  });

  test('a literal entry: same', async () => {
    const ws = tempDir('hr-rt-ws-');
    const parent = tempDir('hr-rt-parent-');
    const victim = tempDir('hr-rt-victim-');
    const area = path.join(parent, 'exports');
    const h = askingTurn({ workspace: ws, approvableWrites: [area] }, 'deny');
    symlinkSync(victim, area);
    const next = h.runtime.beginTurn();
    await next.call(write(path.join(victim, 'x')));
    expect(h.asked.map((r) => r.widens)).toEqual([]);
  });
});

describe('what a glob matches', () => {
  test('`*` is one level; `..` spellings and neighbours stay outside', async () => {
    const ws = tempDir('hr-rt-ws-');
    const parent = tempDir('hr-rt-parent-');
    const victim = realpathSync(tempDir('hr-rt-victim-'));
    mkdirSync(path.join(parent, 'sub'));
    const h = askingTurn({ workspace: ws, approvableWrites: [`${parent}/*.csv`] }, 'deny');
    for (const target of [
      path.join(parent, 'sub', 'x.csv'),
      `${parent}/sub/../../${path.basename(victim)}/x.csv`,
      `${parent}/x.csv/../../${path.basename(victim)}/y.csv`,
      `${parent}-x.csv`,
    ]) {
      const result = await h.turn.call(write(target));
      expect(result.outcome.errorClass, target).toBe('sandbox_violation');
    }
    expect(h.asked.map((r) => r.widens)).toEqual([]);
  });

  test('an area spelled in NFC does not cover an NFD spelling (a different name on Linux)', async () => {
    const ws = tempDir('hr-rt-ws-');
    const parent = tempDir('hr-rt-parent-');
    const composed = path.join(parent, 'caf\u00e9');
    mkdirSync(composed);
    mkdirSync(path.join(parent, 'cafe\u0301'));
    const h = askingTurn({ workspace: ws, approvableWrites: [`${composed}/**`] }, 'deny');
    const result = await h.turn.call(write(path.join(parent, 'cafe\u0301', 'x')));
    expect(result.outcome.errorClass).toBe('sandbox_violation');
    expect(h.asked.map((r) => r.widens)).toEqual([]);
  });
});

describe('config files', () => {
  test('an untrusted project config cannot add areas (ignored, with a warning); ~/ in it changes nothing', () => {
    const { ws, env } = configWorkspace(
      { '.handrail/config.json': { approvableWrites: ['/etc/**', '~/**', '~/../../**'] } },
      'hr-rt-cfg-',
    );
    const loaded = loadConfig({ cwd: ws, env });
    expect(loaded.options.approvableWrites ?? []).toEqual([]);
    expect(loaded.warnings.map((w) => w.path).join(' ')).toContain('approvableWrites');
  });

  test('a user config ~/ entry that climbs to / is refused by createRuntime', () => {
    const { ws, env } = configWorkspace(
      { '~/.config/handrail/config.json': { approvableWrites: ['~/../../../**'] } },
      'hr-rt-cfg-',
    );
    const loaded = loadConfig({ cwd: ws, env });
    if (loaded.errors.length > 0) return;
    expect(() => createRuntime({ ...loaded.options, sandbox: 'none' })).toThrow(/approvableWrites/);
  });
});
