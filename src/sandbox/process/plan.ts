import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type CommandProxyEndpoint, PROXY_PORT, proxyEnv } from '../network/index.js';
import type { SandboxCommand, SandboxPolicy } from './backend-types.js';
import { buildCommandEnv, type EnvRefusal, envRefusalMessage } from './env.js';
import { resolveProgram, sandboxReadPaths } from './program-paths.js';
import { resolveRlimits } from './rlimits.js';
import { createRunDir } from './run-dir.js';
import { argvSizeProblem, commandSizeProblem, shellArgv } from './shell.js';
import type { ProcessSpawnContext, ProcessSpawnInput, ProcessSpawnPlanResult } from './types.js';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_TIMEOUT_CAP_MS = 600_000;

type Failure = Extract<ProcessSpawnPlanResult, { ok: false }>;
const fail = (errorClass: Failure['errorClass'], message: string): Failure => ({
  ok: false,
  errorClass,
  message,
});

/**
 * Turn a request to run a command (a model's shell command line, or a program's argv) into a spawn plan: the
 * argv, a filtered environment with a fresh HOME, a checked working directory, a capped timeout (none for a
 * service), the paths it may read besides the roots, and the backend's wrapping. Every refusal is a result
 * with an error class and a message that says what to change.
 */
export async function buildProcessSpawnPlan(
  input: ProcessSpawnInput,
  ctx: ProcessSpawnContext,
): Promise<ProcessSpawnPlanResult> {
  const program = programArgv(input);
  if (typeof program === 'string') return fail('invalid_arguments', program);
  const notes: string[] = [];
  const timeout = resolveTimeout(input, ctx, notes);
  if (typeof timeout === 'string') return fail('invalid_arguments', timeout);
  if (input.stdin !== undefined && input.stdin !== 'closed' && input.stdin !== 'pipe') {
    return fail('invalid_arguments', `stdin must be "closed" or "pipe", not ${JSON.stringify(input.stdin)}.`);
  }
  const tty = input.tty === true;
  if (
    input.env !== undefined &&
    (typeof input.env !== 'object' || input.env === null || Array.isArray(input.env))
  ) {
    return fail('invalid_arguments', 'env must be an object mapping variable names to string values.');
  }
  const refused = refusedModelEnv(input.env);
  if (refused.length > 0) return fail('invalid_arguments', envRefusalMessage(refused));

  const { files, backend } = ctx;
  const workdir = await files.checkRead(input.workdir ?? files.cwd, { kind: 'directory' });
  if (!workdir.ok) return fail('sandbox_violation', workdir.message);
  if (!workdir.stat) {
    return fail('not_found', `The working directory ${workdir.display} does not exist.`);
  }
  const status = backend.status();
  if (status.state === 'unavailable') {
    return fail('permission_denied', status.reason ?? `The ${backend.name} sandbox is unavailable.`);
  }

  const writable = files.roots.filter((root) => root.access === 'write').map((root) => root.path);
  let runDir: Awaited<ReturnType<typeof createRunDir>>;
  try {
    runDir = await createRunDir(writable);
  } catch (error) {
    return fail('io_error', `Cannot prepare the command's HOME directory: ${(error as Error).message}`);
  }
  const runId = randomBytes(8).toString('hex');
  const env = buildCommandEnv({
    host: ctx.hostEnv ?? process.env,
    home: runDir.home,
    tmp: runDir.tmp,
    tty,
    runId,
    roots: files.roots.map((root) => root.path),
    ...(ctx.profile.extraEnv ? { extra: ctx.profile.extraEnv } : {}),
    ...(input.env ? { model: input.env } : {}),
  });
  if (!env.ok) {
    await runDir.remove();
    return fail('invalid_arguments', envRefusalMessage(env.refused));
  }
  // A program runs by the path found on the PATH the command sees (the host's view of it, which the
  // sandbox shares for the system and read paths).
  let argv = program.argv;
  if (program.direct) {
    const found = await resolveProgram(argv[0]!, { cwd: workdir.path, path: env.env.PATH ?? '' });
    if (!found) {
      await runDir.remove();
      return fail('not_found', programNotFound(argv[0]!, workdir.path, env.env.PATH ?? ''));
    }
    argv = [found, ...argv.slice(1)];
  }
  const readPaths = await sandboxReadPaths(
    ctx.readPaths ?? [],
    { roots: files.roots, cwd: workdir.path, runDir: runDir.root, stateDir: ctx.filePolicy?.stateDir },
    notes,
  );
  const network = await openProxy(ctx, runDir.root, notes);
  if (typeof network === 'string') {
    await runDir.remove();
    return fail('io_error', network);
  }
  // The proxy's variables win over the profile's: the proxy is the only way out of the sandbox.
  if (network.endpoint) Object.assign(env.env, proxyEnv(network.endpoint.port));

  const command: SandboxCommand = {
    argv,
    env: env.env,
    cwd: workdir.path,
    runDir: runDir.root,
    home: runDir.home,
    tmp: runDir.tmp,
    tty,
    rlimits: resolveRlimits(ctx.profile.rlimits),
  };
  const policy: SandboxPolicy = {
    roots: files.roots,
    network: ctx.profile.network === true,
    ...(network.endpoint ? { proxy: network.endpoint } : {}),
    ...(ctx.filePolicy?.denyRead ? { denyRead: ctx.filePolicy.denyRead } : {}),
    ...(ctx.filePolicy?.protectedPaths ? { protectedPaths: ctx.filePolicy.protectedPaths } : {}),
    ...(ctx.filePolicy?.protectedFiles ? { protectedFiles: ctx.filePolicy.protectedFiles } : {}),
    ...(ctx.filePolicy?.stateDir ? { stateDir: ctx.filePolicy.stateDir } : {}),
    ...(readPaths.length > 0 ? { readPaths } : {}),
  };
  let wrapped: Awaited<ReturnType<typeof backend.wrap>>;
  try {
    wrapped = await backend.wrap(command, policy);
  } catch (error) {
    wrapped = {
      ok: false,
      errorClass: 'internal',
      message: `The sandbox failed: ${(error as Error).message}`,
    };
  }
  if (!wrapped.ok) {
    await network.close();
    await runDir.remove();
    return wrapped;
  }
  const { release, audit } = wrapped;
  let cleaned: Promise<string[]> | undefined;
  return {
    ok: true,
    plan: {
      argv: wrapped.argv,
      env: wrapped.env,
      cwd: wrapped.cwd,
      timeoutMs: timeout,
      stdin: tty || input.stdin === 'pipe' ? 'pipe' : 'closed',
      tty,
      command: { argv, env: wrapped.commandEnv, cwd: workdir.path },
      sandbox: wrapped.sandbox,
      runId,
      notes,
      cleanup() {
        // The proxy's socket first: it lives in the run directory.
        cleaned ??= network
          .close()
          .then(() => Promise.allSettled([release(), runDir.remove()]))
          .then(([released]) => (released.status === 'fulfilled' ? released.value : []));
        return cleaned;
      },
      audit() {
        return cleaned || !audit ? Promise.resolve([]) : audit();
      },
    },
  };
}

