import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  appendRule,
  checkPolicyLayers,
  loadPolicyLayers,
  POLICY_SCHEMA,
  PolicyLoadError,
} from '../../../src/policy/policy-file/index.js';
import { evaluateRules, type PolicyObject } from '../../../src/policy/rules/index.js';
import { repoRoot } from '../../support/repo.js';
import { sharedTempDir } from '../../support/temp.js';
import { policy, sh } from '../helpers.js';

const fresh = () => sharedTempDir('handrail-policy-');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};
const loadError = (fn: () => unknown): PolicyLoadError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof PolicyLoadError) return error;
    throw error;
  }
  throw new Error('expected a PolicyLoadError');
};
const only = (ws: string, project: string | PolicyObject) =>
  loadPolicyLayers({ workspace: ws, project, managed: null, user: null, home: ws, trustProject: true });

describe('loading errors name the file, the JSON path and the problem', () => {
  test('malformed JSON: line and column', () => {
    const ws = fresh();
    const file = write(path.join(ws, 'p.json'), '{\n  "allow": [\n    "read_file",\n  ]\n}\n');
    const e = loadError(() => only(ws, file));
    expect(e.file).toBe(file);
    expect(e.message).toContain(file);
    expect(e.message).toMatch(/invalid JSON at line 4, column 3: trailing comma before "]"/);
    const truncated = write(path.join(ws, 'q.json'), '{"allow": ["a"');
    expect(loadError(() => only(ws, truncated)).message).toMatch(
      /invalid JSON at line 1, column 15: unexpected end/,
    );
    const quotes = write(path.join(ws, 'r.json'), "{\n  'allow': []\n}");
    expect(loadError(() => only(ws, quotes)).message).toMatch(/line 2, column 3: expected a property name/);
  });

  test('wrong types and values: the JSON path', () => {
    const ws = fresh();
    const file = write(
      path.join(ws, 'p.json'),
      JSON.stringify({ allow: ['read_file', 3], rules: [{ tool: 'x' }, { tool: 'y', decision: 'permit' }] }),
    );
    const e = loadError(() => only(ws, file));
    const paths = e.problems.map((p) => `${p.path}: ${p.message}`);
    expect(paths).toContain('allow[1]: must be string');
    expect(paths).toContain('rules[0]: missing required property "decision"');
    expect(paths).toContain('rules[1].decision: must be one of "allow", "ask", "deny"');
  });

  test('unknown properties, with a suggestion', () => {
    const ws = fresh();
    const e = loadError(() => only(ws, { alow: ['x'] } as PolicyObject));
    expect(e.message).toMatch(/inline: alow: unknown property "alow" \(did you mean "allow"\?\)/);
  });

  test('a missing explicit file is an error; a missing default file is no layer', () => {
    const ws = fresh();
    expect(loadError(() => only(ws, path.join(ws, 'nope.json'))).message).toMatch(
      /nope\.json: \(file\): no such file/,
    );
    expect(loadPolicyLayers({ workspace: ws, home: ws, managed: null, env: {} }).layers).toHaveLength(0);
  });

  test('rule errors are collected per file', () => {
    const ws = fresh();
    const e = loadError(() =>
      only(ws, {
        allow: ['exec_command(a && b)', 'ok_tool', 'Class(nope)'],
        rules: [{ tool: 'exec_command', command: ['x'], path: 'y', decision: 'deny' }],
      }),
    );
    expect(e.problems.map((p) => p.path)).toEqual(['allow[0]', 'allow[2]', 'rules[0]']);
  });
});

describe('examples are checked at load', () => {
  const ws = fresh();
  test('passing examples load', () => {
    const p = only(ws, {
      rules: [
        {
          tool: 'exec_command',
          command: ['git', 'push'],
          decision: 'deny',
          message: 'No pushing.',
          match: ['git push', 'ls && git push -f'],
          notMatch: ['git status', 'git pushx'],
        },
        {
          tool: 'read_file',
          path: 'secrets/**',
          decision: 'deny',
          match: ['secrets/a', `${ws}/secrets/b/c`],
          notMatch: ['src/a'],
        },
        {
          tool: 'web_fetch',
          domain: '*.example.com',
          decision: 'allow',
          match: ['https://a.example.com/x', 'b.example.com'],
          notMatch: ['example.com'],
        },
        { tool: 'mcp__gh__*', decision: 'ask', match: ['mcp__gh__create'], notMatch: ['mcp__other__x'] },
      ],
    });
    expect(evaluateRules(p, sh('git push', ws))).toMatchObject({ behavior: 'deny', message: 'No pushing.' });
  });

  test('a match example the rule does not match is a load error at its JSON path', () => {
    const e = loadError(() =>
      only(ws, {
        rules: [{ tool: 'exec_command', command: ['git', 'push'], decision: 'deny', match: ['git status'] }],
      }),
    );
    expect(e.message).toMatch(
      /rules\[0\]\.match\[0\]: the rule does not match its match example "git status"/,
    );
  });

  test('a notMatch example the rule matches is a load error', () => {
    const e = loadError(() =>
      only(ws, {
        rules: [
          { tool: 'exec_command', command: ['rm'], decision: 'deny', notMatch: ['ls', '/bin/rm -rf x'] },
        ],
      }),
    );
    expect(e.message).toMatch(
      /rules\[0\]\.notMatch\[1\]: the rule matches its notMatch example "\/bin\/rm -rf x"/,
    );
  });

  test('allow examples must be exact command lines', () => {
    const e = loadError(() =>
      only(ws, {
        rules: [{ tool: 'exec_command', command: ['ls'], decision: 'allow', match: ['ls > out'] }],
      }),
    );
    expect(e.message).toMatch(/exact command lines/);
  });
});

