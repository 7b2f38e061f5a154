// The checks behind `handrail doctor`: each looks at one thing handrail needs on this machine and says
// whether it is fine (ok), works with less (warn) or is broken (fail), and what to do about it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatProblem, type LoadedConfig } from '../config/index.js';
import { PROTECTED_TOOL_NAMES } from '../core/index.js';
import { checkPolicyLayers } from '../policy/policy-file/index.js';
import {
  isWithin,
  type NetworkConfig,
  resolveNetworkConfig,
  type SandboxChoice,
  selectBackend,
} from '../sandbox/index.js';
import { DEFAULT_DB_FILE, NoDatabaseError, openReader } from '../store/index.js';
import { builtinTools } from '../tools/index.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Check {
  id: string;
  title: string;
  status: CheckStatus;
  detail: string;
  /** What to do about a warn or fail. */
  fix?: string;
  /** Whether a fail here means handrail cannot run commands as configured (the exit status counts it). */
  required: boolean;
}

/** What the checks look at: the workspace, its effective configuration and the environment. */
export interface DoctorContext {
  root: string;
  loaded: LoadedConfig;
  trustProject: boolean;
  env: Record<string, string | undefined>;
}

/**
 * Every OS sandbox a profile can choose: SandboxChoice without 'auto' and 'none'. `satisfies` makes the
 * compiler name a backend added to SandboxChoice and missing here.
 */
const BACKENDS = {
  bwrap: 'bubblewrap',
  landlock: 'Landlock',
} as const satisfies Record<Exclude<SandboxChoice, 'auto' | 'none'>, string>;

const require = createRequire(import.meta.url);

export function nodeCheck(): Check {
  const major = Number(process.versions.node.split('.')[0]);
  return major >= 20
    ? { id: 'node', title: 'Node.js', status: 'ok', detail: process.versions.node, required: true }
    : {
        id: 'node',
        title: 'Node.js',
        status: 'fail',
        detail: `${process.versions.node}: handrail needs 20 or newer`,
        fix: 'Install Node.js 20 or newer.',
        required: true,
      };
}

/** Each backend on its own: can it run a command here, and if not, why. */
export async function backendChecks(ctx: DoctorContext): Promise<Check[]> {
  const checks: Check[] = [];
  for (const [name, label] of Object.entries(BACKENDS) as Array<[keyof typeof BACKENDS, string]>) {
    const status = (await selectBackend(name, selectOptions(ctx))).status();
    const reason = status.reason?.replace(
      /^The \w+ sandbox this profile requires is unavailable, so commands are refused: /,
      '',
    );
    const title = `sandbox ${name}`;
    if (status.state === 'ready') {
      checks.push({
        id: `sandbox.${name}`,
        title,
        status: 'ok',
        detail: `${label} runs commands here`,
        required: false,
      });
    } else if (status.state === 'degraded') {
      checks.push({
        id: `sandbox.${name}`,
        title,
        status: 'warn',
        detail: `${label} runs commands, with less protection: ${reason}`,
        fix: sandboxFix(reason ?? ''),
        required: false,
      });
    } else {
      checks.push({
        id: `sandbox.${name}`,
        title,
        status: 'fail',
        detail: `${label} cannot run here: ${reason}`,
        fix: sandboxFix(reason ?? ''),
        required: false,
      });
    }
  }
  return checks;
}

/** What commands run in under the configured choice; `confined` is what the exit status is about. */
export async function commandsCheck(ctx: DoctorContext): Promise<Check & { confined: boolean }> {
  const choice = (ctx.loaded.config.sandbox?.backend ?? 'auto') as SandboxChoice;
  const source = sourceOf(ctx, 'sandbox.backend');
  if (choice === 'none') {
    return {
      id: 'sandbox',
      title: 'commands',
      status: 'warn',
      detail: `run unconfined, without an OS sandbox (sandbox "none", ${source})`,
      fix: 'Trust the workspace fully, or choose --sandbox auto where bwrap or Landlock can run.',
      required: true,
      confined: false,
    };
  }
  const backend = await selectBackend(choice, selectOptions(ctx));
  const status = backend.status();
  if (status.state === 'unavailable') {
    return {
      id: 'sandbox',
      title: 'commands',
      status: 'fail',
      detail: `are refused (sandbox "${choice}", ${source}): ${status.reason}`,
      fix: sandboxFix(status.reason ?? ''),
      required: true,
      confined: false,
    };
  }
  return {
    id: 'sandbox',
    title: 'commands',
    status: status.state === 'ready' ? 'ok' : 'warn',
    detail: `run confined by ${backend.name} (sandbox "${choice}", ${source})${status.reason ? `: ${status.reason}` : ''}`,
    ...(status.state === 'degraded' ? { fix: sandboxFix(status.reason ?? '') } : {}),
    required: true,
    confined: true,
  };
}

