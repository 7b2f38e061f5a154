import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { decideStatic } from '../../../src/policy/index.js';
import { evaluateRules, suggestRule } from '../../../src/policy/rules/index.js';
import type { PermissionIntent } from '../../../src/types/index.js';
import { sharedTempDir } from '../../support/temp.js';
import { intentFor, policy, sh, webIntent } from '../helpers.js';

const ws = sharedTempDir('handrail-policy-');
const mcp = (tool: string, action: 'mcp_read' | 'mcp_write_or_unknown' = 'mcp_read'): PermissionIntent => ({
  action,
  summary: tool,
  scope: { tool, server: tool.split('__')[1], payloadHash: 'h' },
});

describe('layers', () => {
  test('deny > ask > allow across layers; a lower layer tightens but never loosens', () => {
    const p = policy(ws, {
      managed: { deny: ['exec_command(curl:*)'], allow: ['exec_command(git log:*)'] },
      project: { ask: ['exec_command(git log:*)'] },
      session: { allow: ['exec_command(curl example.com)'] },
    });
    expect(evaluateRules(p, sh('curl example.com', ws))).toMatchObject({
      behavior: 'deny',
      rule: 'exec_command(curl:*)',
      layer: 'managed',
      source: 'inline',
    });
    expect(evaluateRules(p, sh('git log -1', ws))).toMatchObject({ behavior: 'ask', layer: 'project' });
  });

  test('on ties the strongest layer is reported, with the message of a structured rule', () => {
    const p = policy(ws, {
      user: { deny: ['exec_command(rm:*)'] },
      project: {
        rules: [{ tool: 'exec_command', command: ['rm'], decision: 'deny', message: 'Use trash instead.' }],
      },
    });
    expect(evaluateRules(p, sh('rm a', ws))).toMatchObject({
      behavior: 'deny',
      rule: 'rules[0]',
      layer: 'project',
      message: 'Use trash instead.',
    });
  });

  test('no rule for the tool: undefined (the mode decides)', () => {
    const p = policy(ws, { project: { allow: ['read_file'] } });
    expect(evaluateRules(p, sh('ls', ws))).toBeUndefined();
    expect(evaluateRules(undefined, sh('ls', ws))).toBeUndefined();
  });
});

describe('tool selectors', () => {
  test('mcp__server, mcp__server__*, mcp__server__tool, Class(kind), *', () => {
    const p = policy(ws, {
      project: {
        allow: ['mcp__github', 'Class(mcp_read)'],
        deny: ['mcp__github__delete_repo'],
        ask: ['mcp__linear__*'],
      },
    });
    expect(evaluateRules(p, mcp('mcp__github__create_issue', 'mcp_write_or_unknown'))?.behavior).toBe(
      'allow',
    );
    expect(evaluateRules(p, mcp('mcp__github__delete_repo'))?.behavior).toBe('deny');
    expect(evaluateRules(p, mcp('mcp__githubx__a', 'mcp_write_or_unknown'))).toBeUndefined();
    expect(evaluateRules(p, mcp('mcp__linear__list'))?.behavior).toBe('ask');
    expect(evaluateRules(p, mcp('mcp__other__list'))).toMatchObject({
      behavior: 'allow',
      rule: 'Class(mcp_read)',
    });
    const star = policy(ws, { session: { deny: ['*'] } });
    expect(evaluateRules(star, mcp('mcp__a__b'))?.behavior).toBe('deny');
  });

  test('bad tool names and unknown classes are load errors', () => {
    expect(() => policy(ws, { project: { allow: ['Class(file_delete)'] } })).toThrow(
      /allow\[0\].*unknown action kind/,
    );
    expect(() => policy(ws, { project: { deny: ['exec command(ls)'] } })).toThrow(
      /deny\[0\].*not a tool name/,
    );
    expect(() => policy(ws, { project: { deny: ['exec_command(ls'] } })).toThrow(/deny\[0\]/);
  });
});

