// The shell capability a turn hands to exec_command, write_stdin and bash, and the accessor tools use.
import { ToolError } from '../../core/errors.js';
import type { SandboxBackend } from '../../sandbox/backends/types.js';
import type { FileAccess, FilePolicyConfig } from '../../sandbox/file-policy-types.js';
import type { ProcessProfile } from '../../sandbox/process/types.js';
import type { ToolContext } from '../../types/index.js';
import type { SessionManager } from './session/index.js';

/** What a turn gives shell tools: the sandbox (chosen on first use), the profile and its sessions. */
export interface ShellCapability {
  /** The sandbox backend, selected (and probed) on the first call, then cached for the runtime. */
  backend(): Promise<SandboxBackend>;
  profile: ProcessProfile;
  /** The parts of the file policy the OS sandbox enforces. */
  filePolicy: Pick<FilePolicyConfig, 'denyRead' | 'protectedPaths' | 'stateDir'>;
  /** This turn's sessions; closed (every process tree killed) when the turn ends. */
  sessions: SessionManager;
  /** Called by the turn when it ends. */
  dispose(): Promise<void>;
}

/** The turn's shell and file capabilities; a tool run outside a turn that has them fails closed. */
export function shellCapability(ctx: ToolContext): { shell: ShellCapability; files: FileAccess } {
  const { shell, files } = ctx.capabilities as { shell?: ShellCapability; files?: FileAccess };
  if (!shell || !files) {
    throw new ToolError(
      'internal',
      `${ctx.toolName} needs the turn's shell capability, and this turn has none.`,
    );
  }
  return { shell, files };
}
