// apply_patch with 100 hunks on a 10,000-line file through turn.call, against the same 100 replacements
// done with plain string operations (indexOf + slice, searching forward) and fs.writeFileSync, measured in
// the same run on the same file. A second baseline writes the way apply_patch does (temp file, fsync,
// rename), to show how much of the gap is durability rather than parsing, checking and matching. The file
// is restored between runs, outside the timing.
import {
  closeSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_RUNTIME } from './runtime-options.js';

const LINES = 10_000;
const HUNKS = 100;
const CONTEXT = 3;

/** Code-like lines; every line is unique so both sides replace exactly the same spans. */
function makeLines() {
  const lines = [];
  for (let i = 0; i < LINES; i++) {
    lines.push(
      i % 10 === 0
        ? `function step${i}(input, options = {}) {`
        : i % 10 === 9
          ? `} // end of step${i - 9}`
          : `  const value${i} = compute(input.field${i % 37}, options.factor ?? ${i % 13}); // line ${i}`,
    );
  }
  return lines;
}

/** One chunk per 100 lines: 3 context lines, one line replaced, 3 context lines. */
function makeEdits(lines) {
  const edits = [];
  for (let h = 0; h < HUNKS; h++) {
    const at = h * (LINES / HUNKS) + 50;
    edits.push({
      before: lines.slice(at - CONTEXT, at),
      old: lines[at],
      replacement: `${lines[at].replace('compute(', 'computeFast(')} // patched`,
      after: lines.slice(at + 1, at + 1 + CONTEXT),
    });
  }
  return edits;
}

function makePatch(file, edits) {
  const out = ['*** Begin Patch', `*** Update File: ${file}`];
  for (const e of edits) {
    out.push(
      '@@',
      ...e.before.map((l) => ` ${l}`),
      `-${e.old}`,
      `+${e.replacement}`,
      ...e.after.map((l) => ` ${l}`),
    );
  }
  out.push('*** End Patch');
  return out.join('\n');
}

/** The baseline: the same replacements with string search from the previous position, then one write. */
function applyPlain(file, edits, durable = false) {
  const text = readFileSync(file, 'utf8');
  let out = '';
  let from = 0;
  for (const e of edits) {
    const oldBlock = [...e.before, e.old, ...e.after].join('\n');
    const at = text.indexOf(oldBlock, from);
    if (at < 0) throw new Error('baseline: block not found');
    out += text.slice(from, at) + [...e.before, e.replacement, ...e.after].join('\n');
    from = at + oldBlock.length;
  }
  const result = out + text.slice(from);
  if (!durable) return writeFileSync(file, result);
  const temp = `${file}.tmp`;
  const fd = openSync(temp, 'w');
  writeSync(fd, result);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temp, file);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export async function benchApplyPatch({ runs = 50, warmup = 5 } = {}) {
  const handrail = await import('handrail');
  const applyPatchTool =
    handrail.applyPatchTool ?? (await import('../dist/tools/fs/apply-patch.js')).applyPatchTool;
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-patch-'));
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-state-'));
  const runtime = handrail.createRuntime({
    ...BENCH_RUNTIME,
    workspace,
    stateDir,
    tools: [applyPatchTool()],
  });
  try {
    const lines = makeLines();
    const original = `${lines.join('\n')}\n`;
    const edits = makeEdits(lines);
    const patch = makePatch('big.ts', edits);
    const file = path.join(workspace, 'big.ts');

    // Both sides must produce the same bytes, or the comparison means nothing.
    writeFileSync(file, original);
    applyPlain(file, edits);
    const expected = readFileSync(file, 'utf8');
    writeFileSync(file, original);
    const check = await runtime.beginTurn().call({ id: 'check', name: 'apply_patch', arguments: { patch } });
    if (check.isError) throw new Error(`apply_patch failed: ${check.content[0]?.text}`);
    if (readFileSync(file, 'utf8') !== expected) throw new Error('apply_patch and the baseline disagree');

    const handrailMs = [];
    const plainMs = [];
    const durableMs = [];
    for (let i = 0; i < warmup + runs; i++) {
      writeFileSync(file, original);
      const turn = runtime.beginTurn();
      const h0 = performance.now();
      const result = await turn.call({ id: `r${i}`, name: 'apply_patch', arguments: { patch } });
      const h1 = performance.now();
      if (result.isError) throw new Error(`apply_patch failed: ${result.content[0]?.text}`);
      await turn.end();

      writeFileSync(file, original);
      const p0 = performance.now();
      applyPlain(file, edits);
      const p1 = performance.now();

      writeFileSync(file, original);
      const d0 = performance.now();
      applyPlain(file, edits, true);
      const d1 = performance.now();
      if (i >= warmup) {
        handrailMs.push(h1 - h0);
        plainMs.push(p1 - p0);
        durableMs.push(d1 - d0);
      }
    }
    const handrailMedian = median(handrailMs);
    const plainMedian = median(plainMs);
    const durableMedian = median(durableMs);
    return {
      lines: LINES,
      hunks: HUNKS,
      patchBytes: Buffer.byteLength(patch),
      runs,
      handrailMedianMs: handrailMedian,
      plainMedianMs: plainMedian,
      durablePlainMedianMs: durableMedian,
      ratio: handrailMedian / plainMedian,
      ratioVsDurable: handrailMedian / durableMedian,
    };
  } finally {
    await runtime.close();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await benchApplyPatch());
}
