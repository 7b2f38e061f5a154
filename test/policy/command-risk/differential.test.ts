// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are shell commands, where ${…} is shell syntax
// The classifier's promise checked by observation: every line it calls `safe` — the fixed corpus plus
// thousands of lines generated for this run's seed — is run in a throwaway bubblewrap sandbox under
// `strace -f`, and the test fails if any of them writes, deletes, renames, creates or changes a file, or
// executes a program that is not on the safe list (harness/trace.ts says exactly what counts). Lines it also
// calls `exact` must execute no argv it does not list (harness/argv.ts).
//
// exec_command can run a line in dash too: a second run classifies lines for dash and traces the safe ones
// under dash.
//
// The seed changes every run and is printed; HANDRAIL_DIFF_SEED=<n> replays a run, HANDRAIL_DIFF_LINES=<n>
// changes how many lines are generated (default 3000, and a third as many again for dash). Without a working
// bwrap and strace the test is skipped, unless CI or HANDRAIL_DIFF_REQUIRED is set, where it fails instead.
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { classifyCommand } from '../../../src/policy/command-risk/index.js';
import { SAFE_RULES } from '../../../src/policy/command-risk/safe-rules.js';
import { CORPUS } from './corpus.js';
import { unlistedExecs } from './harness/argv.js';
import { generateLines } from './harness/generator.js';
import { SANDBOX_ENV, traceLines, tracerUnavailable } from './harness/sandbox.js';

/**
 * Programs a safe line may execute: the safe list itself, plus the programs outside it that the classifier
 * still calls safe in some form — the wrappers it looks through when what they run is safe, and `tee`
 * without a file — each with a line that proves it. bash is also the runner's launcher. Programs that safe
 * programs start internally need no entry: git execs only git, and egrep / fgrep exec grep.
 */
const ALSO_SAFE: Record<string, string> = {
  time: 'time ls',
  nice: 'nice -n 5 ls',
  timeout: 'timeout 2 ls',
  env: 'env ls',
  command: 'command ls',
  builtin: 'builtin echo',
  exec: 'exec ls',
  stdbuf: 'stdbuf -o0 ls',
  setsid: 'setsid ls',
  ionice: 'ionice -c 3 ls',
  xargs: 'xargs ls',
  watch: 'watch ls',
  coproc: 'coproc ls',
  busybox: 'busybox ls',
  bash: "bash -c 'ls'",
  sh: "sh -c 'ls'",
  dash: "dash -c 'ls'",
  rbash: "rbash -c 'ls'",
  tee: 'ls | tee',
};
const PROGRAMS = new Set([...Object.keys(SAFE_RULES), ...Object.keys(ALSO_SAFE)]);

const seed = process.env.HANDRAIL_DIFF_SEED ? Number(process.env.HANDRAIL_DIFF_SEED) : randomInt(2 ** 31);
const count = Number(process.env.HANDRAIL_DIFF_LINES ?? 3000);
/** Lines generated for the dash run: fewer, since the grammar and the generator are the same. */
const dashCount = Math.ceil(count / 3);
const unavailable = tracerUnavailable();
const required = Boolean(process.env.CI || process.env.HANDRAIL_DIFF_REQUIRED);

describe('the safe list of the differential test', () => {
  test.each(Object.entries(ALSO_SAFE))('%s can be part of a safe line (%s)', (_name, line) => {
    expect(classifyCommand(line).risk).toBe('safe');
  });
});