function selectOptions(ctx: DoctorContext) {
  const runAs = ctx.loaded.config.sandbox?.runAs;
  return runAs !== undefined ? { runAs } : {};
}

/** What to do about a backend's complaint, from the words it uses. */
export function sandboxFix(reason: string): string {
  if (/needs Linux/i.test(reason)) return 'Commands need Linux; the file and web tools work anywhere.';
  if (/bwrap is not installed|bwrap is not an executable/i.test(reason)) {
    return 'Install bubblewrap: "apt install bubblewrap" (Debian, Ubuntu), "dnf install bubblewrap" (Fedora), "pacman -S bubblewrap" (Arch).';
  }
  if (/setpriv|prlimit/i.test(reason)) return 'Install util-linux (it has setpriv and prlimit).';
  if (/namespace|uid map|Operation not permitted|Permission denied/i.test(reason)) {
    return 'Allow unprivileged user namespaces: "sysctl kernel.unprivileged_userns_clone=1" (Debian) or "sysctl kernel.apparmor_restrict_unprivileged_userns=0" (Ubuntu 23.10 and later); in a container, start it with user namespaces allowed, or use Landlock.';
  }
  if (/Landlock helper is missing/i.test(reason)) {
    return 'Install a C compiler (cc) and run "npm install" again in the handrail checkout: the install builds the helper.';
  }
  if (/does not offer Landlock/i.test(reason)) {
    return 'Use Linux 5.13 or later with Landlock enabled ("landlock" in the kernel\'s lsm= list).';
  }
  return 'See the reason above; "handrail doctor --json" shows every detail.';
}

/** ripgrep on PATH (a PATH entry inside the workspace does not count, as for grep_files itself). */
export function ripgrepCheck(ctx: DoctorContext): Check {
  const found = findOnPath('rg', ctx.env.PATH ?? '', ctx.root);
  if (!found) {
    return {
      id: 'ripgrep',
      title: 'ripgrep',
      status: 'warn',
      detail: 'not on PATH: grep_files uses its slower JavaScript search',
      fix: 'Install ripgrep: "apt install ripgrep", "dnf install ripgrep" or "brew install ripgrep".',
      required: false,
    };
  }
  const version = spawnSync(found, ['--version'], { encoding: 'utf8', timeout: 5_000 }).stdout?.split(
    '\n',
  )[0];
  return {
    id: 'ripgrep',
    title: 'ripgrep',
    status: 'ok',
    detail: `${found}${version ? ` (${version.trim()})` : ''}`,
    required: false,
  };
}

function findOnPath(name: string, searchPath: string, excluded: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!path.isAbsolute(dir) || isWithin(dir, excluded)) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The pseudo-terminal addon exec_command's `tty: true` uses. */
export function ptyCheck(): Check {
  try {
    require('@lydell/node-pty');
    return { id: 'pty', title: 'node-pty', status: 'ok', detail: 'pseudo-terminals work', required: false };
  } catch (error) {
    return {
      id: 'pty',
      title: 'node-pty',
      status: 'warn',
      detail: `does not load, so exec_command cannot give a command a terminal: ${(error as Error).message}`,
      fix: 'Run "npm install" again in the handrail checkout on a platform @lydell/node-pty ships for.',
      required: false,
    };
  }
}

/** The event store: the SQLite driver loads, its folder is writable, and the database (if any) opens. */
export function storeCheck(ctx: DoctorContext): Check {
  const { config } = ctx.loaded;
  const store = config.store ?? 'sqlite';
  const stateDir = config.stateDir ?? path.join(ctx.root, '.handrail');
  const base = { id: 'store', title: 'event store', required: true } as const;
  if (store === false || store === 'memory') {
    return { ...base, status: 'warn', detail: `calls are not recorded (store: ${JSON.stringify(store)})` };
  }
  const file = path.resolve(
    stateDir,
    typeof store === 'object' ? (store.path ?? DEFAULT_DB_FILE) : DEFAULT_DB_FILE,
  );
  try {
    require('better-sqlite3');
  } catch (error) {
    return {
      ...base,
      status: 'fail',
      detail: `the SQLite driver (better-sqlite3) does not load: ${(error as Error).message}`,
      fix: 'Rebuild it: "npm rebuild better-sqlite3" in the handrail checkout (it needs python3, make and a C++ compiler).',
    };
  }
  const folder = writableFolder(path.dirname(file));
  if (folder)
    return {
      ...base,
      status: 'fail',
      detail: folder,
      fix: 'Choose a state directory you can write: --state-dir DIR.',
    };
  try {
    const reader = openReader(file);
    reader.close();
    return { ...base, status: 'ok', detail: `${file} opens` };
  } catch (error) {
    if (error instanceof NoDatabaseError) {
      return { ...base, status: 'ok', detail: `${file} (made at the first call)` };
    }
    return {
      ...base,
      status: 'fail',
      detail: `${file} does not open: ${(error as Error).message}`,
      fix: 'Move the file aside (a newer handrail may have written it); a new one is made at the first call.',
    };
  }
}

