// The effective configuration for a command that builds a runtime (serve, call, tools, demo) or reads its
// state (log): the files, then the flags. Warnings go to stderr; an invalid configuration is refused
// (exit 2) with every problem and its place, before anything runs.
import { type ConfigProblem, formatProblem, type LoadedConfig, loadConfig } from '../config/index.js';
import type { WorkspaceOptions } from '../server/index.js';
import type { GlobalOptions } from './global-options.js';
import { type CliIO, createStyle, UsageError, wantsColor } from './style.js';

export function loadEffectiveConfig(globals: GlobalOptions, io: Pick<CliIO, 'env'>): LoadedConfig {
  return loadConfig({
    cwd: globals.root,
    ...(globals.configFile !== undefined ? { configFile: globals.configFile } : {}),
    ...(globals.mcpConfigFile !== undefined ? { mcpConfigFile: globals.mcpConfigFile } : {}),
    flags: globals.flags,
    trustProject: globals.trustProject,
    env: io.env,
  });
}

/** The configuration, checked: throws a usage error listing every problem; prints the warnings. */
export function checkedConfig(globals: GlobalOptions, io: CliIO, where: string): LoadedConfig {
  const loaded = loadEffectiveConfig(globals, io);
  if (loaded.errors.length > 0) throw configError(loaded);
  printWarnings(loaded.warnings, io, where);
  return loaded;
}

/** The workspace options a runtime is built from: the effective configuration. */
export function configuredWorkspace(
  globals: GlobalOptions,
  io: CliIO,
  where: string,
): WorkspaceOptions & { root: string } {
  const loaded = checkedConfig(globals, io, where);
  const { config, options } = loaded;
  return {
    root: globals.root,
    profile: config.profile!,
    sandbox: config.sandbox!.backend!,
    ...(options.policy !== undefined ? { policy: options.policy as string } : {}),
    ...(options.stateDir !== undefined ? { stateDir: options.stateDir } : {}),
    ...(globals.trustProject ? { trustProjectPolicy: true } : {}),
    runtime: options,
  };
}

export function configError(loaded: LoadedConfig): UsageError {
  const n = loaded.errors.length;
  return new UsageError(
    `the configuration is invalid (${n} problem${n === 1 ? '' : 's'}):\n${loaded.errors.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
    'Fix each place named above; "handrail config" shows the files it reads.',
  );
}

/** One line per warning; the way to trust the project once, after the settings it ignored. */
export function printWarnings(
  warnings: readonly ConfigProblem[],
  io: Pick<CliIO, 'stderr' | 'env'>,
  where: string,
): void {
  const style = createStyle(wantsColor(io.stderr, io.env));
  for (const warning of warnings) {
    const text = formatProblem(warning, { hint: warning.code !== 'ignored' });
    io.stderr.write(`${where}: ${style.yellow('warning:')} ${text}\n`);
  }
  const ignored = warnings.find((w) => w.code === 'ignored');
  if (ignored?.hint) io.stderr.write(`  ${style.dim(`hint: ${ignored.hint}`)}\n`);
}