describe('warnings for rules that can never match', () => {
  const ws = fresh();
  const known = ['exec_command', 'bash', 'write_stdin', 'read_file', 'write_file', 'web_fetch'];
  const warnings = (layers: Parameters<typeof policy>[1]) =>
    policy(ws, layers, { knownTools: known }).warnings.map((w) => `${w.layer} ${w.path}: ${w.message}`);

  test('unknown tools, wrong specifier kinds, look-alikes, duplicates', () => {
    const w = warnings({
      project: {
        allow: [
          'exec_cmd(ls)',
          'web_fetch(src/**)',
          'exec_command(ls)',
          'exec_command(ɡit status)',
          'read_file',
          'read_file',
        ],
        rules: [
          { tool: 'read_file', command: ['git'], decision: 'deny' },
          { tool: 'exec_command', path: 'src/**', decision: 'deny' },
          { tool: 'read_*', decision: 'ask' },
          { tool: 'nothing_*', decision: 'ask' },
        ],
      },
    });
    expect(w.some((m) => /allow\[0\]: no tool is named "exec_cmd"/.test(m))).toBe(true);
    expect(w.some((m) => /allow\[1\]: web_fetch calls carry no command or path.*domain:HOST/.test(m))).toBe(
      true,
    );
    expect(w.some((m) => /allow\[3\]: .*non-ASCII characters ɡ \(U\+0261\)/.test(m))).toBe(true);
    expect(w.some((m) => /allow\[5\]: "read_file" is listed twice/.test(m))).toBe(true);
    expect(w.some((m) => /rules\[0\]: read_file calls carry no command/.test(m))).toBe(true);
    expect(w.some((m) => /rules\[1\]: exec_command calls carry no path/.test(m))).toBe(true);
    expect(w.some((m) => /rules\[3\].tool: no tool name matches "nothing_\*"/.test(m))).toBe(true);
    expect(w.some((m) => /rules\[2\]/.test(m))).toBe(false);
  });

  test('a rule shadowed by a broader deny in a higher layer', () => {
    const w = warnings({
      managed: { deny: ['exec_command(git push:*)', 'read_file(secrets)', 'web_fetch(domain:*.evil.com)'] },
      user: {
        allow: [
          'exec_command(git push origin main)',
          'exec_command(git status)',
          'read_file(secrets/*.pem)',
          'web_fetch(domain:a.evil.com)',
        ],
        ask: ['exec_command(git push:*)'],
      },
    });
    expect(w.filter((m) => m.includes('can never'))).toHaveLength(4);
    expect(
      w.some((m) =>
        /user allow\[0\]: exec_command\(git push origin main\) can never allow: exec_command\(git push:\*\) in the managed layer/.test(
          m,
        ),
      ),
    ).toBe(true);
    expect(w.some((m) => m.includes('exec_command(git status) can never'))).toBe(false);
  });
});

describe('layer discovery', () => {
  test('project, user (XDG_CONFIG_HOME or ~/.config) and an injected managed file', () => {
    const ws = fresh();
    const home = fresh();
    write(path.join(ws, '.handrail/policy.json'), JSON.stringify({ deny: ['exec_command(rm:*)'] }));
    write(path.join(home, '.config/handrail/policy.json'), JSON.stringify({ allow: ['exec_command(ls)'] }));
    const managed = write(
      path.join(home, 'etc/policy.json'),
      JSON.stringify({ deny: ['exec_command(curl:*)'] }),
    );
    const p = loadPolicyLayers({ workspace: ws, home, env: {}, managed });
    expect(p.layers.map((l) => [l.name, l.source])).toEqual([
      ['managed', managed],
      ['project', path.join(ws, '.handrail/policy.json')],
      ['user', path.join(home, '.config/handrail/policy.json')],
    ]);
    const xdg = fresh();
    write(path.join(xdg, 'handrail/policy.json'), JSON.stringify({ ask: ['exec_command(ls)'] }));
    const q = loadPolicyLayers({ workspace: ws, home, env: { XDG_CONFIG_HOME: xdg }, managed: null });
    expect(q.layers.find((l) => l.name === 'user')?.source).toBe(path.join(xdg, 'handrail/policy.json'));
    expect(evaluateRules(q, sh('ls', ws))?.behavior).toBe('ask');
  });

  test('checkPolicyLayers collects every broken file', () => {
    const ws = fresh();
    const a = write(path.join(ws, 'a.json'), '{');
    const b = write(path.join(ws, 'b.json'), '{"deny": [1]}');
    const { errors, policy: p } = checkPolicyLayers({
      workspace: ws,
      home: ws,
      managed: a,
      project: b,
      user: null,
    });
    expect(errors.map((e) => e.file)).toEqual([a, b]);
    expect(p.layers).toHaveLength(0);
  });
});

