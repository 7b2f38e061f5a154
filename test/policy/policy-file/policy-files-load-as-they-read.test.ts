// Policy files that would load looser than they read, structured rule prefixes, and one
// end-to-end check that a deny rule sidestepped at run time does not run the command.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinTools, createRuntime } from '../../../src/index.js';
import { appendRule, checkPolicyLayers, PolicyLoadError } from '../../../src/policy/policy-file/index.js';
import { evaluateRules } from '../../../src/policy/rules/index.js';
import { sharedTempDir } from '../../support/temp.js';
import { policy, sh } from '../helpers.js';

const fresh = () => sharedTempDir('handrail-policy-');

describe('a policy file with a property given twice is refused', () => {
  test('a second "deny" cannot silently drop the first', () => {
    const ws = fresh();
    const file = path.join(ws, '.handrail', 'policy.json');
    mkdirSync(path.dirname(file));
    writeFileSync(file, '{\n  "deny": ["Bash(rm:*)"],\n  "allow": ["Bash"],\n  "deny": []\n}\n');
    const { errors } = checkPolicyLayers({ workspace: ws, managed: null, user: null, home: ws });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/line 4, column 3: duplicate property "deny"/);
  });

  test('also inside a structured rule', () => {
    const ws = fresh();
    const file = path.join(ws, 'p.json');
    writeFileSync(file, '{"rules": [{"tool": "Bash", "decision": "deny", "decision": "allow"}]}');
    const { errors } = checkPolicyLayers({
      workspace: ws,
      managed: null,
      user: null,
      project: file,
      home: ws,
    });
    expect(errors[0]!.message).toMatch(/duplicate property "decision"/);
  });

  test('"always" refuses to rewrite such a file (it would keep only the last key)', async () => {
    const ws = fresh();
    const file = path.join(ws, 'p.json');
    writeFileSync(file, '{"deny": ["Bash(rm:*)"], "deny": []}');
    await expect(appendRule(file, 'project', 'exec_command(ls)')).rejects.toBeInstanceOf(PolicyLoadError);
  });

  test('equal keys in different objects are fine', () => {
    const ws = fresh();
    const p = {
      rules: [
        { tool: 'exec_command', command: ['rm'], decision: 'deny' as const },
        { tool: 'exec_command', command: ['dd'], decision: 'deny' as const },
      ],
    };
    const file = path.join(ws, 'p.json');
    writeFileSync(file, JSON.stringify(p));
    expect(
      checkPolicyLayers({ workspace: ws, managed: null, user: null, project: file, home: ws }).errors,
    ).toEqual([]);
  });
});

describe('structured command prefixes', () => {
  test('a prefix given as one string with spaces is warned about (it can never match)', () => {
    const ws = fresh();
    const p = policy(ws, {
      project: { rules: [{ tool: 'exec_command', command: ['git push'], decision: 'deny' }] },
    });
    expect(evaluateRules(p, sh('git push origin', ws))).toBeUndefined();
    expect(p.warnings.map((w) => `${w.path}: ${w.message}`)).toContainEqual(
      expect.stringMatching(/^rules\[0\]\.command\[0\]: "git push" is one literal word.*\["git", "push"\]/),
    );
  });

  test('"*" in a prefix is a literal word, and is warned about', () => {
    const ws = fresh();
    const p = policy(ws, {
      project: { rules: [{ tool: 'exec_command', command: ['git', '*'], decision: 'deny' }] },
    });
    expect(evaluateRules(p, sh('git push', ws))).toBeUndefined();
    expect(p.warnings.some((w) => w.path === 'rules[0].command[1]')).toBe(true);
  });

  test('a prefix deny catches wrapped and path-qualified spellings, and run-time spellings ask', () => {
    const ws = fresh();
    const p = policy(ws, {
      project: {
        rules: [{ tool: 'Bash', command: ['git', 'push'], decision: 'deny', message: 'no pushing' }],
      },
    });
    for (const cmd of ['git push', '/usr/bin/git push -f', 'env git push', 'bash -c "git push"'])
      expect(evaluateRules(p, sh(cmd, ws))).toMatchObject({ behavior: 'deny', message: 'no pushing' });
    expect(evaluateRules(p, sh('git "$(echo push)"', ws))?.behavior).toBe('ask');
    expect(evaluateRules(p, sh('git pushx', ws))).toBeUndefined();
  });
});

describe('end to end', () => {
  test('full_access with deny rm: a glob-spelled rm is not run (no approver: ask denies)', async () => {
    const ws = fresh();
    mkdirSync(path.join(ws, 'victim'));
    writeFileSync(path.join(ws, 'victim', 'f'), 'x');
    const rt = createRuntime({
      workspace: ws,
      tools: builtinTools(),
      sandbox: 'none',
      rateLimits: false,
      profile: { mode: 'full_access', policy: { deny: ['Bash(rm:*)'] } },
      policyFiles: { user: null, managed: null },
    });
    try {
      const turn = rt.beginTurn();
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
      for (const [i, cmd] of ['/bin/r? -r victim', '${X:-rm} -r victim', 'r{m,} -r victim'].entries()) {
        const result = await turn.call({ id: `c${i}`, name: 'exec_command', arguments: { cmd } });
        expect(result.isError, cmd).toBe(true);
        expect(existsSync(path.join(ws, 'victim', 'f')), cmd).toBe(true);
      }
    } finally {
      await rt.close();
    }
  });
});