/** Longest unix socket path the kernel takes (sun_path, with its NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * The command's entrance to the network proxy, when the context has one: a socket in the run directory,
 * served on the sandbox's loopback by a backend that accepts the proxy. Returns the problem in words when
 * the proxy cannot listen; a backend that cannot take it gets none, and the command is told so.
 */
async function openProxy(
  ctx: ProcessSpawnContext,
  runDir: string,
  notes: string[],
): Promise<{ endpoint?: CommandProxyEndpoint; close(): Promise<void> } | string> {
  const none = { close: async () => undefined };
  if (!ctx.proxy || ctx.profile.network === true) return none;
  if (!ctx.backend.acceptsProxy) {
    notes.push(
      `Commands are not routed through handrail's network proxy (network.commands): the ${ctx.backend.name} sandbox cannot do it.`,
    );
    return none;
  }
  const socket = path.join(runDir, 'proxy.sock');
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    return `Cannot start the command's network proxy: its socket path ${socket} is longer than ${MAX_SOCKET_PATH} bytes (set TMPDIR to a shorter directory).`;
  }
  try {
    const listener = await ctx.proxy(socket);
    return { endpoint: { socket, port: PROXY_PORT }, close: () => listener.close() };
  } catch (error) {
    return `Cannot start the command's network proxy: ${(error as Error).message}`;
  }
}

