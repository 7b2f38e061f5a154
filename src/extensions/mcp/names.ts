// The names a server's tools get in handrail: `mcp__<server>__<tool>`, made valid for every provider
// (^[a-zA-Z0-9_-]{1,64}$) and unique. A name that had to change (characters replaced, cut to fit) carries a
// short hash of the original, so it does not depend on the order tools were listed in; a clash with another
// tool gets one too.
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME = 64;
/** What a configured server may be called: it becomes part of tool names and policy rules. */
export const SERVER_NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const MAX_SERVER_NAME = 32;
const HASH_LENGTH = 6;
const INVALID = /[^a-zA-Z0-9_-]/g;

/** Why a server name cannot be used, or undefined when it can. */
export function serverNameProblem(name: string): string | undefined {
  if (!SERVER_NAME_PATTERN.test(name)) {
    return `server name ${JSON.stringify(name)} must use only letters, digits, "_" and "-"`;
  }
  // `mcp__a__b__c` must read one way only: which part is the server, which the tool. With no "__" inside and
  // no "_" at either end, a server's prefix `mcp__<server>__` is never the start of another server's (`fs_`
  // would make `mcp__fs___x` match rules written for `fs`), so no tool name can belong to two servers.
  if (name.includes('__')) return `server name ${JSON.stringify(name)} must not contain "__"`;
  if (name.startsWith('_') || name.endsWith('_')) {
    return `server name ${JSON.stringify(name)} must not start or end with "_"`;
  }
  // Room must be left for the tool's own name in 64 characters.
  if (name.length > MAX_SERVER_NAME) {
    return `server name ${JSON.stringify(name)} is too long (at most ${MAX_SERVER_NAME} characters)`;
  }
  return undefined;
}

/** The prefix every tool of a server shares: what policy rules match with `mcp__<server>__*`. */
export function toolPrefix(server: string): string {
  return `mcp__${server}__`;
}

/** A stable short hash of a server's tool (and an attempt number, for the rare second clash). */
function shortHash(server: string, tool: string, attempt: number): string {
  return createHash('sha256')
    .update(`${server}\u0000${tool}\u0000${attempt}`)
    .digest('hex')
    .slice(0, HASH_LENGTH);
}

/** `base` cut so that `_<hash>` still fits in 64 characters. */
function withHash(base: string, hash: string): string {
  return `${base.slice(0, MAX_TOOL_NAME - hash.length - 1)}_${hash}`;
}

/**
 * The handrail name for a server's tool. `taken` says whether a name is in use (by any tool, this server's
 * others included); the answer is never one of those.
 */
export function mcpToolName(server: string, tool: string, taken: (name: string) => boolean): string {
  const plain = `${toolPrefix(server)}${tool}`;
  const valid = plain.replace(INVALID, '_');
  const changed = valid !== plain || valid.length > MAX_TOOL_NAME;
  if (!changed && !taken(valid)) return valid;
  for (let attempt = 0; ; attempt++) {
    const name = withHash(valid, shortHash(server, tool, attempt));
    if (!taken(name)) return name;
  }
}

/** The names of a server's tools, keeping the ones already given and naming the new ones. */
export class ToolNames {
  /** Upstream tool name → handrail name, for this server. */
  private readonly byTool = new Map<string, string>();

  constructor(
    private readonly server: string,
    /** Whether a name is registered anywhere in the runtime. */
    private readonly registered: (name: string) => boolean,
  ) {}

  /** The name for `tool`: the one it had, or a new one clear of every other tool. */
  nameFor(tool: string): string {
    const known = this.byTool.get(tool);
    if (known) return known;
    const mine = new Set(this.byTool.values());
    const name = mcpToolName(this.server, tool, (n) => mine.has(n) || this.registered(n));
    this.byTool.set(tool, name);
    return name;
  }

  /** Forget a tool (it left the server's list): its name may go to another tool later. */
  release(tool: string): void {
    this.byTool.delete(tool);
  }
}
