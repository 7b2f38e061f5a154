// One place per fact: the built-in tool names and their policy facets are listed once (types/), every built-in
// spec declares its facets from there, and the registry, the rule compiler and the policy file schema read
// them instead of keeping lists of their own.
import { describe, expect, test } from 'vitest';
import { createPermissionStage } from '../../../../src/core/permission.js';
import { PROTECTED_TOOL_NAMES, ToolRegistry } from '../../../../src/core/registry.js';
import { REQUEST_TOOLS } from '../../../../src/core/request-tools.js';
import type { PolicyEvaluator } from '../../../../src/policy/evaluator.js';
import { POLICY_SCHEMA, PolicyLoadError } from '../../../../src/policy/policy-file/index.js';
import type { KnownTool, PolicyObject } from '../../../../src/policy/rules/index.js';
import { builtinTools } from '../../../../src/tools/index.js';
import { BUILTIN_TOOL_FACETS, POLICY_FACETS, type ToolSpec } from '../../../../src/types/index.js';
import { sharedTempDir } from '../../../support/temp.js';
import { policy } from '../../helpers.js';

const fresh = () => sharedTempDir('handrail-policy-');

const userTool = (name: string, extra: Partial<ToolSpec> = {}): ToolSpec => ({
  name,
  description: 'x',
  inputSchema: { type: 'object', properties: {} },
  execute: () => '',
  ...extra,
});

describe('the built-in tool list', () => {
  test('names exactly the tools handrail ships: builtinTools() and request_tools, nothing more', () => {
    const shipped = [...builtinTools().map((t) => t.name), REQUEST_TOOLS].sort();
    expect(Object.keys(BUILTIN_TOOL_FACETS).sort()).toEqual(shipped);
  });

  test('every built-in spec declares the facets the list gives it', () => {
    for (const spec of builtinTools()) {
      expect(spec.facets, spec.name).toEqual(
        BUILTIN_TOOL_FACETS[spec.name as keyof typeof BUILTIN_TOOL_FACETS],
      );
    }
  });

  test('is what dynamic tools may not be named, registered or not', () => {
    expect([...PROTECTED_TOOL_NAMES].sort()).toEqual(Object.keys(BUILTIN_TOOL_FACETS).sort());
    const registry = new ToolRegistry();
    // Nothing is registered: web_fetch is still the guarded tool's name.
    expect(() => registry.register(userTool('web_fetch'), 'dynamic')).toThrow(/is a protected name/);
    expect(() => registry.register(userTool('memory_search'), 'dynamic')).not.toThrow();
  });
});

describe('a rule specifier is read by the facets its tool declares', () => {
  const ws = fresh();
  const load = (project: PolicyObject, knownTools?: KnownTool[]) =>
    policy(ws, { project }, knownTools ? { knownTools } : {});

  test('a tool that declares paths: its specifier is a path, and a host rule is warned about', () => {
    const tools = [{ name: 'lint', facets: ['path'] as const }];
    const p = load({ deny: ['lint(src/**)', 'lint(domain:example.com)'] }, tools);
    const rule = p.layers[0]!.rules.find((r) => r.text === 'lint(src/**)')!;
    expect(rule.path).toBeDefined();
    expect(rule.command).toBeUndefined();
    expect(p.warnings.map((w) => w.message)).toContain(
      'lint calls carry no host, so a rule on a host can never match them',
    );
  });

  test('a tool that declares nothing: its specifier is matched as a command and as a path, unwarned', () => {
    const p = load({ deny: ['lint(src/**)', 'lint(domain:example.com)'] }, ['lint']);
    const rule = p.layers[0]!.rules.find((r) => r.text === 'lint(src/**)')!;
    expect(rule.path).toBeDefined();
    expect(rule.command).toBeDefined();
    expect(p.warnings).toEqual([]);
  });

  test("a built-in's facets are known without a runtime: a broken command pattern is a load error", () => {
    expect(() => load({ deny: ['exec_command(a && b)'] })).toThrow(PolicyLoadError);
    expect(() => load({ deny: ['exec_command(a && b)'] })).toThrow(/shell operator/);
  });

  test('through the runtime: a user tool declares its facets, a dynamic tool cannot', () => {
    const registry = new ToolRegistry();
    registry.register(userTool('lint', { facets: ['path'] }), 'user');
    registry.register(userTool('remote', { facets: ['path'] }), 'dynamic');
    const evaluator = createPermissionStage(
      { policy: { deny: ['lint(domain:example.com)', 'remote(domain:example.com)'] } },
      { workspace: ws, roots: [{ path: ws, access: 'write' }], knownTools: () => registry.list() },
    ) as PolicyEvaluator;
    const warnings = evaluator.policy.warnings.map((w) => `${w.path}: ${w.message}`);
    expect(warnings).toEqual(['deny[0]: lint calls carry no host, so a rule on a host can never match them']);
  });
});

describe('the policy file schema reads the facet list', () => {
  test('a structured rule has one property per facet', () => {
    const properties = Object.keys(POLICY_SCHEMA.definitions.structuredRule.properties);
    for (const facet of POLICY_FACETS) expect(properties).toContain(facet);
  });

  test('a misspelt key is compared with the schema property names, at the top and in a rule', () => {
    const ws = fresh();
    expect(() => policy(ws, { project: { alow: [] } as PolicyObject })).toThrow(/did you mean "allow"/);
    const typo = { rules: [{ tool: 'read_file', domian: 'x', decision: 'deny' }] } as unknown as PolicyObject;
    expect(() => policy(ws, { project: typo })).toThrow(/did you mean "domain"/);
  });
});
