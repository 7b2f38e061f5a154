// `npm run bench`: every figure is a per-call cost or a ratio against a baseline measured in the same run.
import os from 'node:os';
import { benchApplyPatch } from './apply-patch.js';
import { benchClassifyCommand } from './classify-command.js';
import { benchEditCorpus, formatEditCorpus } from './edit-corpus.js';
import { benchEditFile } from './edit-file.js';
import { benchExecCommand } from './exec-command.js';
import { benchFilePolicy } from './file-policy.js';
import { benchGrepFiles } from './grep-files.js';
import { benchMcp } from './mcp.js';
import { benchMcpProxy } from './mcp-proxy.js';
import { benchPermission } from './permission.js';
import { benchPipeline } from './pipeline.js';
import { benchReadFile } from './read-file.js';
import { benchShell } from './shell.js';
import { benchSpawn } from './spawn.js';
import { benchStore } from './store.js';
import { benchWebFetch } from './web-fetch.js';
import { benchWebFetchMemory } from './web-fetch-memory.js';

const us = (n) => `${n.toFixed(2)} µs`;
const ms = (n) => `${n.toFixed(1)} ms`;
const mib = (n) => `${n.toFixed(1)} MiB`;
const x = (n) => `${n.toFixed(2)}×`;
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);

console.log(
  `handrail bench — node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
);

if (wanted('pipeline')) {
  console.log('\n[pipeline] no-op tool, 5-field schema, events subscribed (goal: < 20 µs median)');
  const p = await benchPipeline();
  for (const r of [p.direct, p.object, p.json]) {
    const overhead = r === p.direct ? '' : `  overhead ${us(r.median - p.direct.median)}`;
    console.log(
      `  ${r.label.padEnd(40)} median ${us(r.median).padStart(9)}  p95 ${us(r.p95).padStart(9)}  p99 ${us(r.p99).padStart(9)}${overhead}`,
    );
  }
}

if (wanted('read_file')) {
  console.log(
    '\n[read_file] last 2,000-line page of a file, each in a fresh process (peak RSS: the whole process)',
  );
  const r = await benchReadFile();
  for (const [mb, s] of Object.entries(r)) {
    console.log(
      `  ${mb} MB (${s.lines.toLocaleString('en-US')} lines): handrail ${ms(s.handrail.ms)}, peak ${mib(s.handrail.maxRssMiB)} | readFileSync+split ${ms(s.readFileSync.ms)}, peak ${mib(s.readFileSync.maxRssMiB)} | idle node peak ${mib(s.idle.maxRssMiB)}`,
    );
    console.log(
      `      handrail memory above idle: ${mib(s.handrail.maxRssMiB - s.idle.maxRssMiB)}; naive: ${mib(s.readFileSync.maxRssMiB - s.idle.maxRssMiB)} (${x((s.readFileSync.maxRssMiB - s.idle.maxRssMiB) / Math.max(1, s.handrail.maxRssMiB - s.idle.maxRssMiB))} more)`,
    );
  }
}

if (wanted('edit_file')) {
  console.log(
    '\n[edit_file] one unique line near the end of a 10 MB file (goal: half of Pi on time and memory)',
  );
  const e = await benchEditFile();
  console.log(`  method: ${e.method}`);
  const row = (label, s) =>
    `  ${label.padEnd(34)} ${ms(s.medianMs).padStart(9)}  peak growth ${mib(s.peakDeltaMB).padStart(10)}  peak ${mib(s.peakRssMB)}`;
  console.log(row('handrail edit_file (turn.call)', e.handrail));
  console.log(row('readFileSync+replace+writeFileSync', e.baseline));
  if (e.pi) console.log(row('Pi 0.73.1 edit tool', e.pi));
  else console.log(`  Pi: ${e.piError}`);
  console.log(`  ratios: ${JSON.stringify(e.ratios)}`);
}

if (wanted('apply_patch')) {
  console.log('\n[apply_patch] 100 hunks on a 10,000-line file');
  const a = await benchApplyPatch();
  console.log(
    `  handrail ${ms(a.handrailMedianMs)} | plain string ops + writeFileSync ${ms(a.plainMedianMs)} (${x(a.ratio)}) | plain + fsync + rename ${ms(a.durablePlainMedianMs)} (${x(a.ratioVsDurable)})`,
  );
}

if (wanted('edit-corpus')) {
  console.log(
    '\n[edit-corpus] realistic model edits (test/tools/fs/edit-corpus): edit_file, apply_patch and Pi 0.73.1, side by side',
  );
  console.log(formatEditCorpus(await benchEditCorpus()).join('\n'));
}

if (wanted('grep_files')) {
  console.log('\n[grep_files] ~20k-file tree against raw rg (goal ≤ 1.3×)');
  console.log(JSON.stringify(await benchGrepFiles(), null, 2).replace(/^/gm, '  '));
}

if (wanted('classify_command')) {
  console.log(
    '\n[classifyCommand] 20 command lines, tree-sitter-bash, against cmd.split(/\\s+/) in the same run',
  );
  const c = await benchClassifyCommand();
  console.log(
    `  ${us(c.classifyUs)} per command vs ${us(c.baselineUs)} (${x(c.ratio)}); one-time parser load ${ms(c.loadMs)}`,
  );
}

// A row of the per-command benches: p50 and mean, each with its overhead over the plain spawn and the ratio.
const overheadRow = (label, r) =>
  'unavailable' in r
    ? `  ${label.padEnd(28)} unavailable: ${r.unavailable}`
    : `  ${label.padEnd(28)} p50 ${ms(r.p50).padStart(8)} (+${ms(r.p50OverheadMs)}, ${x(r.p50Ratio)})  mean ${ms(r.mean).padStart(8)} (+${ms(r.meanOverheadMs)}, ${x(r.meanRatio)})`;
const plainRow = (plain) =>
  `  ${'plain child_process.spawn'.padEnd(28)} p50 ${ms(plain.p50).padStart(8)}  mean ${ms(plain.mean).padStart(8)}`;

if (wanted('spawn')) {
  console.log(
    '\n[spawn] `true`: plain spawn vs spawnPlanned (plan + spawn + exit + cleanup), goal: bwrap ≤ +15 ms',
  );
  const s = await benchSpawn();
  console.log(plainRow(s.plain));
  for (const [label, r] of [
    ['spawnPlanned, none', s.none],
    ['spawnPlanned, bwrap', s.bwrap],
  ]) {
    console.log(`${overheadRow(label, r)}${r.planMs === undefined ? '' : `  (plan p50 ${ms(r.planMs)})`}`);
  }
  if (s.bwrap.withoutPlaceholders)
    console.log(overheadRow('bwrap without placeholders', s.bwrap.withoutPlaceholders));
}

if (wanted('exec_command')) {
  console.log(
    '\n[exec_command] `true` through turn.call, against a plain spawn in the same run (goal: bwrap ≤ +15 ms)',
  );
  const e = await benchExecCommand();
  console.log(plainRow(e.plain));
  console.log(overheadRow('exec_command, none', e.none));
  console.log(overheadRow('exec_command, bwrap', e.bwrap));
}

if (wanted('shell')) {
  console.log(
    '\n[shell] seq 1 5000000 through exec_command, and 64 concurrent sessions, against plain spawn',
  );
  console.log(JSON.stringify(await benchShell(), null, 2).replace(/^/gm, '  '));
}

if (wanted('file_policy')) {
  console.log('\n[file_policy] checkWrite per path, against a bare lstat of the same file (baseline)');
  const f = await benchFilePolicy();
  const row = (label, value) =>
    console.log(`  ${label.padEnd(52)} ${us(value).padStart(10)}  ${x(value / f.lstat).padStart(8)} lstat`);
  row('lstat (baseline)', f.lstat);
  row('checkWrite in a root', f.root);
  row("checkWrite, held to the call's paths", f.held);
  row('checkWrite, approved path outside the roots', f.area);
  row('checkWrite, approvable but not approved (refused)', f.refused);
  console.log(
    `  createFileAccess per turn: ${us(f.perTurn)} with approvableWrites, ${us(f.perTurnPlain)} without (${x(f.perTurn / f.perTurnPlain)})`,
  );
}

if (wanted('permission')) {
  console.log(
    '\n[permission] evaluateRules with 200 mixed rules in 3 layers, against 200 object lookups per call',
  );
  const p = await benchPermission();
  console.log(
    `  ${us(p.evaluateUs)} per evaluation vs ${us(p.baselineUs)} (${x(p.ratio)}); ${p.rules} rules compiled in ${ms(p.loadMs)}`,
  );
}

if (wanted('web_fetch')) {
  console.log(
    '\n[web_fetch] loopback HTML page through turn.call (check, pinned connection, HTML → markdown, projection) vs plain undici',
  );
  const w = await benchWebFetch();
  for (const [name, r] of Object.entries(w)) {
    console.log(
      `  ${`${name} (${(r.bytes / 1024).toFixed(0)} KiB)`.padEnd(16)} undici ${ms(r.plainMs).padStart(8)} | undici + turndown ${r.plainTurndownMs === undefined ? '(bench/peers not installed)' : ms(r.plainTurndownMs).padStart(8)} | web_fetch ${ms(r.handrailMs).padStart(8)}  (${x(r.ratio)} plain${r.ratioVsTurndown === undefined ? '' : `, ${x(r.ratioVsTurndown)} plain + turndown`})`,
    );
  }
}

if (wanted('web_fetch_memory')) {
  console.log(
    '\n[web_fetch_memory] one web_fetch in a fresh process (after a 2 KiB page): wall time and peak RSS growth, medians of 3',
  );
  const m = await benchWebFetchMemory();
  for (const r of m) {
    console.log(
      `  ${r.name.padEnd(34)} ${ms(r.ms).padStart(9)} | RSS +${mib(r.rssMiB).padStart(9)} | read ${mib(r.bytes / 1048576)}${r.cut ? ', cut' : ''}`,
    );
  }
}

if (wanted('store')) {
  console.log(
    '\n[store] SqliteStore (WAL, batched) inserts vs raw better-sqlite3 inserts; pipeline with and without it',
  );
  const s = await benchStore();
  const k = (n) => `${Math.round(n).toLocaleString('en-US')}/s`;
  console.log(
    `  inserts: store ${k(s.inserts.store.perSecond)} (${s.inserts.store.flushes} batches) | raw prepared INSERT, 1,000 per txn ${k(s.inserts.raw.perSecond)} (${x(s.inserts.ratio)})`,
  );
  console.log(
    `  pipeline (mean per turn.call, 3 events each): ${us(s.pipeline.withoutUs)} without | ${us(s.pipeline.withUs)} with store (+${us(s.pipeline.addedUs)}, ${x(s.pipeline.ratio)})`,
  );
}

if (wanted('mcp')) {
  console.log(
    '\n[mcp] read_file round trip over stdio, SDK client → server process → SDK client (same file, same run)',
  );
  const m = await benchMcp();
  if (m.skipped) console.log(`  skipped: ${m.skipped}`);
  else {
    for (const r of [m.handrail, m.reference]) {
      console.log(`  ${r.label.padEnd(40)} median ${ms(r.median).padStart(8)}  p95 ${ms(r.p95).padStart(8)}`);
    }
    console.log(`  handrail / reference (median): ${x(m.ratio)} over ${m.iterations} calls each`);
  }
}

if (wanted('mcp-proxy')) {
  console.log(
    '\n[mcp-proxy] server-everything `echo` over stdio: direct SDK client vs the same call proxied by handrail (goal ≤ 1.5×)',
  );
  const m = await benchMcpProxy();
  const msFine = (n) => `${n.toFixed(3)} ms`;
  if (m.skipped) console.log(`  skipped: ${m.skipped}`);
  else {
    for (const key of ['direct', 'none', 'bwrap', 'gateway']) {
      const r = m[key];
      if ('unavailable' in r) console.log(`  ${key.padEnd(44)} unavailable: ${r.unavailable}`);
      else {
        const ratio = key === 'direct' ? '' : `  ${x(r.ratio)} direct (p95 ${x(r.p95Ratio)})`;
        console.log(
          `  ${r.label.padEnd(44)} median ${msFine(r.median).padStart(9)}  p95 ${msFine(r.p95).padStart(9)}${ratio}`,
        );
      }
    }
    console.log(`  ${m.iterations} calls each, in interleaved blocks`);
  }
}
