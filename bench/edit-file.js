// edit_file on a 10 MB file: one unique line near the end replaced through turn.call, against Pi's edit
// tool (bench/peers, @mariozechner/pi-coding-agent) and a plain readFileSync + replace + writeFileSync,
// measured in the same run on the same file.
//
// Method: every measurement runs in a fresh child process (node --expose-gc). The child loads its
// implementation, warms it up with two edits of the same file (there and back), runs gc(), resets the
// kernel's peak-RSS mark (writing 5 to /proc/self/clear_refs resets VmHWM), then times one edit and reads
// VmHWM. "peak" is VmHWM during the edit minus VmRSS just before it: the memory the edit itself needed,
// not what loading the code cost. The edit is reverted outside the measurement. Children of the three
// implementations are interleaved; figures are medians.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BENCH_RUNTIME } from './runtime-options.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PI_EDIT = path.join(here, 'peers/node_modules/@mariozechner/pi-coding-agent/dist/core/tools/edit.js');
const FILE_BYTES = 10 * 1024 * 1024;
const OLD = "export const UNIQUE_TARGET = 'before';";
const NEW = "export const UNIQUE_TARGET = 'after';";

/** ~10 MB of code-like lines, with one unique line 50 lines from the end. */
function makeFile(file) {
  const lines = [];
  let size = 0;
  for (let i = 0; size < FILE_BYTES; i++) {
    const line =
      i % 7 === 0
        ? `function handler${i}(request, response) {`
        : i % 7 === 6
          ? '}'
          : `  const value${i % 97} = compute(${i}, 'item-${i % 1000}') + offset; // step ${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.splice(lines.length - 50, 0, OLD);
  writeFileSync(file, `${lines.join('\n')}\n`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Run one measurement of `impl` in a fresh child process. */
function measureInChild(impl, file) {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', fileURLToPath(import.meta.url), '--child', impl, file],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1));
}

export async function benchEditFile({ runs = 7 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-edit-'));
  const file = path.join(dir, 'big.ts');
  try {
    makeFile(file);
    const original = readFileSync(file);
    const impls = ['handrail', 'baseline'];
    let piError;
    if (!existsSync(PI_EDIT)) piError = 'bench/peers is not installed (run `npm install` inside bench/peers)';
    else {
      try {
        measureInChild('pi', file);
        impls.push('pi');
      } catch (error) {
        piError = `Pi's edit tool failed to run: ${String(error.stderr || error.message).split('\n')[0]}`;
      }
    }
    const samples = Object.fromEntries(impls.map((impl) => [impl, []]));
    for (let i = 0; i < runs; i++) {
      for (const impl of impls) samples[impl].push(measureInChild(impl, file));
    }
    if (!readFileSync(file).equals(original))
      throw new Error('the file did not return to its original content');
    const summary = (list) => ({
      medianMs: median(list.map((s) => s.ms)),
      peakDeltaMB: median(list.map((s) => s.peakDeltaMB)),
      peakRssMB: median(list.map((s) => s.peakRssMB)),
    });
    const result = {
      fileMB: original.length / (1024 * 1024),
      runs,
      method: 'child process per run; VmHWM reset before the edit',
    };
    for (const impl of impls) result[impl] = summary(samples[impl]);
    result.ratios = {
      timeVsBaseline: result.handrail.medianMs / result.baseline.medianMs,
      memoryVsBaseline: result.handrail.peakDeltaMB / result.baseline.peakDeltaMB,
    };
    if (result.pi) {
      result.ratios.timeVsPi = result.handrail.medianMs / result.pi.medianMs;
      result.ratios.memoryVsPi = result.handrail.peakDeltaMB / result.pi.peakDeltaMB;
      result.ratios.peakRssVsPi = result.handrail.peakRssMB / result.pi.peakRssMB;
    } else result.piError = piError;
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Child side: load one implementation, warm it up, measure one edit.

const statusKB = (field) =>
  Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))[1]);

async function loadImpl(impl, file) {
  const dir = path.dirname(file);
  const name = path.basename(file);
  if (impl === 'baseline') {
    return async (from, to) => {
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace(from, to));
    };
  }
  if (impl === 'pi') {
    const { createEditToolDefinition } = await import(pathToFileURL(PI_EDIT).href);
    const tool = createEditToolDefinition(dir);
    return async (from, to) => {
      await tool.execute(
        'bench',
        { path: name, edits: [{ oldText: from, newText: to }] },
        undefined,
        undefined,
        undefined,
      );
    };
  }
  const handrail = await import('handrail');
  const editFileTool = handrail.editFileTool ?? (await import('../dist/tools/fs/edit-file.js')).editFileTool;
  const runtime = handrail.createRuntime({
    ...BENCH_RUNTIME,
    workspace: dir,
    stateDir: path.join(os.tmpdir(), 'handrail-bench-state'),
    tools: [editFileTool()],
  });
  const turn = runtime.beginTurn();
  let n = 0;
  return async (from, to) => {
    const result = await turn.call({
      id: `e${n++}`,
      name: 'edit_file',
      arguments: { path: name, edits: [{ old_text: from, new_text: to }] },
    });
    if (result.isError) throw new Error(result.content[0].text);
  };
}

async function child(impl, file) {
  const edit = await loadImpl(impl, file);
  await edit(OLD, NEW);
  await edit(NEW, OLD);
  globalThis.gc();
  globalThis.gc();
  writeFileSync('/proc/self/clear_refs', '5');
  const before = statusKB('VmRSS');
  const t0 = process.hrtime.bigint();
  await edit(OLD, NEW);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const peak = statusKB('VmHWM');
  await edit(NEW, OLD);
  console.log(JSON.stringify({ impl, ms, peakDeltaMB: (peak - before) / 1024, peakRssMB: peak / 1024 }));
  process.exit(0);
}

if (process.argv[2] === '--child' && process.argv[1] === fileURLToPath(import.meta.url)) {
  await child(process.argv[3], process.argv[4]);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchEditFile(), null, 2));
}