describe('domain rules', () => {
  test('exact host, or subdomains on label boundaries', () => {
    const p = policy(ws, {
      project: {
        allow: ['web_fetch(domain:example.com)', 'web_fetch(domain:*.docs.rs)'],
        deny: ['WebFetch(domain:evil.com)'],
      },
    });
    const v = (url: string) => evaluateRules(p, webIntent(url))?.behavior;
    expect(v('https://example.com/a')).toBe('allow');
    expect(v('https://EXAMPLE.com./a')).toBe('allow');
    expect(v('https://api.example.com/')).toBeUndefined();
    expect(v('https://badexample.com/')).toBeUndefined();
    expect(v('https://example.com.evil.net/')).toBeUndefined();
    expect(v('https://serde.docs.rs/')).toBe('allow');
    expect(v('https://docs.rs/')).toBeUndefined();
    expect(v('https://evil.com/')).toBe('deny');
    expect(v('https://a.evil.com/')).toBeUndefined();
  });

  test('real web tool intents', () => {
    const p = policy(ws, {
      project: {
        allow: ['web_fetch(domain:example.com)', 'download_url(domain:example.com)', 'download_url(dl/**)'],
      },
    });
    expect(
      evaluateRules(p, intentFor('web_fetch', { url: 'https://user:pw@Example.COM/x' }, ws))?.behavior,
    ).toBe('allow');
    expect(
      evaluateRules(p, intentFor('web_fetch', { url: 'https://example.com.evil.io/' }, ws)),
    ).toBeUndefined();
    expect(
      evaluateRules(p, intentFor('download_url', { url: 'https://example.com/f', path: 'dl/f' }, ws))
        ?.behavior,
    ).toBe('allow');
    expect(
      evaluateRules(p, intentFor('download_url', { url: 'https://example.com/f', path: 'src/f' }, ws)),
    ).toBeUndefined();
    expect(
      suggestRule(intentFor('download_url', { url: 'https://example.com/f', path: 'dl/f' }, ws)),
    ).toEqual([`download_url(${ws}/dl/f)`, 'download_url(domain:example.com)']);
  });

  test('IDN hosts compare in punycode', () => {
    const p = policy(ws, { project: { allow: ['web_fetch(domain:bücher.example)'] } });
    expect(evaluateRules(p, webIntent('https://xn--bcher-kva.example/'))?.behavior).toBe('allow');
  });

  test('download_url needs both its host and its paths allowed', () => {
    const target = path.join(ws, 'dl/file.bin');
    const i: PermissionIntent = { ...webIntent('https://example.com/f', 'download_url') };
    i.scope = { ...i.scope, paths: [target] };
    const hostOnly = policy(ws, { project: { allow: ['download_url(domain:example.com)'] } });
    expect(evaluateRules(hostOnly, i)).toBeUndefined();
    const both = policy(ws, {
      project: { allow: ['download_url(domain:example.com)', 'download_url(dl/**)'] },
    });
    expect(evaluateRules(both, i)?.behavior).toBe('allow');
  });
});

describe('decideStatic: rules, then the mode, with the dangerous floor and the read_only ceiling', () => {
  const roots = { writableRoots: [ws] };
  test('an allow rule never lets a dangerous command through without a human', () => {
    const p = policy(ws, { project: { allow: ['exec_command(rm:*)'] } });
    const d = decideStatic('full_access', p, sh('rm -rf /', ws), roots);
    expect(d.behavior).toBe('ask');
    expect(d.rules?.[0]?.rule).toBe('exec_command(rm:*)');
    expect(decideStatic('supervised', p, sh('rm a.txt', ws), roots)).toMatchObject({
      behavior: 'allow',
      layer: 'project',
    });
  });

  test('a deny rule beats every mode; read_only is a ceiling on allow and ask rules', () => {
    const p = policy(ws, {
      project: {
        deny: ['exec_command(git push:*)'],
        allow: ['write_file(src/**)'],
        ask: ['exec_command(make:*)'],
      },
    });
    expect(decideStatic('full_access', p, sh('git push', ws), roots).behavior).toBe('deny');
    const w = intentFor('write_file', { path: 'src/a', content: '' }, ws);
    expect(decideStatic('supervised', p, w, roots)).toMatchObject({
      behavior: 'allow',
      rule: 'write_file(src/**)',
    });
    expect(decideStatic('read_only', p, w, roots)).toMatchObject({ behavior: 'deny', layer: 'mode' });
    expect(decideStatic('read_only', p, sh('make', ws), roots).behavior).toBe('deny');
    expect(decideStatic('full_access', p, sh('make', ws), roots).behavior).toBe('ask');
  });

  test('no rule: the mode decides and says so', () => {
    expect(decideStatic('supervised', undefined, sh('npm test', ws), roots)).toMatchObject({
      behavior: 'ask',
      layer: 'mode',
      source: 'supervised',
      rule: 'mode:supervised:shell_command:unknown',
    });
  });
});

