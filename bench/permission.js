// Permission evaluation with 200 rules of mixed kinds (command words, path globs, hosts, MCP names, classes,
// structured rules) in three layers, against a baseline of 200 trivial object lookups per call, in one run.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = (p) => pathToFileURL(path.resolve(import.meta.dirname, '../dist', p)).href;

function rules200(ws) {
  const allow = [];
  const ask = [];
  const deny = [];
  for (let i = 0; i < 60; i++) allow.push(`exec_command(tool${i} run:*)`);
  for (let i = 0; i < 20; i++) deny.push(`exec_command(bad${i}:*)`);
  for (let i = 0; i < 10; i++) ask.push(`bash(deploy${i} *)`);
  for (let i = 0; i < 20; i++) allow.push(`write_file(src/mod${i}/**)`);
  for (let i = 0; i < 20; i++) deny.push(`Read(secret${i}/**)`);
  for (let i = 0; i < 20; i++) allow.push(`web_fetch(domain:*.site${i}.example)`);
  for (let i = 0; i < 20; i++) allow.push(`mcp__server${i}__tool`);
  allow.push('exec_command(git status)', 'exec_command(npm test)', 'Class(mcp_read)', 'read_file(docs/**)');
  deny.push('mcp__danger');
  const rules = [];
  for (let i = 0; i < 25; i++)
    rules.push({ tool: 'exec_command', command: ['git', `sub${i}`], decision: 'ask' });
  return {
    managed: { deny: deny.slice(0, 10) },
    project: { allow: allow.slice(0, 80), deny: deny.slice(10), rules },
    user: { allow: allow.slice(80), ask },
    count: allow.length + ask.length + deny.length + rules.length,
    ws,
  };
}

export async function benchPermission({ rounds = 20_000, runs = 7 } = {}) {
  const { loadPolicyLayers } = await import(dist('policy/policy-file/index.js'));
  const { evaluateRules } = await import(dist('policy/rules/index.js'));
  const { builtinTools } = await import(dist('tools/index.js'));
  const { classifyCall } = await import(dist('core/permission.js'));
  const ws = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-policy-'));
  try {
    const r = rules200(ws);
    const t0 = process.hrtime.bigint();
    const policy = loadPolicyLayers({
      workspace: ws,
      home: ws,
      managed: r.managed,
      project: r.project,
      user: r.user,
    });
    const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const tools = new Map(builtinTools().map((t) => [t.name, t]));
    const at = (name, args) => classifyCall(tools.get(name), args, { workspace: ws, cwd: ws });
    const intents = [
      at('exec_command', { cmd: 'git status && npm test' }),
      at('exec_command', { cmd: 'tool42 run --fast x' }),
      at('exec_command', { cmd: 'ls && bad7 --now' }),
      at('write_file', { path: 'src/mod7/a.ts', content: '' }),
      at('read_file', { path: 'docs/readme.md' }),
      at('web_fetch', { url: 'https://api.site3.example/x' }),
      { action: 'mcp_write_or_unknown', summary: '', scope: { tool: 'mcp__server9__tool' } },
      { action: 'mcp_read', summary: '', scope: { tool: 'mcp__other__list' } },
    ];
    const table = Object.fromEntries(Array.from({ length: r.count }, (_, i) => [`k${i}`, i]));
    const keys = Object.keys(table);
    let sink = 0;
    const evaluate = () => {
      for (const intent of intents) sink += evaluateRules(policy, intent) ? 1 : 0;
    };
    const baseline = () => {
      for (let j = 0; j < intents.length; j++) for (const k of keys) sink += table[k];
    };
    const perCall = (fn, n) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < n; i++) fn();
      return Number(process.hrtime.bigint() - start) / 1000 / (n * intents.length);
    };
    perCall(evaluate, 2000);
    perCall(baseline, 2000);
    const ev = [];
    const base = [];
    for (let i = 0; i < runs; i++) {
      ev.push(perCall(evaluate, rounds / 10));
      base.push(perCall(baseline, rounds / 10));
    }
    const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    return {
      rules: r.count,
      intents: intents.length,
      evaluateUs: median(ev),
      baselineUs: median(base),
      ratio: median(ev) / median(base),
      loadMs,
      sink,
    };
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}
