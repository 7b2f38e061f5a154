import { chownSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import {
  createRuntime,
  type Runtime,
  type RuntimeOptions,
  shellTools,
  type ToolResult,
} from '../../../src/index.js';

/** The uid test workspaces belong to when the tests run as root (bwrap then runs commands as this uid). */
export const TEST_UID = 4242;
export const isRoot = process.geteuid?.() === 0;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A temporary workspace, owned by TEST_UID when running as root (as test/sandbox/process/helpers.ts). */
export function workspace(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'handrail-shell-')));
  if (isRoot) chownSync(dir, TEST_UID, TEST_UID);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A runtime with the shell tools, closed after the test. */
export function shellRuntime(options: RuntimeOptions = {}): Runtime {
  const runtime = createRuntime({
    profile: 'full_access',
    rateLimits: false,
    // Dangerous commands (fork bombs, rm -rf) ask even in full_access: these tests approve them, because
    // what they test is the sandbox.
    approver: () => ({ decision: 'allow_once' }),
    workspace: workspace(),
    tools: shellTools(),
    ...options,
  });
  cleanups.push(() => runtime.close());
  return runtime;
}

export function text(result: ToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

let ids = 0;
export function call(name: string, args: Record<string, unknown>) {
  return { id: `c${++ids}`, name, arguments: args };
}

/** Live (non-zombie) processes whose command line contains `needle`, read straight from /proc. */
export function processesWith(needle: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1').replaceAll('\0', ' ');
      if (!cmdline.includes(needle)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.push(Number(name));
    } catch {
      // exited while listed
    }
  }
  return found;
}

/** The session ID in a "Process running with session ID N" result. */
export function sessionId(output: string): number {
  const match = /Process running with session ID (\d+)/.exec(output);
  if (!match) throw new Error(`no session ID in:\n${output}`);
  return Number(match[1]);
}

export { eventually, uniqueSleep } from '../../support/processes.js';
