// What a program needs to read before it can run, worked out on the host before it starts in the sandbox:
// its executable, its interpreter, the files its arguments name and the package trees it loads modules
// from. And the rule for which host paths a sandbox may show read-only at all (never /, the home directory
// or a directory that holds the workspace).
import { constants, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileRoot } from '../file-policy-types.js';
import { isWithin } from '../path-syntax.js';

/** The host directories every sandbox shows read-only: programs, libraries and configuration. */
export const DEFAULT_SYSTEM_PATHS: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
];

export interface ProgramReadPaths {
  /** Canonical host paths (files or directories) to show read-only; none inside another. */
  paths: string[];
  /** What was left out, and why. */
  notes: string[];
}

/** Interpreters of interpreters (a shim that is itself a script) are followed this deep. */
const MAX_SHEBANG_DEPTH = 3;
/** The kernel reads at most this much of a `#!` line (BINPRM_BUF_SIZE). */
const SHEBANG_BYTES = 256;

/**
 * What `argv` needs to read to run, from `cwd` with `path` as its PATH: the executable (by its real path, so
 * node_modules/.bin/foo gives ../foo/dist/index.js), the interpreter of a script (`#!/usr/bin/env node` →
 * node on `path`) and its install prefix when that lies outside the system paths, every argument that names
 * an existing file or directory, and for each file the package tree it loads modules from. Paths that are too
 * broad to show are left out with a note; what the system paths hold is left out as already shown.
 */
export async function programReadPaths(
  argv: string[],
  opts: { cwd: string; path: string },
): Promise<ProgramReadPaths> {
  const notes: string[] = [];
  const wanted = new Set<string>();
  const program = argv[0];
  if (program === undefined || program === '') return { paths: [], notes: ['No program to run.'] };

  const found = await resolveProgram(program, opts);
  if (found) await addProgram(found, opts, wanted, notes, 0);
  else notes.push(`${program} was not found on PATH (${opts.path}).`);

  for (const arg of argv.slice(1)) {
    // `--config=/etc/x.json` names a path as much as `/etc/x.json` does.
    const value = /^--?[\w.-]+=(.+)$/.exec(arg)?.[1];
    for (const candidate of value ? [arg, value] : [arg]) {
      const real = await realOrUndefined(path.resolve(opts.cwd, candidate));
      if (!real) continue;
      wanted.add(real);
      if (await isFile(real)) for (const tree of await packageTrees(real)) wanted.add(tree);
    }
  }
  const cwd = (await realOrUndefined(opts.cwd)) ?? opts.cwd;
  const paths: string[] = [];
  for (const p of wanted) {
    if (DEFAULT_SYSTEM_PATHS.some((dir) => isWithin(p, dir))) continue;
    const broad = broadPathReason(p, cwd);
    if (broad) notes.push(`not shown: ${p} is too broad (${broad})`);
    else paths.push(p);
  }
  return { paths: outermost(paths), notes };
}

/**
 * The program's real file, its install prefix, its package trees, and its interpreter (followed the same
 * way) when it is a script.
 */
async function addProgram(
  program: string,
  opts: { cwd: string; path: string },
  wanted: Set<string>,
  notes: string[],
  depth: number,
): Promise<void> {
  const real = await realOrUndefined(program);
  if (!real) return;
  wanted.add(real);
  // The prefix by the path as found too: a virtualenv's bin/python links to /usr/bin/python3, but its
  // libraries are beside the link.
  for (const prefix of new Set([await installPrefix(program), await installPrefix(real)])) {
    if (prefix) wanted.add(prefix);
  }
  for (const tree of await packageTrees(real)) wanted.add(tree);
  const interpreter = await shebangInterpreter(real, opts.path);
  if (interpreter === undefined) return;
  if (interpreter === null) {
    notes.push(`The interpreter named in the first line of ${real} was not found on PATH (${opts.path}).`);
  } else if (depth < MAX_SHEBANG_DEPTH) {
    await addProgram(interpreter, opts, wanted, notes, depth + 1);
  }
}

/**
 * The absolute path of a program as the command would run it: a name without a slash looked up on `path`
 * (absolute entries only, the first executable regular file), any other resolved against `cwd`. The path
 * as found, not its target: a program may look at the name it was started by. Undefined when there is none.
 */
export async function resolveProgram(
  program: string,
  opts: { cwd: string; path: string },
): Promise<string | undefined> {
  if (program.includes('\u0000')) return undefined;
  if (program.includes('/')) {
    const file = path.resolve(opts.cwd, program);
    return (await isExecutableFile(file)) ? file : undefined;
  }
  for (const dir of opts.path.split(':')) {
    if (!path.isAbsolute(dir)) continue;
    const file = path.join(dir, program);
    if (await isExecutableFile(file)) return file;
  }
  return undefined;
}

/**
 * The interpreter a script's `#!` line names, resolved (`/usr/bin/env node` → node on `path`): undefined
 * when the file is no script, null when the interpreter cannot be found.
 */
