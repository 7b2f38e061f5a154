// The effective configuration as createRuntime options: only what some layer set (the runtime keeps its own
// defaults), paths absolute, the Brave key read from the environment variable the configuration names, MCP
// servers with their variables expanded.
import type { WebSearchConfig } from '../tools/index.js';
import { mcpServerOptions } from './mcp-server-options.js';
import type { MergedConfig } from './merge.js';
import { problemAt } from './read.js';
import type { HandrailConfig } from './schema-type.js';
import { nest } from './settings.js';
import type { ConfigProblem, ConfiguredRuntimeOptions } from './types.js';

export const DEFAULT_BRAVE_KEY_VARIABLE = 'BRAVE_API_KEY';

export function toRuntimeOptions(
  merged: MergedConfig,
  ctx: { workspace: string; trustProject: boolean; env: Record<string, string | undefined> },
): { options: ConfiguredRuntimeOptions; problems: ConfigProblem[]; warnings: ConfigProblem[] } {
  const set = new Map([...merged.values].filter(([key]) => merged.reports[key]!.source !== 'default'));
  const config = nest(set) as HandrailConfig;
  const problems: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  const options: ConfiguredRuntimeOptions = { workspace: ctx.workspace };
  if (ctx.trustProject) options.trustProjectPolicy = true;
  if (config.profile) options.profile = config.profile;
  if (config.policy) options.policy = config.policy;
  if (config.roots) options.roots = config.roots;
  if (config.denyRead) options.denyRead = config.denyRead;
  if (config.protectedPaths) options.protectedPaths = config.protectedPaths;
  if (config.approvableWrites) options.approvableWrites = config.approvableWrites;
  if (config.sandbox?.backend) options.sandbox = config.sandbox.backend;
  if (config.sandbox?.runAs !== undefined) options.runAs = config.sandbox.runAs;
  if (config.stateDir) options.stateDir = config.stateDir;
  if (config.store !== undefined) options.store = config.store;
  if (config.approvals?.timeoutMs) options.approvalTimeoutMs = config.approvals.timeoutMs;
  if (config.limits) options.limits = config.limits;
  if (config.shell) options.process = { ...config.shell };
  // `network.commands: "policed"` is the library's `network: { commands: true }` (the shell's proxy reads it).
  const { commands, ...network } = config.network ?? {};
  if (Object.keys(network).length > 0 || commands !== undefined) {
    options.network = commands === undefined ? network : { ...network, commands: commands === 'policed' };
  }

  const search = config.webSearch;
  if (search) {
    if (search.provider === 'searxng') options.webSearch = search;
    else {
      const { apiKeyEnv = DEFAULT_BRAVE_KEY_VARIABLE, ...rest } = search;
      const apiKey = ctx.env[apiKeyEnv]?.trim();
      if (apiKey) options.webSearch = { ...rest, apiKey } satisfies WebSearchConfig;
      else {
        const origin = merged.origins.get('webSearch')!;
        problems.push(
          problemAt(
            origin.input,
            origin.pointer,
            `Brave Search needs its API key in the environment variable ${apiKeyEnv}, which is not set`,
          ),
        );
      }
    }
  }
  if (config.mcpServers) {
    const mcp = mcpServerOptions(config.mcpServers, ctx.env, (server, pointer, message) => {
      const origin = merged.origins.get(`mcpServers.${server}`)!;
      return problemAt(origin.input, `${origin.pointer}${pointer}`, message);
    });
    problems.push(...mcp.problems);
    if (Object.keys(mcp.servers).length > 0) options.mcpServers = mcp.servers;
  }
  return { options, problems, warnings };
}