describe.skipIf(unavailable !== null && !required)(
  'differential: every line called safe is observed safe',
  () => {
    test('bwrap and strace work', () => {
      expect(unavailable).toBeNull();
    });

    // The harness must see what it is meant to see, or a pass means nothing.
    test('the tracer catches writes, deletions and programs off the safe list', async () => {
      const canaries = [
        'touch /tmp/hr-x',
        'echo hi > out.txt',
        'echo hi >> notes.txt',
        'rm empty.txt',
        'mv log log2',
        'mkdir d',
        'chmod 600 notes.txt',
        'ln -s notes.txt l2',
        'git tag hr-tag',
        'less notes.txt',
        'echo ${HR_CODE@P}',
        'echo $((HR_EXPR))',
        'rg $HR_FLAG foo notes.txt',
        'sed -n "$HR_SED" notes.txt',
        'cat <<EOF\n  $(touch /tmp/hr-x)\nEOF',
      ];
      const run = await traceLines(canaries, { programs: PROGRAMS });
      for (const result of run.results) {
        expect(result.started, result.line).toBe(true);
        expect(result.violations.length, `${result.line} was not caught`).toBeGreaterThan(0);
      }
      const clean = await traceLines(['ls -la', 'git status', 'git log --oneline', 'cat notes.txt | sort'], {
        programs: PROGRAMS,
      });
      for (const result of clean.results) expect(result.violations, result.line).toEqual([]);
    });

    test(`every safe line of the corpus and ${count} generated ones (seed ${seed}) reads only`, async () => {
      await traceEverySafeLine([...CORPUS.map(([line]) => line), ...generateLines(seed, count)], 'bash');
    }, 170_000);

    // exec_command runs a line in sh or dash when asked: the lines called safe for dash run under dash.
    test.skipIf(!existsSync('/bin/dash'))(
      `every line safe for dash, of the corpus and ${dashCount} generated ones (seed ${seed}), reads only under dash`,
      async () => {
        await traceEverySafeLine(
          [...CORPUS.map(([line]) => line), ...generateLines(seed + 1, dashCount)],
          'dash',
        );
      },
      170_000,
    );
  },
);

/** Classify the lines for `shell`, trace the ones called safe under that shell, print the figures, and fail on
 * any line that wrote, deleted or ran a program off the safe list, or an exact line that ran an unlisted argv. */
async function traceEverySafeLine(lines: string[], shell: 'bash' | 'dash'): Promise<void> {
  const started = Date.now();
  const candidates = [...new Set(lines)];
  const options = shell === 'bash' ? {} : { shell };
  const classified = new Map(candidates.map((line) => [line, classifyCommand(line, options)]));
  const safe = candidates.filter((line) => classified.get(line)!.risk === 'safe' && !line.includes('\0'));
  const run = await traceLines(safe, { programs: PROGRAMS, shell: `/bin/${shell}` });
  const notStarted = run.results.filter((r) => !r.started);
  const unsafe = run.results.filter((r) => r.violations.length > 0);
  const exact = run.results.filter((r) => classified.get(r.line)!.exact);
  const home = SANDBOX_ENV.HOME!;
  const misread = exact
    .map((r) => ({
      line: r.line,
      unlisted: unlistedExecs(classified.get(r.line)!.commands, r.execs, home),
    }))
    .filter((r) => r.unlisted.length > 0);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `differential classifier test (${shell}): seed ${seed} (replay with HANDRAIL_DIFF_SEED=${seed}); ` +
      `${candidates.length} lines classified, ${safe.length} called safe and traced ` +
      `(${exact.length} exact), ${unsafe.length} found unsafe, ${misread.length} exact lines ran an ` +
      `unlisted argv, ${seconds} s`,
  );
  for (const r of unsafe.slice(0, 20))
    console.log(`UNSAFE ${JSON.stringify(r.line)}\n  ${r.violations.slice(0, 5).join('\n  ')}`);
  for (const r of misread.slice(0, 20))
    console.log(`MISREAD ${JSON.stringify(r.line)}\n  ran ${r.unlisted.slice(0, 3).join('\n  ran ')}`);
  expect(notStarted.map((r) => r.line)).toEqual([]);
  expect(
    unsafe.map((r) => ({ line: r.line, did: r.violations.slice(0, 3) })),
    `seed ${seed}`,
  ).toEqual([]);
  expect(misread, `seed ${seed}: exact lines that ran an argv the classifier does not list`).toEqual([]);
}
