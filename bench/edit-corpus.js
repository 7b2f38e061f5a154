// The edit corpus (test/tools/fs/edit-corpus) through handrail's edit_file and apply_patch (from dist/, one
// runtime, a turn per case) and through Pi 0.73.1's edit tool (bench/peers) on the same edit_file cases,
// each case in a fresh directory. Prints, per tool and category: the share of should-land cases that
// landed exactly as expected, wrong-place edits (landed wrong + refusals broken), refusals held, and
// refusals naming the closest candidate's lines. Then every handrail case that misses a goal.
//
//   node bench/edit-corpus.js [--pi-failures]     (after npm run build)
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CATEGORIES, loadCorpus } from '../test/tools/fs/edit-corpus/corpus.js';
import {
  describeFailure,
  failsGoals,
  judge,
  runHandrailCase,
  runPiCase,
  tally,
} from '../test/tools/fs/edit-corpus/harness.js';
import { BENCH_RUNTIME } from './runtime-options.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PI_PACKAGE = path.join(here, 'peers/node_modules/@mariozechner/pi-coding-agent');
const PI_EDIT = path.join(PI_PACKAGE, 'dist/core/tools/edit.js');

async function loadPi() {
  if (!existsSync(PI_EDIT))
    return { error: 'bench/peers is not installed (npm --prefix bench/peers install)' };
  const { createEditToolDefinition } = await import(pathToFileURL(PI_EDIT).href);
  const { version } = (
    await import(pathToFileURL(path.join(PI_PACKAGE, 'package.json')).href, { with: { type: 'json' } })
  ).default;
  return { create: createEditToolDefinition, version };
}

export async function benchEditCorpus() {
  const cases = loadCorpus();
  const root = mkdtempSync(path.join(os.tmpdir(), 'handrail-edit-corpus-'));
  const workspace = path.join(root, 'work');
  mkdirSync(workspace);
  const handrail = await import('handrail');
  const runtime = handrail.createRuntime({
    ...BENCH_RUNTIME,
    workspace,
    stateDir: path.join(root, 'state'),
    store: false,
    policyFiles: { user: null, managed: null, project: null },
    tools: handrail.builtinTools(),
  });
  const pi = await loadPi();
  const judged = { edit_file: [], apply_patch: [], pi: [] };
  try {
    let n = 0;
    for (const c of cases) {
      const dir = path.join(workspace, `case-${n++}`);
      mkdirSync(dir);
      judged[c.tool].push({ c, verdict: judge(c, await runHandrailCase(runtime, dir, c)) });
      if (pi.create && c.tool === 'edit_file') {
        const piDir = path.join(workspace, `pi-${n}`);
        mkdirSync(piDir);
        judged.pi.push({ c, verdict: judge(c, await runPiCase(pi.create, piDir, c)) });
      }
    }
  } finally {
    await runtime.close();
    rmSync(root, { recursive: true, force: true });
  }
  return { cases, judged, pi: pi.version ? `Pi ${pi.version} edit` : undefined, piError: pi.error };
}

const pct = (a, b) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)}%`);
const frac = (a, b) => (b === 0 ? '—' : `${a}/${b}`);

/** One tool's four figures for a tally row, as fixed-width cells. */
function cells(t) {
  const empty = !t || t.shouldLand + t.shouldRefuse === 0;
  const values = empty
    ? ['', '', '', '']
    : [
        frac(t.landed, t.shouldLand),
        String(t.wrong + t.broken),
        frac(t.held, t.shouldRefuse),
        frac(t.namesCandidate, t.held),
      ];
  return values.map((s, i) => s.padEnd(i === 1 ? 6 : 9));
}

/** The report as lines: the side-by-side table, a summary per tool, handrail's failing cases. */
export function formatEditCorpus(result, { piFailures = false } = {}) {
  const { cases, judged } = result;
  const tools = [
    ['edit_file', judged.edit_file],
    ['apply_patch', judged.apply_patch],
    ...(result.pi ? [[result.pi, judged.pi]] : []),
  ];
  const tallies = tools.map(([, list]) => tally(list));
  const languages = new Set(cases.map((c) => c.language)).size;
  const out = [
    `  ${cases.length} cases in ${languages} languages: ${judged.edit_file.length} edit_file, ${judged.apply_patch.length} apply_patch` +
      (result.pi
        ? `; ${result.pi} on the ${judged.pi.filter((j) => j.verdict.outcome !== 'unsupported').length} edit_file cases it can express (no replace_all)`
        : `; Pi: ${result.piError}`),
    '  landed: should-land cases landed exactly as expected; wrong: landed wrong + refusals broken;',
    "  held: should-refuse cases refused with the file unchanged; named: held refusals naming the closest candidate's lines",
    '',
    `  ${''.padEnd(22)}${tools.map(([name]) => `| ${name.padEnd(33)}`).join('')}`,
    `  ${'category'.padEnd(22)}${tools.map(() => `| ${'landed'.padEnd(9)}${'wrong'.padEnd(6)}${'held'.padEnd(9)}${'named'.padEnd(9)}`).join('')}`,
  ];
  for (const category of [...CATEGORIES, 'total']) {
    out.push(
      `  ${category.padEnd(22)}${tallies.map((t) => `| ${cells(t.get(category)).join('')}`).join('')}`,
    );
  }
  out.push('');
  tools.forEach(([name], i) => {
    const t = tallies[i].get('total');
    out.push(
      `  ${name}: landed ${pct(t.landed, t.shouldLand)} of should-land (${t.missed} refused, ${t.wrong} landed wrong); ` +
        `wrong-place ${t.wrong + t.broken}; refusals held ${pct(t.held, t.shouldRefuse)}; ` +
        `refusals naming a line ${pct(t.namesLine, t.held)}, naming the candidate ${pct(t.namesCandidate, t.held)}`,
    );
  });
  const failing = [...judged.edit_file, ...judged.apply_patch].filter((j) => failsGoals(j.verdict));
  out.push('', `  handrail cases missing a goal (${failing.length}):`);
  for (const category of CATEGORIES) {
    const list = failing.filter((j) => j.c.category === category);
    if (list.length === 0) continue;
    out.push(`    ${category} (${list.length})`);
    for (const j of list) out.push(`      ${describeFailure(j.c, j.verdict)}`);
  }
  if (piFailures && result.pi) {
    const list = judged.pi.filter((j) => failsGoals(j.verdict));
    out.push('', `  ${result.pi} cases missing a goal (${list.length}):`);
    for (const j of list) out.push(`    ${describeFailure(j.c, j.verdict)}`);
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchEditCorpus();
  console.log(formatEditCorpus(result, { piFailures: process.argv.includes('--pi-failures') }).join('\n'));
}
