// Checking `mcpServers` when the runtime is created: a bad configuration is the owner's mistake, reported
// with every problem at once, never a server that fails later for a reason nobody sees.
import { serverNameProblem } from './names.js';
import type { McpHttpServerConfig, McpServerConfig, McpStdioServerConfig } from './types.js';

/** Default longest wait for a call (and for a server to start), in ms. */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;

const COMMON_KEYS = ['trust', 'lazy', 'timeoutMs', 'disabled'];
const STDIO_KEYS = new Set([...COMMON_KEYS, 'command', 'args', 'env', 'cwd']);
const HTTP_KEYS = new Set([...COMMON_KEYS, 'url', 'headers']);

export function isStdioConfig(config: McpServerConfig): config is McpStdioServerConfig {
  return typeof (config as McpStdioServerConfig).command === 'string';
}

export function isHttpConfig(config: McpServerConfig): config is McpHttpServerConfig {
  return typeof (config as McpHttpServerConfig).url === 'string';
}

/** Every problem with a set of server configurations (empty when all are usable). */
export function mcpServersProblems(servers: unknown): string[] {
  if (servers === undefined) return [];
  if (!isRecord(servers)) return ['mcpServers must be an object mapping server names to configurations'];
  const problems: string[] = [];
  for (const [name, config] of Object.entries(servers)) {
    const nameProblem = serverNameProblem(name);
    if (nameProblem) problems.push(nameProblem);
    problems.push(...serverProblems(config).map((p) => `mcpServers.${name}: ${p}`));
  }
  return problems;
}

/** Throws a RangeError listing every problem, like the runtime's other options. */
export function assertMcpServers(servers: unknown): asserts servers is Record<string, McpServerConfig> {
  const problems = mcpServersProblems(servers);
  if (problems.length > 0) throw new RangeError(`Invalid handrail mcpServers: ${problems.join('; ')}.`);
}

function serverProblems(config: unknown): string[] {
  if (!isRecord(config)) return ['must be an object with a "command" (stdio) or a "url" (HTTP)'];
  const problems: string[] = [];
  const hasCommand = 'command' in config;
  const hasUrl = 'url' in config;
  if (hasCommand === hasUrl) {
    return [
      hasCommand
        ? 'has both "command" and "url"; a server is either a command (stdio) or a URL (HTTP)'
        : 'needs a "command" (a server handrail starts, over stdio) or a "url" (Streamable HTTP or SSE)',
    ];
  }
  const known = hasCommand ? STDIO_KEYS : HTTP_KEYS;
  for (const key of Object.keys(config)) {
    if (!known.has(key)) {
      problems.push(
        `unknown key "${key}" for ${hasCommand ? 'a stdio' : 'an HTTP'} server (known: ${[...known].join(', ')})`,
      );
    }
  }
  if (hasCommand) {
    if (typeof config.command !== 'string' || config.command.trim() === '' || config.command.includes('\0')) {
      problems.push('"command" must be a non-empty string');
    }
    if (config.args !== undefined && !isStringArray(config.args)) {
      problems.push('"args" must be an array of strings');
    }
    if (config.env !== undefined && !isStringRecord(config.env)) {
      problems.push('"env" must map variable names to string values');
    }
    if (config.cwd !== undefined && (typeof config.cwd !== 'string' || config.cwd.includes('\0'))) {
      problems.push('"cwd" must be a path (relative to the workspace)');
    }
  } else {
    const problem = urlProblem(config.url);
    if (problem) problems.push(problem);
    if (config.headers !== undefined && !isStringRecord(config.headers)) {
      problems.push('"headers" must map header names to string values');
    }
  }
  if (config.trust !== undefined && config.trust !== 'none' && config.trust !== 'annotations') {
    problems.push(`"trust" must be 'none' or 'annotations' (got ${JSON.stringify(config.trust)})`);
  }
  for (const key of ['lazy', 'disabled'] as const) {
    if (config[key] !== undefined && typeof config[key] !== 'boolean')
      problems.push(`"${key}" must be a boolean`);
  }
  const timeout = config.timeoutMs;
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) {
    problems.push(`"timeoutMs" must be a positive number of milliseconds (got ${String(timeout)})`);
  }
  return problems;
}

function urlProblem(url: unknown): string | undefined {
  if (typeof url !== 'string') return '"url" must be a string';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"url" is not a URL (${JSON.stringify(url.slice(0, 200))})`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `"url" must be http or https (got ${parsed.protocol.replace(/:$/, '')})`;
  }
  // Credentials belong in "headers", where they never show in events or errors.
  if (parsed.username || parsed.password)
    return '"url" must not carry a user name or password; use "headers"';
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
}