async function shebangInterpreter(file: string, searchPath: string): Promise<string | null | undefined> {
  let head: string;
  try {
    const handle = await fs.open(file, 'r');
    try {
      const buffer = Buffer.alloc(SHEBANG_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SHEBANG_BYTES, 0);
      head = buffer.subarray(0, bytesRead).toString('latin1');
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  if (!head.startsWith('#!')) return undefined;
  const words = head.slice(2).split('\n')[0]!.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return undefined;
  if (path.basename(first) !== 'env') return (await isExecutableFile(first)) ? first : null;
  // env's own options (-S splits the rest) and VAR=value assignments come before the program.
  const name = words.slice(1).find((word) => !word.startsWith('-') && !word.includes('='));
  if (!name) return undefined;
  return (await resolveProgram(name, { cwd: '/', path: searchPath })) ?? null;
}

/**
 * Where an interpreter installed outside the system keeps its libraries: the directory above its `bin`
 * (~/.nvm/versions/node/v20/bin/node → ~/.nvm/versions/node/v20), when that looks like an install prefix
 * (it has a `lib`, or a virtualenv's pyvenv.cfg). Not ~/.cargo for ~/.cargo/bin/x: no lib there, and its
 * credentials are.
 */
async function installPrefix(program: string): Promise<string | undefined> {
  const bin = path.dirname(program);
  if (path.basename(bin) !== 'bin') return undefined;
  const prefix = path.dirname(bin);
  if (DEFAULT_SYSTEM_PATHS.some((dir) => isWithin(prefix, dir))) return undefined;
  const looksInstalled =
    (await isDirectory(path.join(prefix, 'lib'))) || (await isFile(path.join(prefix, 'pyvenv.cfg')));
  return looksInstalled ? realOrUndefined(prefix) : undefined;
}

/**
 * The package trees a file loads modules from: inside a node_modules, the outermost one (a package's own
 * nested node_modules and pnpm's .pnpm store are in it); otherwise the nearest directory with a
 * package.json (its project). Plus the node_modules directories above that, where a workspace's
 * dependencies are hoisted to (node looks in every ancestor's node_modules).
 */
async function packageTrees(file: string): Promise<string[]> {
  const parts = file.split('/');
  const at = parts.indexOf('node_modules');
  let tree: string | undefined;
  if (at > 0) tree = parts.slice(0, at + 1).join('/') || '/';
  else {
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      if (await isFile(path.join(dir, 'package.json'))) {
        tree = dir;
        break;
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  if (!tree) return [];
  const trees = [tree];
  // Above the project (or above the node_modules's own project): hoisted dependencies.
  const project = path.basename(tree) === 'node_modules' ? path.dirname(tree) : tree;
  for (let dir = path.dirname(project); ; dir = path.dirname(dir)) {
    const modules = path.join(dir, 'node_modules');
    if (await isDirectory(modules)) trees.push((await realOrUndefined(modules)) ?? modules);
    if (path.dirname(dir) === dir) break;
  }
  return trees;
}

/**
 * Why a canonical host path is too broad for a sandbox to show (undefined when it is not): the whole file
 * system, a top-level directory (/home, /tmp, /var …), the home directory or a directory above it, or a
 * directory that holds the working directory (the workspace is shown by its roots, as the policy says).
 */
export function broadPathReason(p: string, cwd: string, home: string = os.homedir()): string | undefined {
  if (p === '/') return 'it is the whole file system';
  if (path.dirname(p) === '/') return 'it is a top-level directory';
  if (home && home !== '/' && isWithin(home, p)) {
    return p === home ? 'it is the home directory' : 'it holds the home directory';
  }
  if (cwd !== p && isWithin(cwd, p)) return 'it holds the working directory';
  return undefined;
}

/**
 * The read paths a command is given (`ProcessSpawnContext.readPaths`) as a backend may show them: canonical,
 * existing, each once, none inside another. Left out: those inside a root (the root already shows them, with
 * its own access), the too broad (see `broadPathReason`), those inside handrail's state directory, and any
 * that holds the run directory (other commands' HOME directories are there). Each omission but the first is
 * noted.
 */
export async function sandboxReadPaths(
  given: readonly string[],
  where: { roots: readonly FileRoot[]; cwd: string; runDir: string; stateDir?: string | undefined },
  notes: string[],
): Promise<string[]> {
  const kept: string[] = [];
  const stateDir = where.stateDir ? ((await realOrUndefined(where.stateDir)) ?? where.stateDir) : undefined;
  for (const p of given) {
    const real = typeof p === 'string' && path.isAbsolute(p) ? await realOrUndefined(p) : undefined;
    if (!real) {
      notes.push(`not shown: ${JSON.stringify(p)} does not exist (read paths are absolute host paths).`);
      continue;
    }
    if (where.roots.some((root) => isWithin(real, root.path))) continue;
    const broad = broadPathReason(real, where.cwd);
    if (broad) notes.push(`not shown: ${real} is too broad (${broad})`);
    else if (stateDir && isWithin(real, stateDir)) notes.push(`not shown: ${real} is handrail's own state`);
    else if (isWithin(where.runDir, real)) notes.push(`not shown: ${real} holds handrail's run directories`);
    else kept.push(real);
  }
  return outermost(kept);
}

/** Each path once, none inside another (a directory shows what is in it). */
function outermost(paths: readonly string[]): string[] {
  const unique = [...new Set(paths)].sort();
  return unique.filter((p) => !unique.some((other) => other !== p && isWithin(p, other)));
}

async function realOrUndefined(p: string): Promise<string | undefined> {
  try {
    return await fs.realpath(p);
  } catch {
    return undefined;
  }
}

async function isFile(p: string): Promise<boolean> {
  return (await fs.stat(p).catch(() => undefined))?.isFile() === true;
}

async function isDirectory(p: string): Promise<boolean> {
  return (await fs.stat(p).catch(() => undefined))?.isDirectory() === true;
}

async function isExecutableFile(p: string): Promise<boolean> {
  if (!(await isFile(p))) return false;
  return fs.access(p, constants.X_OK).then(
    () => true,
    () => false,
  );
}