describe('scale', () => {
  test('10,000 rules load and evaluate (no quadratic behaviour)', () => {
    const ws = fresh();
    const allow: string[] = [];
    const deny: string[] = [];
    for (let i = 0; i < 5000; i++) {
      allow.push(`exec_command(tool${i} --flag ${i})`);
      deny.push(i % 2 ? `read_file(dir${i}/**)` : `exec_command(bad${i}:*)`);
    }
    const file = write(path.join(ws, 'big.json'), JSON.stringify({ allow, deny }));
    const p = only(ws, file);
    expect(p.layers[0]!.rules).toHaveLength(10_000);
    expect(evaluateRules(p, sh('tool4999 --flag 4999', ws))?.behavior).toBe('allow');
    expect(evaluateRules(p, sh('bad42 x', ws))?.behavior).toBe('deny');
  });
});

describe('schema', () => {
  test('schema/policy.schema.json is the schema ajv uses', () => {
    const file = path.join(repoRoot, 'schema', 'policy.schema.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(POLICY_SCHEMA)));
  });
});

describe('appendRule', () => {
  test('creates the file and its directory, then adds without repeating', async () => {
    const ws = fresh();
    const file = path.join(ws, '.handrail/policy.json');
    expect(
      await appendRule(file, 'project', ['exec_command(git status)', 'exec_command(npm test)']),
    ).toHaveLength(2);
    expect(await appendRule(file, 'project', 'exec_command(git status)')).toEqual([]);
    const p = loadPolicyLayers({ workspace: ws, home: ws, managed: null, user: null, trustProject: true });
    expect(evaluateRules(p, sh('git status && npm test', ws))?.behavior).toBe('allow');
    expect(JSON.parse(readFileSync(file, 'utf8')).$schema).toBeDefined();
  });

  test('keeps other content and indentation', async () => {
    const ws = fresh();
    const file = write(
      path.join(ws, 'p.json'),
      '{\n    "deny": ["exec_command(rm:*)"],\n    "rules": []\n}\n',
    );
    await appendRule(file, 'user', 'read_file');
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toEqual({ deny: ['exec_command(rm:*)'], rules: [], allow: ['read_file'] });
    expect(text).toContain('\n    "deny"');
  });

  test('refuses, without touching the file, when it is broken or the rule would not load', async () => {
    const ws = fresh();
    const broken = write(path.join(ws, 'broken.json'), '{"allow": [');
    await expect(appendRule(broken, 'user', 'read_file')).rejects.toBeInstanceOf(PolicyLoadError);
    expect(readFileSync(broken, 'utf8')).toBe('{"allow": [');
    const good = write(path.join(ws, 'good.json'), '{"allow": []}');
    await expect(appendRule(good, 'user', 'exec_command(a && b)')).rejects.toThrow(/shell operator/);
    expect(readFileSync(good, 'utf8')).toBe('{"allow": []}');
  });

  test('concurrent appends lose nothing', async () => {
    const ws = fresh();
    const file = path.join(ws, 'p.json');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => appendRule(file, 'user', `exec_command(cmd${i})`)),
    );
    expect(JSON.parse(readFileSync(file, 'utf8')).allow).toHaveLength(20);
  });
});

describe('an untrusted project policy only tightens', () => {
  test('its allow rules are not used (with a warning); its deny and ask rules are', () => {
    const ws = fresh();
    const project = {
      allow: ['*', 'exec_command(git status)'],
      deny: ['exec_command(rm:*)'],
      ask: ['write_file'],
    };
    const untrusted = loadPolicyLayers({ workspace: ws, project, managed: null, user: null, home: ws });
    expect(evaluateRules(untrusted, sh('git status', ws))).toBeUndefined();
    expect(evaluateRules(untrusted, sh('rm -rf x', ws))?.behavior).toBe('deny');
    expect(untrusted.warnings.map((w) => w.message).join('\n')).toMatch(
      /2 allow rules are not used: a project policy only tightens until the project is trusted/,
    );
    const trusted = loadPolicyLayers({
      workspace: ws,
      project,
      managed: null,
      user: null,
      home: ws,
      trustProject: true,
    });
    expect(evaluateRules(trusted, sh('git status', ws))?.behavior).toBe('allow');
  });
});
