// The options every workspace command shares: the workspace, the configuration file and the flags for the
// common settings. They may come before or after the command name; what is left goes to the command. The
// flags become the `flag` layer of the configuration (src/config), above every file.
import path from 'node:path';
import type { HandrailConfig } from '../config/index.js';
import { compileApprovableWrites, type SandboxChoice } from '../sandbox/index.js';
import { parseAddressRule, parseHostPattern } from '../sandbox/network/index.js';
import type { WorkspaceOptions } from '../server/index.js';
import { isPermissionMode, PERMISSION_MODES } from '../types/index.js';
import { UsageError } from './style.js';

export const GLOBAL_OPTIONS_HELP = `Global options (before or after the command):
  --root DIR            the workspace (default: the current directory; serve: the roots the client
                        announces, then the current directory unless it is / or your home)
  --config FILE         a configuration file, on top of ~/.config/handrail/config.json and
                        <root>/.handrail/config.json ("handrail config" shows what is in effect)
  --mcp-config FILE     MCP servers to offer behind handrail, in the clients' format
                        ({ "mcpServers": { ... } }, as in claude_desktop_config.json or .mcp.json)
  --profile MODE        full_access | auto_accept_edits | supervised (default) | read_only
  --policy FILE         a session policy file (rules on top of the project and user policies)
  --sandbox KIND        auto (default: bwrap, else Landlock; refused when neither confines) | bwrap |
                        landlock | none
  --run-as WHO          who commands run as when handrail is root: auto (default) | root | UID:GID
  --network MODE        what web tools reach: enabled (default: any public host) | restricted (only
                        --allow-host hosts) | disabled
  --allow-host HOST     a host restricted mode may reach (example.com, *.example.com, host:8443); repeatable
  --deny-host HOST      a host never reached, in every mode; repeatable
  --allow-address ADDR  a loopback or private address to reach on purpose (127.0.0.1:3000); repeatable
  --approvable-write P  a path or glob outside the roots where a human may approve a write, one path per
                        call or turn (/tmp/exports/**); repeatable
  --web-search WHAT     searxng=URL | brave (the key from $BRAVE_API_KEY, never on the command line) | off
  --state-dir DIR       state, full outputs and the event store (default: <root>/.handrail)
  --trust-project       use what <root>/.handrail/policy.json allows and what .handrail/config.json widens
                        (by default a project, which arrives with the repository, can only tighten)
`;

/** Options that take one value (the last one given counts). */
const VALUES = [
  'root',
  'config',
  'mcp-config',
  'profile',
  'policy',
  'sandbox',
  'run-as',
  'network',
  'web-search',
  'state-dir',
] as const;
/** Options that may be given several times (or with commas): every value counts. */
const LISTS = ['allow-host', 'deny-host', 'allow-address', 'approvable-write'] as const;
/** Options that take no value. */
const SWITCHES = ['trust-project'] as const;
type ValueName = (typeof VALUES)[number] | (typeof SWITCHES)[number];
type ListName = (typeof LISTS)[number];
type Name = ValueName | ListName;
const SANDBOXES: SandboxChoice[] = ['bwrap', 'landlock', 'none', 'auto'];
const NETWORK_MODES = ['enabled', 'restricted', 'disabled'] as const;

export interface GlobalOptions {
  /** Exactly what was given, for commands that take the flags themselves (log, policy check). */
  given: Partial<Record<ValueName, string>>;
  /** The workspace, resolved against the current directory. */
  root: string;
  /** `--config FILE`, resolved against the current directory. */
  configFile?: string;
  /** `--mcp-config FILE` (servers in the MCP clients' format), resolved against the current directory. */
  mcpConfigFile?: string;
  trustProject: boolean;
  /** The flags as a configuration layer (paths absolute). */
  flags: HandrailConfig;
  /** The flags as workspace options (what `policy check` forwards). */
  workspace: WorkspaceOptions & { root: string };
}

/** Takes the global options out of argv; the rest, in order, is returned for the command. */
export function extractGlobalOptions(
  argv: string[],
  cwd: string,
): { globals: GlobalOptions; rest: string[] } {
  const given: Partial<Record<ValueName, string>> = {};
  const lists: Record<ListName, string[]> = {
    'allow-host': [],
    'deny-host': [],
    'allow-address': [],
    'approvable-write': [],
  };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1] as Name | undefined;
    if (!match || !name || ![...VALUES, ...LISTS, ...SWITCHES].includes(name)) {
      rest.push(arg);
      continue;
    }
    if ((SWITCHES as readonly string[]).includes(name)) {
      if (match[2] !== undefined) throw new UsageError(`--${name} takes no value`, `Write just --${name}.`);
      given[name as ValueName] = 'true';
      continue;
    }
    let value = match[2];
    if (value === undefined) {
      value = argv[++i];
      if (value === undefined || value.startsWith('--')) {
        throw new UsageError(
          `--${name} needs a value`,
          `For example: --${name} ${EXAMPLES[name as keyof typeof EXAMPLES]}`,
        );
      }
    }
    // A glob may hold commas ({a,b}): a path is one value per flag.
    if (name === 'approvable-write') lists[name].push(value);
    else if (name in lists) lists[name as ListName].push(...value.split(',').map((v) => v.trim()));
    else given[name as ValueName] = value;
  }
  return { globals: resolve(given, lists, cwd), rest };
}

