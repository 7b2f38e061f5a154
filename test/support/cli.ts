// The command line in-process: runCli with captured output, no stdin, and the given cwd and environment.
import { Readable } from 'node:stream';
import { runCli } from '../../src/cli/run.js';
import type { CliIO } from '../../src/cli/style.js';

/** An IO whose output is captured (`out()`, `err()`), with empty stdin. */
export function capturedIO(cwd: string, env: Record<string, string | undefined>) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: {
      write: (t: string) => {
        stdout += t;
        return true;
      },
    },
    stderr: {
      write: (t: string) => {
        stderr += t;
        return true;
      },
    },
    stdin: Readable.from([]),
    cwd,
    env,
  } as unknown as CliIO;
  return { io, out: () => stdout, err: () => stderr };
}

/** Run one command line in-process: its exit status and what it printed. */
export async function runCliCaptured(argv: string[], cwd: string, env: Record<string, string | undefined>) {
  const { io, out, err } = capturedIO(cwd, env);
  const code = await runCli(argv, io);
  return { code, stdout: out(), stderr: err() };
}