/** Why `dir` (or, when it does not exist yet, the folder it would be made in) cannot be written; else undefined. */
function writableFolder(dir: string): string | undefined {
  let existing = dir;
  while (!exists(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  try {
    // A real write: access() says yes to root on a read-only mount.
    rmSync(mkdtempSync(path.join(existing, '.handrail-doctor-')), { recursive: true, force: true });
    return undefined;
  } catch (error) {
    const made = existing === dir ? dir : `${existing} (where ${dir} would be made)`;
    return `${made} is not writable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  }
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** The configuration files: every problem with its place. */
export function configCheck(ctx: DoctorContext): Check {
  const { files, errors, warnings } = ctx.loaded;
  const found = files.filter((f) => f.found).map((f) => `${f.layer} ${f.path}`);
  const read = found.length > 0 ? found.join(', ') : 'no configuration files (the defaults)';
  const base = { id: 'config', title: 'configuration', required: true } as const;
  if (errors.length > 0) {
    return {
      ...base,
      status: 'fail',
      detail: `invalid:\n${errors.map((p) => formatProblem(p)).join('\n')}`,
      fix: 'Fix each place named; "handrail config" shows the files and every value.',
    };
  }
  if (warnings.length > 0) {
    return {
      ...base,
      status: 'warn',
      detail: `${read}; ${warnings.length} warning${warnings.length === 1 ? '' : 's'}:\n${warnings.map((p) => formatProblem(p)).join('\n')}`,
      fix: '"handrail config" shows where each value comes from.',
    };
  }
  return { ...base, status: 'ok', detail: read };
}

/** The policy layers as a runtime would load them. */
export function policyCheck(ctx: DoctorContext): Check {
  const session = ctx.loaded.config.policy;
  const { policy, errors } = checkPolicyLayers({
    workspace: ctx.root,
    env: ctx.env,
    knownTools: [...builtinTools().map((t) => t.name), ...PROTECTED_TOOL_NAMES],
    ...(ctx.env.HOME ? { home: ctx.env.HOME } : {}),
    ...(ctx.trustProject ? { trustProject: true } : {}),
    ...(session !== undefined ? { session } : {}),
  });
  const base = { id: 'policy', title: 'policy files', required: true } as const;
  if (errors.length > 0) {
    const lines = errors.flatMap((e) => e.problems.map((p) => `${e.file}: ${p.path}: ${p.message}`));
    return {
      ...base,
      status: 'fail',
      detail: `invalid:\n${lines.join('\n')}`,
      fix: 'Fix each place named; "handrail policy check" says more.',
    };
  }
  const layers = policy.layers.map((l) => `${l.name} ${l.source}`);
  const read = layers.length > 0 ? layers.join(', ') : 'no policy files (the profile decides alone)';
  if (policy.warnings.length > 0) {
    return {
      ...base,
      status: 'warn',
      detail: `${read}; ${policy.warnings.length} rule${policy.warnings.length === 1 ? '' : 's'} that can never match`,
      fix: '"handrail policy check" lists them.',
    };
  }
  return { ...base, status: 'ok', detail: read };
}

/** The network settings resolve, and what they let the web tools (and commands) reach. */
export function networkCheck(ctx: DoctorContext): Check {
  const base = { id: 'network', title: 'network policy', required: true } as const;
  let settings: ReturnType<typeof resolveNetworkConfig>;
  try {
    settings = resolveNetworkConfig(ctx.loaded.options.network as NetworkConfig | undefined);
  } catch (error) {
    return {
      ...base,
      status: 'fail',
      detail: `does not resolve: ${(error as Error).message}`,
      fix: 'Fix the network settings ("handrail config" shows where each comes from).',
    };
  }
  const reach =
    settings.mode === 'enabled'
      ? 'enabled: web tools reach any public host'
      : settings.mode === 'restricted'
        ? `restricted: web tools reach ${settings.allow.length} allowed host pattern${settings.allow.length === 1 ? '' : 's'}`
        : 'disabled: no web tools';
  const deny = settings.deny.length > 0 ? `, ${settings.deny.length} denied` : '';
  const commands = (settings as { commands?: boolean }).commands
    ? '; commands reach the network through handrail'
    : '; commands have no network';
  return { ...base, status: 'ok', detail: `${reach}${deny}${commands}` };
}

function sourceOf(ctx: DoctorContext, key: string): string {
  const report = ctx.loaded.sources[key];
  if (!report || report.source === 'default') return 'the default';
  return report.file ? `from ${report.source} ${report.file}` : `from the ${report.source}`;
}
