// The dependency rule (docs/architecture.md) as a test: cli → server / agent / adapters → extensions / tools →
// core → policy / sandbox / output / schema / store → types. A folder imports only folders below it, or
// beside it without a cycle; tools never import policy (a tool describes, the policy decides) and no guard
// imports core. The checker is tested on a planted violation, so it cannot pass by checking nothing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

const LEVEL: Record<string, number> = {
  types: 0,
  policy: 1,
  sandbox: 1,
  output: 1,
  schema: 1,
  store: 1,
  core: 2,
  extensions: 3,
  tools: 3,
  server: 4,
  config: 4,
  agent: 4,
  adapters: 4,
  cli: 5,
  index: 6,
};

/** Edges that the levels would allow but the design forbids. */
const FORBIDDEN: ReadonlyArray<[string, string, string]> = [
  ['tools', 'policy', 'a tool describes its call; the policy decides'],
  ['extensions', 'policy', 'dynamic tools never classify themselves'],
];

type Graph = Map<string, Map<string, string[]>>;

/** Folder-level import graph of src/: folder → folder → the file-level imports behind that edge. */
function importGraph(root: string): Graph {
  const graph: Graph = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts')) {
        const from = folderOf(root, file);
        for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
          const to = folderOf(root, path.resolve(path.dirname(file), match[1]!));
          // Outside the tree looked at (a sub-tree's imports of types/, say): no cycle can pass there.
          if (to === from || to === '..') continue;
          const edges = graph.get(from) ?? new Map<string, string[]>();
          graph.set(from, edges);
          edges.set(to, [...(edges.get(to) ?? []), `${path.relative(root, file)} → ${match[1]}`]);
        }
      }
    }
  };
  walk(root);
  return graph;
}

function folderOf(root: string, file: string): string {
  return path
    .relative(root, file)
    .split(path.sep)[0]!
    .replace(/\.(ts|js)$/, '');
}

/** Every broken rule, as sentences naming the files. */
function violations(graph: Graph): string[] {
  const problems: string[] = [];
  for (const [from, edges] of graph) {
    for (const [to, files] of edges) {
      const a = LEVEL[from];
      const b = LEVEL[to];
      if (a === undefined || b === undefined) {
        problems.push(`${from} → ${to}: a folder the rule does not place (${files[0]})`);
        continue;
      }
      if (b > a) problems.push(`${from} → ${to}: imports a higher layer (${files[0]})`);
      const forbidden = FORBIDDEN.find(([f, t]) => f === from && t === to);
      if (forbidden) problems.push(`${from} → ${to}: ${forbidden[2]} (${files[0]})`);
    }
  }
  return [...problems, ...cycles(graph)];
}

/** Cycles between the graph's nodes (same-level folders may use each other only one way). */
function cycles(graph: Graph): string[] {
  const problems: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'visiting') {
        problems.push(`cycle: ${[...stack.slice(stack.indexOf(next)), next].join(' → ')}`);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return problems;
}

/**
 * Imports into another top-level folder that bypass a front door: every such import must name an `index.js`
 * (the folder's, or one of its sub-folders'), so a folder's insides can move without its users noticing.
 */
function backDoors(root: string, files: Array<[string, string]>): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (folderOf(root, target) === folderOf(root, file)) continue;
      if (path.basename(target) !== 'index.js') {
        problems.push(`${path.relative(root, file)} → ${match[1]}: import it through the folder's index.ts`);
      }
    }
  }
  return problems;
}

function sourceFiles(dir: string): Array<[string, string]> {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [file, readFileSync(file, 'utf8')];
    });
}

describe('the dependency rule', () => {
  test('other folders come in through the front door: an import into another folder names its index.ts', () => {
    expect(backDoors(SRC, sourceFiles(SRC))).toEqual([]);
    // The check is real: a planted import of a folder's inside is reported; through its index it is not.
    const planted: Array<[string, string]> = [
      [path.join(SRC, 'tools/x.ts'), "import { ToolError } from '../core/errors.js';"],
      [path.join(SRC, 'tools/y.ts'), "import { ToolError } from '../core/index.js';"],
    ];
    expect(backDoors(SRC, planted)).toEqual([
      "tools/x.ts → ../core/errors.js: import it through the folder's index.ts",
    ]);
  });

  test('src/ keeps it: no import up a layer, no tool importing policy, no cycle between folders', () => {
    expect(violations(importGraph(SRC))).toEqual([]);
  });

  test("sandbox/'s sub-folders (and its top-level files) import each other without a cycle", () => {
    const graph = importGraph(path.join(SRC, 'sandbox'));
    // The graph is the real one: the backends use process/ (its contract, rlimits, run directories).
    expect(graph.get('backends')?.has('process')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });

  test('inside every folder, its files and sub-folders import each other without a cycle', () => {
    const folders = readdirSync(SRC, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.length).toBeGreaterThan(8);
    const found = folders.flatMap((folder) =>
      cycles(importGraph(path.join(SRC, folder.name))).map((cycle) => `${folder.name}/: ${cycle}`),
    );
    expect(found).toEqual([]);
  });

  test('the checker finds a planted violation, a forbidden edge and a cycle', () => {
    const graph: Graph = new Map([
      ['policy', new Map([['core', ['policy/x.ts → ../core/y.js']]])],
      ['core', new Map([['policy', ['core/y.ts → ../policy/x.js']]])],
      ['tools', new Map([['policy', ['tools/z.ts → ../policy/x.js']]])],
    ]);
    const found = violations(graph);
    expect(found).toContainEqual('policy → core: imports a higher layer (policy/x.ts → ../core/y.js)');
    expect(found.some((p) => p.startsWith('tools → policy: a tool describes'))).toBe(true);
    expect(found.some((p) => p.startsWith('cycle: '))).toBe(true);
    // The same check inside sandbox/: process and backends using each other.
    const inside: Graph = new Map([
      ['process', new Map([['backends', ['process/plan.ts → ../backends/types.js']]])],
      ['backends', new Map([['process', ['backends/bwrap.ts → ../process/rlimits.js']]])],
      ['precheck', new Map([['process', ['precheck.ts → ./process/shell.js']]])],
    ]);
    expect(cycles(inside)).toEqual(['cycle: process → backends → process']);
  });
});
