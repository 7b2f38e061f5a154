// grep_files over a ~20k-file tree against raw `rg` on the same query (spawned directly, output discarded),
// the JavaScript fallback against the same baseline, and find_files against `rg --files` with the same glob.
// Medians of several runs, measured in the same process after a warm-up (page cache warm for everyone).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRuntime } from 'handrail';

/** The tools come from the package's tools entry when it exports them, else from the built files. */
async function loadTools() {
  const tools = await import('handrail/tools').catch(() => ({}));
  return {
    grepFilesTool: tools.grepFilesTool ?? (await import('../dist/tools/fs/grep-files.js')).grepFilesTool,
    findFilesTool: tools.findFilesTool ?? (await import('../dist/tools/fs/find-files.js')).findFilesTool,
    findRipgrep: (await import('../dist/tools/fs/search/rg-process.js')).findRipgrep,
  };
}

const WORDS =
  'alpha beta gamma delta request response handler config value index buffer stream token parse render'.split(
    ' ',
  );

/** A deterministic pseudo-random generator (mulberry32). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 200 directories of 90 source files plus an ignored build/ of 2,000 files and ignored logs: 20,000 files,
 * 18,000 of them searched. One file in 60 holds the needle; every file holds common words.
 */
function buildTree(root) {
  const random = prng(42);
  const line = () => Array.from({ length: 8 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  mkdirSync(path.join(root, '.git'));
  writeFileSync(path.join(root, '.gitignore'), 'build/\n*.log\n');
  let files = 0;
  for (let d = 0; d < 200; d++) {
    const dir = path.join(root, 'src', `pkg${String(d).padStart(3, '0')}`);
    mkdirSync(dir, { recursive: true });
    if (d % 20 === 0) writeFileSync(path.join(dir, '.gitignore'), 'generated-*\n');
    for (let f = 0; f < 90; f++) {
      const lines = Array.from({ length: 40 }, line);
      if (files % 60 === 7)
        lines[Math.floor(random() * 40)] = `  const handrailNeedle${files} = lookup(value);`;
      const name = f % 30 === 29 ? `generated-${f}.ts` : f % 3 === 0 ? `mod${f}.ts` : `mod${f}.js`;
      writeFileSync(path.join(dir, name), `${lines.join('\n')}\n`);
      files++;
    }
  }
  mkdirSync(path.join(root, 'build'));
  for (let f = 0; f < 2000; f++)
    writeFileSync(path.join(root, 'build', `out${f}.js`), `handrailNeedle ${line()}\n`);
  files += 2000;
  return files;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeMedian(fn, runs) {
  await fn(); // warm-up
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await timed(fn));
  return median(samples);
}

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Baseline and candidate alternately, so drift in the machine's load hits both alike. */
async function pairedMedians(baseline, candidate, runs) {
  await baseline();
  await candidate();
  const a = [];
  const b = [];
  for (let i = 0; i < runs; i++) {
    a.push(await timed(baseline));
    b.push(await timed(candidate));
  }
  return [median(a), median(b)];
}

function rawRg(rg, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(rg, args, { cwd, stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', resolve);
  });
}

export async function benchGrepFiles({ runs = 11, jsRuns = 3 } = {}) {
  const { grepFilesTool, findFilesTool, findRipgrep } = await loadTools();
  const rg = findRipgrep();
  if (!rg) return { skipped: 'rg is not on PATH' };
  const root = mkdtempSync(path.join(os.tmpdir(), 'handrail-bench-grep-'));
  try {
    const files = buildTree(root);
    const withRg = createRuntime({ workspace: root, tools: [grepFilesTool(), findFilesTool()] });
    const withJs = createRuntime({ workspace: root, tools: [grepFilesTool({ ripgrep: false })] });
    let n = 0;
    const call = async (runtime, name, args) => {
      const result = await runtime.beginTurn().call({ id: `b${n++}`, name, arguments: args });
      if (result.isError) throw new Error(result.content[0].text);
      return result;
    };
    // What a caller would run by hand for the same answer: same pattern, hidden files, .git skipped.
    const base = ['--no-config', '--hidden', '--glob=!.git'];
    const queries = [
      {
        label: 'rare needle, files mode',
        args: { pattern: 'handrailNeedle\\d+' },
        raw: [...base, '--files-with-matches', '--', 'handrailNeedle\\d+', root],
      },
      {
        label: 'rare needle, content mode',
        args: { pattern: 'handrailNeedle\\d+', output_mode: 'content' },
        raw: [...base, '--line-number', '--', 'handrailNeedle\\d+', root],
      },
      {
        label: 'common word, files mode (every file matches)',
        args: { pattern: 'lookup|render' },
        raw: [...base, '--files-with-matches', '--', 'lookup|render', root],
      },
      {
        label: 'needle in *.ts only, content mode',
        args: { pattern: 'handrailNeedle\\d+', include: '*.ts', output_mode: 'content' },
        raw: [...base, '--line-number', '--glob=*.ts', '--', 'handrailNeedle\\d+', root],
      },
    ];
    const results = [];
    for (const q of queries) {
      const [rawMs, toolMs] = await pairedMedians(
        () => rawRg(rg, q.raw, root),
        () => call(withRg, 'grep_files', q.args),
        runs,
      );
      const jsMs = await timeMedian(() => call(withJs, 'grep_files', q.args), jsRuns);
      const check = await call(withRg, 'grep_files', q.args);
      const same = (await call(withJs, 'grep_files', q.args)).content[0].text === check.content[0].text;
      results.push({
        label: q.label,
        rawRgMs: rawMs,
        grepFilesMs: toolMs,
        ratio: toolMs / rawMs,
        javascriptMs: jsMs,
        javascriptRatio: jsMs / rawMs,
        sameOutput: same,
      });
    }
    const [findRaw, findTool] = await pairedMedians(
      () => rawRg(rg, [...base, '--files', '--glob=*.ts', root], root),
      () => call(withRg, 'find_files', { pattern: '*.ts' }),
      runs,
    );
    await withRg.close();
    await withJs.close();
    return {
      files,
      rg,
      queries: results,
      findFiles: {
        label: 'find_files "*.ts" vs rg --files --glob *.ts',
        rawRgMs: findRaw,
        findFilesMs: findTool,
        ratio: findTool / findRaw,
      },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// Run directly: `node bench/grep-files.js`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchGrepFiles();
  console.log(JSON.stringify(r, null, 2));
}
