// Runs command lines in a throwaway sandbox under strace and judges what they did (harness/trace.ts).
//
// One sandbox per chunk of lines: bubblewrap with every namespace unshared (no network), the host file
// system read-only, a fresh tmpfs /tmp holding a copy of the fixture as the working directory, and a
// cleared environment. Inside, `strace -f --seccomp-bpf` runs a bash runner that starts each line as its
// own `timeout … bash -c LINE MARKER` (or another shell's -c: TraceOptions.shell) with stdin from /dev/null and output to /dev/null; the marker lets
// the trace be attributed per line. Chunks run in parallel.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildFixture, SANDBOX_WORKDIR } from './fixture.js';
import { judgeTrace, parseTrace, TRACED_SYSCALLS } from './trace.js';

/**
 * Variables the lines inherit. The HR_* values are payloads: a line that expands one of them in a way that
 * evaluates code (`${HR_CODE@P}`, `$((HR_EXPR))`, `${!HR_EXPR}`) or passes it to a program as a flag runs
 * `touch`, which the tracer sees. PAGER and EDITOR name programs off the safe list, so a line that starts a
 * pager or an editor is caught too.
 */
export const SANDBOX_ENV: Readonly<Record<string, string>> = {
  PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin',
  HOME: `${SANDBOX_WORKDIR}/home`,
  LANG: 'C.UTF-8',
  TERM: 'dumb',
  TZ: 'UTC',
  PAGER: 'less',
  EDITOR: 'vi',
  VISUAL: 'vi',
  HR_CODE: '$(touch /tmp/hr-pwned-code)',
  HR_EXPR: 'hr[$(touch /tmp/hr-pwned-expr)]',
  HR_FLAG: '--pre=touch',
  HR_ZIP: '-z',
  HR_SED: 'e touch /tmp/hr-pwned-sed',
  HR_OUT: '--output=/tmp/hr-pwned-out',
};

export interface LineResult {
  line: string;
  started: boolean;
  violations: string[];
  /** The argv of every program the line executed (its own bash excluded). */
  execs: string[][];
}

export interface TraceRun {
  results: LineResult[];
  durationMs: number;
}

export interface TraceOptions {
  /** Basenames of the programs a safe line may execute. */
  programs: ReadonlySet<string>;
  /** Parallel sandboxes (default: the CPU count, at least 2). */
  parallel?: number;
  /** Seconds each line may run before it is killed (default 3). */
  lineTimeout?: number;
  /** The shell that runs each line (`/bin/bash` by default; `/bin/dash` for lines classified for dash). */
  shell?: string;
}

const RUNNER = `
mapfile -d '' LINES < /tmp/.hr/lines
cd ${SANDBOX_WORKDIR} || exit 97
for i in "\${!LINES[@]}"; do
  timeout -k 1 "$HR_LINE_TIMEOUT" "$HR_SHELL" -c "\${LINES[i]}" "$HR_MARKER$i" </dev/null >/dev/null 2>&1
done
exit 0
`;

/** Why tracing cannot run here, or null when bwrap and strace work. */
export function tracerUnavailable(): string | null {
  for (const [tool, args] of [
    ['strace', ['-V']],
    ['git', ['--version']],
    [
      'bwrap',
      [
        ...['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-all', '--unshare-user'],
        ...['--die-with-parent', 'strace', '-f', '-qq', '--seccomp-bpf', '-o', '/dev/null', 'true'],
      ],
    ],
  ] as const) {
    try {
      execFileSync(tool, args, { stdio: 'ignore', timeout: 10_000 });
    } catch (error) {
      return `${tool} does not work here (${(error as Error).message.split('\n')[0]})`;
    }
  }
  return null;
}

/** Trace `lines` (none may contain a NUL) and return what each one did. */
export async function traceLines(lines: readonly string[], options: TraceOptions): Promise<TraceRun> {
  const started = Date.now();
  const base = mkdtempSync(path.join(os.tmpdir(), 'handrail-differential-'));
  try {
    mkdirSync(path.join(base, 'fixture'));
    buildFixture(path.join(base, 'fixture'));
    writeFileSync(path.join(base, 'runner.sh'), RUNNER);
    const parallel = Math.max(1, options.parallel ?? Math.max(2, os.availableParallelism()));
    const chunkCount = Math.min(lines.length, parallel * 2);
    const chunks: string[][] = Array.from({ length: chunkCount }, () => []);
    // Round-robin, so slow kinds of lines spread over the chunks.
    for (const [i, line] of lines.entries()) chunks[i % chunkCount]!.push(line);
    const marker = `hr${randomBytes(6).toString('hex')}-`;
    const verdicts = await pool(chunks, parallel, (chunk, n) =>
      runChunk(base, n, chunk, marker, options, options.programs),
    );
    const results: LineResult[] = lines.map((line, i) => {
      const v = verdicts[i % chunkCount]![Math.floor(i / chunkCount)]!;
      return { line, started: v.started, violations: v.violations, execs: v.execs };
    });
    return { results, durationMs: Date.now() - started };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

async function runChunk(
  base: string,
  n: number,
  lines: string[],
  marker: string,
  options: TraceOptions,
  programs: ReadonlySet<string>,
): Promise<Array<{ started: boolean; violations: string[]; execs: string[][] }>> {
  const dir = path.join(base, `chunk-${n}`);
  mkdirSync(dir);
  for (const line of lines)
    if (line.includes('\0')) throw new Error(`a line contains NUL: ${JSON.stringify(line)}`);
  writeFileSync(path.join(dir, 'lines'), lines.map((l) => `${l}\0`).join(''));
  const env = Object.entries({
    ...SANDBOX_ENV,
    HR_MARKER: marker,
    HR_LINE_TIMEOUT: String(options.lineTimeout ?? 3),
    HR_SHELL: options.shell ?? '/bin/bash',
  });
  const strace = [
    'strace',
    '-f',
    '-qq',
    '--seccomp-bpf',
    '-e',
    'signal=none',
    '-s',
    '1024',
    '-e',
    `trace=${TRACED_SYSCALLS.map((name) => `?${name}`).join(',')}`,
    '-o',
    '/tmp/.hr/out/trace',
    'bash',
    '/tmp/.hr/runner.sh',
  ];
  const args = [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--ro-bind',
    path.join(base, 'fixture'),
    '/tmp/.hr/fixture',
    '--ro-bind',
    path.join(base, 'runner.sh'),
    '/tmp/.hr/runner.sh',
    '--ro-bind',
    path.join(dir, 'lines'),
    '/tmp/.hr/lines',
    '--bind',
    dir,
    '/tmp/.hr/out',
    '--dir',
    SANDBOX_WORKDIR,
    '--unshare-all',
    '--unshare-user',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...env.flatMap(([k, v]) => ['--setenv', k, v]),
    '--chdir',
    SANDBOX_WORKDIR,
    '--',
    '/bin/bash',
    '-c',
    // The copy happens before strace starts: only the lines are traced.
    `cp -a /tmp/.hr/fixture/. ${SANDBOX_WORKDIR}/ && exec "$@"`,
    'setup',
    ...strace,
  ];
  const { code, stderr } = await run('bwrap', args, 120_000);
  if (code !== 0) throw new Error(`sandbox ${n} exited with ${code}: ${stderr.slice(0, 2000)}`);
  const events = parseTrace(readFileSync(path.join(dir, 'trace'), 'utf8'));
  return judgeTrace(events, lines.length, { programs, marker });
}

function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => {
      if (stderr.length < 100_000) stderr += data.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stderr });
    });
  });
}

async function pool<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}
