// The options every workspace command shares: --root, --profile, --policy, --sandbox, --state-dir. They may
// come before or after the command name; what is left goes to the command.
import path from 'node:path';
import { isPermissionMode, PERMISSION_MODES } from '../policy/modes.js';
import type { SandboxChoice } from '../sandbox/backends/index.js';
import type { WorkspaceOptions } from '../server/options.js';
import { UsageError } from './style.js';

export const GLOBAL_OPTIONS_HELP = `Global options (before or after the command):
  --root DIR          the workspace (default: the current directory)
  --profile MODE      full_access | auto_accept_edits | supervised (default) | read_only
  --policy FILE       a session policy file (rules on top of the project and user policies)
  --sandbox KIND      bwrap | none | auto (default: bwrap where it works; otherwise commands are refused)
  --state-dir DIR     state, full outputs and the event store (default: <root>/.handrail)
  --trust-project     use the allow rules of <root>/.handrail/policy.json (by default a project policy,
                      which arrives with the repository, can only add deny and ask rules)
`;

const NAMES = ['root', 'profile', 'policy', 'sandbox', 'state-dir', 'trust-project'] as const;
/** Options that take no value. */
const FLAGS: ReadonlySet<Name> = new Set(['trust-project']);
type Name = (typeof NAMES)[number];
const SANDBOXES: SandboxChoice[] = ['bwrap', 'none', 'auto'];

export interface GlobalOptions {
  /** Exactly what was given, for commands that take the flags themselves (log, policy check). */
  given: Partial<Record<Name, string>>;
  /** Resolved against the current directory. */
  workspace: WorkspaceOptions & { root: string };
}

/** Takes the global options out of argv; the rest, in order, is returned for the command. */
export function extractGlobalOptions(
  argv: string[],
  cwd: string,
): { globals: GlobalOptions; rest: string[] } {
  const given: Partial<Record<Name, string>> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1] as Name | undefined;
    if (!match || !name || !(NAMES as readonly string[]).includes(name)) {
      rest.push(arg);
      continue;
    }
    if (FLAGS.has(name)) {
      if (match[2] !== undefined) throw new UsageError(`--${name} takes no value`, `Write just --${name}.`);
      given[name] = 'true';
      continue;
    }
    let value = match[2];
    if (value === undefined) {
      value = argv[++i];
      if (value === undefined || value.startsWith('--')) {
        throw new UsageError(`--${name} needs a value`, `For example: --${name} ${example(name)}`);
      }
    }
    given[name] = value;
  }
  return { globals: { given, workspace: resolve(given, cwd) }, rest };
}

function resolve(given: Partial<Record<Name, string>>, cwd: string): GlobalOptions['workspace'] {
  const root = path.resolve(cwd, given.root ?? '.');
  const workspace: GlobalOptions['workspace'] = { root };
  if (given.profile !== undefined) {
    if (!isPermissionMode(given.profile)) {
      throw new UsageError(
        `unknown profile "${given.profile}"`,
        `Use one of: ${PERMISSION_MODES.join(', ')}.`,
      );
    }
    workspace.profile = given.profile;
  }
  if (given.sandbox !== undefined) {
    if (!(SANDBOXES as string[]).includes(given.sandbox)) {
      throw new UsageError(
        `unknown sandbox "${given.sandbox}"`,
        'Use bwrap (the OS sandbox), none (no sandbox: only for workspaces you trust), or auto.',
      );
    }
    workspace.sandbox = given.sandbox as SandboxChoice;
  }
  if (given.policy !== undefined) workspace.policy = path.resolve(cwd, given.policy);
  if (given['trust-project'] === 'true') workspace.trustProjectPolicy = true;
  if (given['state-dir'] !== undefined) workspace.stateDir = path.resolve(cwd, given['state-dir']);
  return workspace;
}

function example(name: Name): string {
  switch (name) {
    case 'root':
      return '~/project';
    case 'profile':
      return 'read_only';
    case 'policy':
      return 'policy.json';
    case 'sandbox':
      return 'bwrap';
    case 'state-dir':
      return '.handrail';
    case 'trust-project':
      return '';
  }
}