function resolve(
  given: Partial<Record<ValueName, string>>,
  lists: Record<ListName, string[]>,
  cwd: string,
): GlobalOptions {
  const root = path.resolve(cwd, given.root ?? '.');
  const flags: HandrailConfig = {};
  const workspace: GlobalOptions['workspace'] = { root };
  const sandbox: NonNullable<HandrailConfig['sandbox']> = {};
  const network: NonNullable<HandrailConfig['network']> = {};
  if (given.profile !== undefined) {
    if (!isPermissionMode(given.profile)) {
      throw new UsageError(
        `unknown profile "${given.profile}"`,
        `Use one of: ${PERMISSION_MODES.join(', ')}.`,
      );
    }
    flags.profile = workspace.profile = given.profile;
  }
  if (given.sandbox !== undefined) {
    if (!(SANDBOXES as string[]).includes(given.sandbox)) {
      throw new UsageError(
        `unknown sandbox "${given.sandbox}"`,
        'Use auto, bwrap or landlock (the OS sandboxes), or none (no sandbox: only for workspaces you trust).',
      );
    }
    sandbox.backend = workspace.sandbox = given.sandbox as SandboxChoice;
  }
  if (given['run-as'] !== undefined) sandbox.runAs = parseRunAs(given['run-as']);
  if (given.network !== undefined) {
    const mode = given.network as (typeof NETWORK_MODES)[number];
    if (!NETWORK_MODES.includes(mode)) {
      throw new UsageError(
        `unknown network mode "${given.network}"`,
        'Use enabled (any public host), restricted (only the --allow-host hosts) or disabled (no web tools).',
      );
    }
    network.mode = mode;
  }
  const patterns = (name: ListName, parse: (entry: string) => unknown) => {
    for (const entry of lists[name]) {
      const problem = parse(entry);
      if (typeof problem === 'string') throw new UsageError(`--${name} "${entry}": ${problem}`);
    }
    return lists[name].length > 0 ? lists[name] : undefined;
  };
  const allow = patterns('allow-host', parseHostPattern);
  const deny = patterns('deny-host', parseHostPattern);
  const allowAddresses = patterns('allow-address', parseAddressRule);
  if (allow) network.allow = allow;
  if (deny) network.deny = deny;
  if (allowAddresses) network.allowAddresses = allowAddresses;
  const approvable = lists['approvable-write'].map((entry) => path.resolve(cwd, entry));
  for (const entry of approvable) {
    try {
      compileApprovableWrites([entry]);
    } catch (error) {
      throw new UsageError(
        `--approvable-write: ${(error as Error).message}`,
        'For example: --approvable-write /tmp/exports/**',
      );
    }
  }
  if (approvable.length > 0) flags.approvableWrites = approvable;
  if (Object.keys(sandbox).length > 0) flags.sandbox = sandbox;
  if (Object.keys(network).length > 0) flags.network = network;
  if (given['web-search'] !== undefined) flags.webSearch = parseWebSearch(given['web-search']);
  if (given.policy !== undefined) flags.policy = workspace.policy = path.resolve(cwd, given.policy);
  if (given['state-dir'] !== undefined)
    flags.stateDir = workspace.stateDir = path.resolve(cwd, given['state-dir']);
  const trustProject = given['trust-project'] === 'true';
  if (trustProject) workspace.trustProjectPolicy = true;
  return {
    given,
    root,
    ...(given.config !== undefined ? { configFile: path.resolve(cwd, given.config) } : {}),
    ...(given['mcp-config'] !== undefined ? { mcpConfigFile: path.resolve(cwd, given['mcp-config']) } : {}),
    trustProject,
    flags,
    workspace,
  };
}

/** auto | root | UID:GID. */
function parseRunAs(value: string): NonNullable<NonNullable<HandrailConfig['sandbox']>['runAs']> {
  if (value === 'auto' || value === 'root') return value;
  const ids = /^(\d+):(\d+)$/.exec(value);
  if (ids) return { uid: Number(ids[1]), gid: Number(ids[2]) };
  throw new UsageError(
    `--run-as wants auto, root or UID:GID, got "${value}"`,
    'For example: --run-as 1000:1000',
  );
}

/** searxng=URL | brave | off. An API key is never taken from the command line: others can read it there. */
function parseWebSearch(value: string): NonNullable<HandrailConfig['webSearch']> {
  if (value === 'off') return false;
  if (value === 'brave') return { provider: 'brave' };
  const searxng = /^searxng=(.+)$/.exec(value);
  if (searxng) return { provider: 'searxng', endpoint: searxng[1]! };
  if (value.startsWith('brave=')) {
    throw new UsageError(
      '--web-search brave takes no key: a command line is readable by every local user',
      'Put the key in the environment as BRAVE_API_KEY (or name another variable with webSearch.apiKeyEnv in a configuration file) and write --web-search brave.',
    );
  }
  throw new UsageError(
    `--web-search wants searxng=URL, brave or off, got "${value}"`,
    'For example: --web-search searxng=http://127.0.0.1:8888',
  );
}

const EXAMPLES: Record<Exclude<Name, 'trust-project'>, string> = {
  root: '~/project',
  config: 'handrail.json',
  'mcp-config': '.mcp.json',
  profile: 'read_only',
  policy: 'policy.json',
  sandbox: 'bwrap',
  'run-as': '1000:1000',
  network: 'restricted',
  'web-search': 'searxng=http://127.0.0.1:8888',
  'state-dir': '.handrail',
  'allow-host': 'docs.python.org',
  'deny-host': 'gist.github.com',
  'allow-address': '127.0.0.1:3000',
  'approvable-write': '/tmp/exports/**',
};