describe('suggestRule', () => {
  test('the exact argv of each sub-command, never a prefix', () => {
    expect(suggestRule(sh('git log --oneline', ws))).toEqual(['exec_command(git log --oneline)']);
    expect(suggestRule(sh('git status && npm test', ws))).toEqual([
      'exec_command(git status)',
      'exec_command(npm test)',
    ]);
    expect(suggestRule(sh('git status > out.txt', ws))).toBeUndefined();
    expect(suggestRule(sh('echo $(id)', ws))).toBeUndefined();
    expect(suggestRule(sh('rm -rf /', ws))).toBeUndefined();
    expect(suggestRule(sh('git\u200d status', ws))).toBeUndefined();
    expect(suggestRule(intentFor('write_stdin', { session_id: 1, chars: 'ls' }, ws))).toBeUndefined();
  });

  test('a line that changes directory and then runs a program by relative path gets no rule', () => {
    // `exec_command(./build.sh)` would allow the root's ./build.sh, not the sub/build.sh the human saw.
    expect(suggestRule(sh('cd sub && ./build.sh', ws))).toBeUndefined();
    expect(suggestRule(sh('pushd tools; bin/gen --all', ws))).toBeUndefined();
    // Without a directory change, or with an absolute program, the per-command rules stand.
    expect(suggestRule(sh('./build.sh', ws))).toEqual(['exec_command(./build.sh)']);
    // The same line with a workdir: the human is shown where, and gets no rule that would cover every folder.
    mkdirSync(path.join(ws, 'sub'), { recursive: true });
    const there = intentFor('exec_command', { cmd: './build.sh', workdir: 'sub' }, ws);
    expect(there.summary).toBe('./build.sh (in sub)');
    expect(suggestRule(there)).toBeUndefined();
    expect(suggestRule(intentFor('exec_command', { cmd: 'npm test', workdir: 'sub' }, ws))).toEqual([
      'exec_command(npm test)',
    ]);
  });

  test('an allow rule for a relative program does not run another directory’s program of that name', () => {
    const p = policy(ws, { session: { allow: ['exec_command(./build.sh)', 'exec_command(npm test)'] } });
    expect(evaluateRules(p, sh('./build.sh', ws))?.behavior).toBe('allow');
    mkdirSync(path.join(ws, 'b'), { recursive: true });
    for (const intent of [
      intentFor('exec_command', { cmd: './build.sh', workdir: 'b' }, ws),
      intentFor('exec_command', { cmd: 'nice ./build.sh', workdir: 'b' }, ws),
      sh('env -C b ./build.sh', ws),
      sh('env --chdir=b ./build.sh', ws),
      sh('cd b && ./build.sh', ws),
      sh('unshare --wd=b ./build.sh', ws),
      sh('nsenter -wb ./build.sh', ws),
      sh('chroot b ./build.sh', ws),
    ])
      expect(evaluateRules(p, intent), intent.summary).toBeUndefined();
    // A program found on PATH is the same program wherever it runs.
    expect(evaluateRules(p, intentFor('exec_command', { cmd: 'npm test', workdir: 'b' }, ws))?.behavior).toBe(
      'allow',
    );
    expect(suggestRule(sh('cd sub && npm test', ws))).toEqual([
      'exec_command(cd sub)',
      'exec_command(npm test)',
    ]);
  });

  test('suggested rules allow exactly the call they came from (round trip)', () => {
    const cases: PermissionIntent[] = [
      sh('git commit -m \'fix: *\' --author "A B"', ws),
      sh('npm run test:*', ws),
      sh("echo '*' ':*' '$HOME' '(x)' \"it's\"", ws),
      sh('grep -r "a b" src && wc -l', ws),
      intentFor('write_file', { path: 'src/[id]/page (1).tsx', content: '' }, ws),
      intentFor(
        'apply_patch',
        { patch: '*** Begin Patch\n*** Add File: a\n+x\n*** Add File: b*\n+y\n*** End Patch' },
        ws,
      ),
      webIntent('https://api.example.com/x'),
      mcp('mcp__gh__list'),
    ];
    for (const intent of cases) {
      const rules = suggestRule(intent);
      expect(rules, intent.summary).toBeDefined();
      const p = policy(ws, { session: { allow: rules! } });
      expect(evaluateRules(p, intent)?.behavior, `${intent.summary} ← ${rules}`).toBe('allow');
    }
    // ...and nothing broader: a suggested shell rule does not allow extra arguments or other commands.
    const p = policy(ws, { session: { allow: suggestRule(sh('git log --oneline', ws))! } });
    expect(evaluateRules(p, sh('git log --oneline -p', ws))).toBeUndefined();
    expect(evaluateRules(p, sh('git log', ws))).toBeUndefined();
    const q = policy(ws, { session: { allow: suggestRule(sh('npm run test:*', ws))! } });
    expect(evaluateRules(q, sh('npm run test:unit', ws))).toBeUndefined();
    const r = policy(ws, { session: { allow: suggestRule(intentFor('list_dir', { path: 'src' }, ws))! } });
    expect(evaluateRules(r, intentFor('list_dir', { path: 'src/deep' }, ws))).toBeUndefined();
  });
});
