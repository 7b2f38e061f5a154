// Helpers of the shell tool tests: runtimes with the shell tools, and the session ids their results name.
import { createRuntime, type Runtime, type RuntimeOptions, shellTools } from '../../../src/index.js';
import { onCleanup } from '../../support/cleanup.js';
import { ownedTempDir } from '../../support/users.js';

/** A temporary workspace (removed after the test), owned by TEST_UID when running as root. */
export const workspace = () => ownedTempDir('handrail-shell-');

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
  onCleanup(() => runtime.close());
  return runtime;
}

/** The session ID in a "Process running with session ID N" result. */
export function sessionId(output: string): number {
  const match = /Process running with session ID (\d+)/.exec(output);
  if (!match) throw new Error(`no session ID in:\n${output}`);
  return Number(match[1]);
}
