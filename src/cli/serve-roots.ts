// Where `handrail serve` works when no --root is given: the roots the client announces (MCP roots; the
// first is the workspace, every one a writable file root), else the current directory. Never, by default,
// the filesystem root or the home directory, where clients often start servers: a client that announces
// no roots there gets an error naming --root instead of a workspace holding everything.
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ClientRootsOptions, WorkspaceOptions } from '../server/index.js';
import { configuredWorkspace } from './configured.js';
import type { GlobalOptions } from './global-options.js';
import { type CliIO, printError, UsageError } from './style.js';

const WHERE = 'handrail serve';

const NO_ROOT_HINT =
  'Pass --root with the project directory (in a client configuration: "args": [".../dist/cli/main.js", "serve", "--root", "/path/to/project"]), or use a client that announces its roots.';

/**
 * Why the directory must not be served unless named with --root: it is the filesystem root or the home
 * directory. Undefined for any other directory.
 */
export function tooBroadByDefault(dir: string, env: Record<string, string | undefined>): string | undefined {
  const real = canonical(dir);
  if (real === path.parse(real).root) return `${real}, the root of the filesystem`;
  if (real === canonical(env.HOME || os.homedir())) return `${real}, your home directory`;
  return undefined;
}

/**
 * The session's rules for following a client's roots. `fallback` is the current directory's workspace
 * (configuration checked), used when the client announces none, unless `tooBroad` says why not.
 * `onFirstFailure` hears when the connection's first workspace cannot be made; later failures are printed
 * (the calls of that connection are then refused until its roots change).
 */
export function followClientRoots(opts: {
  globals: GlobalOptions;
  fallback: WorkspaceOptions;
  tooBroad: string | undefined;
  io: CliIO;
  log(message: string): void;
  onFirstFailure(error: Error): boolean;
}): ClientRootsOptions {
  const { globals, fallback, tooBroad, io } = opts;
  return {
    workspaceFor: (roots) => {
      if (roots.length > 0) {
        // A client started in / or in the home directory often announces just that: the same refusal as
        // when it announces nothing, or the agent could write anywhere the user can.
        for (const root of roots) {
          const broad = tooBroadByDefault(root, io.env);
          if (broad !== undefined) {
            throw new UsageError(
              `the client announced ${broad} as a root; that is not served by default`,
              NO_ROOT_HINT,
            );
          }
        }
        return rootsWorkspace(globals, roots, io);
      }
      if (tooBroad === undefined) return fallback;
      throw new UsageError(
        `no workspace: the client announced no roots, and the current directory is ${tooBroad}`,
        NO_ROOT_HINT,
      );
    },
    onFailure: (error, first) => {
      if (first && opts.onFirstFailure(error)) return;
      printError(io, WHERE, error.message, (error as UsageError).hint);
    },
    log: opts.log,
  };
}

/**
 * The workspace for the directories a client announced: the first is the workspace (its project
 * configuration and policy apply), and all of them are writable file roots, unless the configuration names
 * its own roots (which then stand, relative to the first).
 */
function rootsWorkspace(globals: GlobalOptions, roots: string[], io: CliIO): WorkspaceOptions {
  const root = roots[0]!;
  const moved: GlobalOptions = {
    ...globals,
    root,
    given: { ...globals.given, root },
    workspace: { ...globals.workspace, root },
  };
  const workspace = configuredWorkspace(moved, io, WHERE);
  if (workspace.runtime?.roots !== undefined) return workspace;
  return {
    ...workspace,
    runtime: { ...workspace.runtime, roots: roots.map((dir) => ({ path: dir, access: 'write' as const })) },
  };
}

function canonical(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}
