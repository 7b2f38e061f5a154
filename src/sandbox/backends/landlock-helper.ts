// The small C program (native/landlock/) that applies a Landlock ruleset and runs the command: where the
// install put it, and what this kernel supports, asked once per process.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Built by `native/landlock/build.mjs` at install (src/ and dist/ lie at the same depth). */
export const DEFAULT_LANDLOCK_HELPER = fileURLToPath(
  new URL('../../../native/landlock/build/handrail-landlock', import.meta.url),
);

export interface LandlockSupport {
  /** The kernel's Landlock ABI version (0: none). */
  abi: number;
  /** Whether the helper has a seccomp filter for this architecture (Unix sockets, UDP, io_uring). */
  seccomp: boolean;
  /** Whether the helper can make access(2) answer "read-only" for writes (`--read-only-roots`). */
  readOnlyRoots?: boolean;
  /** Why the backend cannot run commands at all. */
  unavailable?: string;
}

const cache = new Map<string, LandlockSupport>();

/** Ask the helper for the kernel's Landlock ABI (a syscall; about a millisecond), once per helper path. */
export function landlockSupport(helper: string): LandlockSupport {
  let found = cache.get(helper);
  if (!found) {
    found = detect(helper);
    cache.set(helper, found);
  }
  return found;
}

/** Forget what was found (tests; after building the helper). */
export function clearLandlockSupport(): void {
  cache.clear();
}

function detect(helper: string): LandlockSupport {
  if (process.platform !== 'linux') return { abi: 0, seccomp: false, unavailable: 'Landlock needs Linux.' };
  try {
    accessSync(helper, constants.X_OK);
  } catch {
    return { abi: 0, seccomp: false, unavailable: `the Landlock helper is missing: ${buildProblem(helper)}` };
  }
  try {
    const [abi = '0', ...features] = execFileSync(helper, ['--abi'], {
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .trim()
      .split(/\s+/);
    return {
      abi: Number(abi) || 0,
      seccomp: features.includes('seccomp'),
      readOnlyRoots: features.includes('read-only-roots'),
    };
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    const said = (e.stderr || e.message).trim().replace(/\s+/g, ' ');
    return { abi: 0, seccomp: false, unavailable: `the kernel does not offer Landlock (${said}).` };
  }
}

/** Why the install did not build the helper (native/landlock/build.mjs leaves the reason beside it). */
function buildProblem(helper: string): string {
  try {
    return readFileSync(`${helper.replace(/[^/]+$/, '')}build-failed.txt`, 'utf8').trim();
  } catch {
    return `${helper} does not exist (it is built when handrail is installed: run \`npm rebuild handrail\` with a C compiler present).`;
  }
}
