// A real concurrent attacker for race tests: a small C program (swapper.c, built once per test file with gcc)
// that exchanges two paths with renameat2(RENAME_EXCHANGE) in a tight loop, so a directory and a symbolic
// link trade places thousands of times while the calls under test run.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { sharedTempDir } from './temp.js';

function hasGcc(): boolean {
  try {
    execFileSync('gcc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether the swapper can be built here (Linux with gcc). */
export const swapperAvailable = process.platform === 'linux' && hasGcc();

let binary: string | undefined;
function build(): string {
  binary ??= (() => {
    const out = path.join(sharedTempDir('handrail-swapper-'), 'swapper');
    execFileSync('gcc', ['-O2', '-o', out, path.join(import.meta.dirname, 'swapper.c')]);
    return out;
  })();
  return binary;
}

export interface Swapper {
  /** Stop, leave both paths as they started, and resolve to the number of exchanges made. */
  stop(): Promise<number>;
}

/** Start exchanging `a` and `b` (both must exist) until stopped. */
export async function startSwapper(a: string, b: string): Promise<Swapper> {
  const child: ChildProcess = spawn(build(), [a, b], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return Number(out.trim());
    },
  };
}
