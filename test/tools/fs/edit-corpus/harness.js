// Running corpus cases and judging them. The same code serves the vitest test (handrail from src/) and
// bench/edit-corpus.js (handrail from dist/, and Pi's edit tool): the caller passes the runtime or the tool.
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What happened to one case. */
export const OUTCOMES = {
  landed: 'landed-correct',
  wrong: 'landed-WRONG',
  missed: 'refused (should have landed)',
  held: 'refusal held',
  broken: 'refusal BROKEN (the file changed)',
  unsupported: 'not supported by the tool',
};

const write = (file, text) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text, 'utf8');
};

/** Lay out the case in `dir`: the original file, and the function that brings it to its current state. */
function prepare(dir, c) {
  const file = path.join(dir, c.file);
  write(file, c.original);
  return {
    file,
    /** After the model's read: someone else changes the file (its mtime moves too, as an editor's save would). */
    change() {
      if (c.current === undefined) return;
      write(file, c.current);
      const later = new Date(Date.now() + 5_000);
      utimesSync(file, later, later);
    },
  };
}

const resultText = (result) =>
  (result.content ?? []).map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');

/** Run one case through a handrail runtime (with the built-in file tools) in `dir`, in a turn of its own. */
export async function runHandrailCase(runtime, dir, c) {
  const { file, change } = prepare(dir, c);
  const turn = runtime.beginTurn({ cwd: dir });
  try {
    if (c.readFirst) {
      const read = await turn.call({ id: 'read', name: 'read_file', arguments: { path: c.file } });
      if (read.isError) throw new Error(`read_file failed in ${c.id}: ${resultText(read)}`);
    }
    change();
    const before = readFileSync(file);
    const result = await turn.call({ id: 'edit', name: c.tool, arguments: c.args });
    return { before, after: readFileSync(file), isError: result.isError, message: resultText(result) };
  } finally {
    await turn.end();
  }
}

/**
 * Run every case through one handrail runtime made with `handrail` (the module with createRuntime and
 * builtinTools: src/ for the tests), with the built-in file tools, nothing asking and nothing stored, in
 * `root`: each case in a directory of its own, in a turn of its own. The runs, in the order of the cases.
 */
export async function runHandrailCases(handrail, root, cases) {
  const workspace = path.join(root, 'work');
  mkdirSync(workspace);
  const runtime = handrail.createRuntime({
    workspace,
    stateDir: path.join(root, 'state'),
    profile: 'full_access',
    rateLimits: false,
    store: false,
    policyFiles: { user: null, managed: null, project: null },
    tools: handrail.builtinTools(),
  });
  const runs = [];
  try {
    let n = 0;
    for (const c of cases) {
      const dir = path.join(workspace, `case-${n++}`);
      mkdirSync(dir);
      runs.push(await runHandrailCase(runtime, dir, c));
    }
  } finally {
    await runtime.close();
  }
  return runs;
}

/** Pi's edit arguments for an edit_file case, or undefined when Pi's tool cannot express it (replace_all, patches). */
export function piArguments(c) {
  if (c.tool !== 'edit_file' || c.args.edits.some((e) => e.replace_all)) return undefined;
  return { path: c.file, edits: c.args.edits.map((e) => ({ oldText: e.old_text, newText: e.new_text })) };
}

/** Run one case through Pi's edit tool, made by `createEditTool(cwd)`. Pi keeps no read versions: reads are skipped. */
export async function runPiCase(createEditTool, dir, c) {
  const args = piArguments(c);
  if (!args) return undefined;
  const { file, change } = prepare(dir, c);
  change();
  const before = readFileSync(file);
  try {
    const result = await createEditTool(dir).execute('edit', args, undefined, undefined, undefined);
    return { before, after: readFileSync(file), isError: false, message: resultText(result) };
  } catch (error) {
    return { before, after: readFileSync(file), isError: true, message: String(error?.message ?? error) };
  }
}

/**
 * Line ranges a message refers to: "line 12", "lines 12-14", "lines 10, 42-43 and 97", and numbered excerpt
 * rows ("    12\t…", "12 | …", "12 ! …").
 */
export function lineRefs(message) {
  const ranges = [];
  const add = (a, b = a) => ranges.push([Number(a), Number(b)]);
  for (const m of message.matchAll(
    /\blines?\s+(\d+(?:\s*[-–]\s*\d+)?(?:\s*(?:,|and)\s*\d+(?:\s*[-–]\s*\d+)?)*)/gi,
  )) {
    for (const part of m[1].split(/\s*(?:,|and)\s*/)) {
      const [a, b] = part.split(/\s*[-–]\s*/);
      add(a, b ?? a);
    }
  }
  for (const m of message.matchAll(/^\s*(\d+)(?:\t| [|!] )/gm)) add(m[1]);
  return ranges;
}

/** Judge a run against the case's expectation. */
export function judge(c, run) {
  if (!run) return { outcome: 'unsupported' };
  const changed = !run.after.equals(run.before);
  if ('file' in c.expect) {
    if (!changed) return { outcome: 'missed', message: run.message };
    const got = run.after.toString('utf8');
    const right = got === c.expect.file || (c.expect.alsoAccept ?? []).includes(got);
    return right ? { outcome: 'landed' } : { outcome: 'wrong', got, message: run.message };
  }
  if (changed) return { outcome: 'broken', got: run.after.toString('utf8'), message: run.message };
  const refs = lineRefs(run.message);
  const named = c.expect.lines.every((line) => refs.some(([a, b]) => a <= line && line <= b));
  return { outcome: 'held', namesLine: refs.length > 0, namesCandidate: named, message: run.message };
}

/** Counts per category for one tool's judged cases. */
export function tally(judged) {
  const rows = new Map();
  const row = (key) => {
    if (!rows.has(key)) {
      rows.set(key, {
        shouldLand: 0,
        landed: 0,
        wrong: 0,
        missed: 0,
        shouldRefuse: 0,
        held: 0,
        broken: 0,
        namesLine: 0,
        namesCandidate: 0,
        unsupported: 0,
      });
    }
    return rows.get(key);
  };
  for (const { c, verdict } of judged) {
    for (const r of [row(c.category), row('total')]) {
      if (verdict.outcome === 'unsupported') {
        r.unsupported++;
        continue;
      }
      if ('file' in c.expect) r.shouldLand++;
      else r.shouldRefuse++;
      r[verdict.outcome]++;
      if (verdict.namesLine) r.namesLine++;
      if (verdict.namesCandidate) r.namesCandidate++;
    }
  }
  return rows;
}

/** A one-line description of a failed case, for lists. */
export function describeFailure(c, verdict) {
  const first = (verdict.message ?? '').split('\n')[0].slice(0, 160);
  if (verdict.outcome === 'held') {
    const what = verdict.namesLine ? `names lines, but not ${c.expect.lines.join(', ')}` : 'names no line';
    return `${c.id} [${c.tool}] refusal ${what}: ${first}`;
  }
  return `${c.id} [${c.tool}] ${OUTCOMES[verdict.outcome]}${first ? `: ${first}` : ''}`;
}

/** Whether a verdict fails the goals: wrong place, broken or missing refusals, a refusal naming no candidate. */
export const failsGoals = (verdict) =>
  verdict.outcome === 'wrong' ||
  verdict.outcome === 'broken' ||
  verdict.outcome === 'missed' ||
  (verdict.outcome === 'held' && !verdict.namesCandidate);