/**
 * What runs: `cmd` in its shell, or `argv` as given (its program still to be found on PATH: `direct`). A
 * message when the request is not one of the two, or cannot be run as given.
 */
function programArgv(input: ProcessSpawnInput): { argv: string[]; direct: boolean } | string {
  if (input.cmd !== undefined && input.argv !== undefined) {
    return 'Give either cmd (a shell command line) or argv (a program and its arguments), not both.';
  }
  if (input.argv !== undefined) {
    const { argv } = input;
    if (!Array.isArray(argv) || argv.some((arg) => typeof arg !== 'string')) {
      return 'argv must be an array of strings: the program, then its arguments.';
    }
    if (argv.length === 0 || argv[0]!.trim() === '') {
      return 'argv is empty; give the program to run, then its arguments.';
    }
    const nul = argv.findIndex((arg) => arg.includes('\u0000'));
    if (nul >= 0) return `Argument ${nul} of argv contains a NUL character.`;
    if (input.shell !== undefined) return 'shell applies to cmd only: argv runs its program without a shell.';
    return argvSizeProblem(argv) ?? { argv: [...argv], direct: true };
  }
  const { cmd } = input;
  if (typeof cmd !== 'string' || cmd.trim() === '') {
    return 'The command is empty; give the shell command to run.';
  }
  if (cmd.includes('\u0000')) return 'The command contains a NUL character.';
  const tooBig = commandSizeProblem(cmd);
  if (tooBig) return tooBig;
  const shell = shellArgv(input.shell, cmd);
  return 'message' in shell ? shell.message : { argv: shell.argv, direct: false };
}

function programNotFound(program: string, cwd: string, searchPath: string): string {
  if (program.includes('/')) {
    return `The program ${path.resolve(cwd, program)} does not exist or is not an executable file.`;
  }
  return `The program ${JSON.stringify(program)} was not found on PATH (${searchPath}): no executable file of that name is in any of its directories. Give its absolute path, or set PATH in the profile's extraEnv.`;
}

/** The wall-clock limit: none for a service; for a call the one asked for, within the profile's cap. */
function resolveTimeout(
  input: ProcessSpawnInput,
  ctx: ProcessSpawnContext,
  notes: string[],
): number | string {
  const { lifetime, timeoutMs: requested } = input;
  if (lifetime !== undefined && lifetime !== 'call' && lifetime !== 'service') {
    return `lifetime must be "call" or "service", not ${JSON.stringify(lifetime)}.`;
  }
  if (lifetime === 'service') {
    if (requested !== undefined)
      return 'A service has no timeout (its caller stops it): leave timeoutMs out.';
    return Number.POSITIVE_INFINITY;
  }
  const cap = ctx.profile.timeoutCapMs ?? DEFAULT_TIMEOUT_CAP_MS;
  const fallback = Math.min(ctx.profile.timeoutDefaultMs ?? DEFAULT_TIMEOUT_MS, cap);
  if (requested === undefined) return fallback;
  if (typeof requested !== 'number' || !Number.isFinite(requested) || requested <= 0) {
    return `The timeout must be a positive number of milliseconds, not ${JSON.stringify(requested)}.`;
  }
  if (requested > cap) {
    notes.push(`The timeout of ${requested} ms was capped at ${cap} ms, the longest this profile allows.`);
    return cap;
  }
  return Math.ceil(requested);
}

/** Check model-supplied variables before anything is created on disk. */
function refusedModelEnv(model: Record<string, unknown> | undefined): EnvRefusal[] {
  if (model === undefined) return [];
  const probe = buildCommandEnv({
    host: {},
    home: '/',
    tmp: '/',
    tty: false,
    runId: '',
    model,
  });
  return probe.ok ? [] : probe.refused;
}
