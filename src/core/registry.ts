import {
  compileValidator,
  forProvider,
  lintToolSchema,
  openAIStrictReport,
  type Validator,
} from '../schema/index.js';
import {
  BUILTIN_TOOL_FACETS,
  type CapabilityProvider,
  type DynamicOrigin,
  type JsonSchema,
  type ToolSpec,
  type ToolTrust,
} from '../types/index.js';
import { claimsRuntimeKey, isRuntimeCapability } from './capabilities.js';
import { type AnyToolDefinition, normalizeToolSpec } from './define-tool.js';
import { ToolRegistrationError } from './errors.js';

/**
 * Names of handrail's built-in tools, as listed in types/ with their facets. A dynamic tool (MCP, skill,
 * sandboxed) can never take one of these names, registered or not: a server named `read_file` must not
 * stand in for the guarded one.
 */
export const PROTECTED_TOOL_NAMES: ReadonlySet<string> = new Set(Object.keys(BUILTIN_TOOL_FACETS));
// `Read_file` beside `read_file` would look like the built-in in an approval or a log. Claude Code's tool
// names too: a rule pasted from its settings (`Glob`, `Task`) would otherwise allow a dynamic tool so named.
const CLAUDE_CODE_NAMES = [
  'Read',
  'Write',
  'Edit',
  'MultiEdit',
  'NotebookEdit',
  'Bash',
  'Glob',
  'Grep',
  'LS',
];
const PROTECTED_LOWER: ReadonlySet<string> = new Set(
  [
    ...PROTECTED_TOOL_NAMES,
    ...CLAUDE_CODE_NAMES,
    'WebFetch',
    'WebSearch',
    'Task',
    'TodoWrite',
    'TodoRead',
  ].map((n) => n.toLowerCase()),
);

/** A tool with everything the pipeline needs precomputed at registration. */
export interface RegisteredTool {
  spec: ToolSpec;
  validate: Validator;
  /** The schema providers receive: `$schema` removed. */
  providerSchema: JsonSchema;
  /** Whether OpenAI strict mode would accept the schema (reported, never fatal). */
  strictReport: { compatible: boolean; problems: string[] };
  /** Runs beside other read-only calls in a batch: the tool says so, and its word counts (not dynamic, or trusted). */
  readOnly: boolean;
  source: 'builtin' | 'user' | 'dynamic';
  /** For dynamic tools: whether the runtime's owner believes the tool's annotations (default 'none'). */
  trust: ToolTrust;
  /** For dynamic tools: where the runtime's own code says it came from (picks its calls' action kind). */
  origin?: DynamicOrigin;
  /** Registration order: a turn sees only extension tools registered before it began (its list holds still). */
  generation: number;
  /** The extension that registered it (an MCP server's tools): its list changes on its own schedule. */
  extension?: string;
}

export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  private generation = 0;

  /** The generation the next registration gets; a turn begun now sees every tool below it. */
  get nextGeneration(): number {
    return this.generation + 1;
  }

  /** Register one tool; throws ToolRegistrationError listing every problem. */
  register(
    tool: ToolSpec | AnyToolDefinition,
    source: 'builtin' | 'user' | 'dynamic' = 'user',
    trust: ToolTrust = 'none',
    origin: DynamicOrigin = 'other',
    extension?: string,
  ): RegisteredTool {
    const spec = normalizeToolSpec(tool);
    // Every tool an extension registers is dynamic, whatever options it passed: the owner's tools come only
    // from the owner's own calls.
    const dynamic = source === 'dynamic' || extension !== undefined;
    const problems: string[] = [];
    if (this.tools.has(spec.name)) problems.push(`a tool named "${spec.name}" is already registered`);
    if (dynamic && PROTECTED_LOWER.has(spec.name.toLowerCase())) {
      problems.push(
        `"${spec.name}" is a protected name (a built-in's, or one policy rules from other agents use); dynamic tools cannot take it`,
      );
    }
    // `mcp__server__tool` is what rules like `mcp__github` match: a name only the MCP origin may take, or any
    // tool could pick a name inside an allowed server's prefix.
    if (spec.name.startsWith('mcp__') && origin !== 'mcp') {
      problems.push(
        `"${spec.name}" starts with "mcp__", which only tools registered with origin 'mcp' may use`,
      );
    }
    problems.push(...capabilityProblems(spec.capabilities, dynamic ? 'dynamic' : source));
    if (origin !== 'mcp' && origin !== 'skill' && origin !== 'other') {
      problems.push(`origin must be 'mcp', 'skill' or 'other' (got ${JSON.stringify(origin)})`);
    }
    if (trust !== 'none' && trust !== 'annotations') {
      problems.push(`trust must be 'none' or 'annotations' (got ${JSON.stringify(trust)})`);
    }
    if (spec.timeoutMs !== undefined && !(typeof spec.timeoutMs === 'number' && spec.timeoutMs > 0)) {
      problems.push(
        `timeoutMs must be a positive number of milliseconds or Infinity (got ${String(spec.timeoutMs)})`,
      );
    }
    problems.push(...lintToolSchema(spec.inputSchema));
    let validate: Validator | undefined;
    if (problems.length === 0) {
      try {
        validate = compileValidator(spec.inputSchema, { trusted: !dynamic });
      } catch (error) {
        problems.push(`inputSchema does not compile: ${(error as Error).message}`);
      }
    }
    if (problems.length > 0 || !validate) throw new ToolRegistrationError(spec.name, problems);

    // A dynamic registration stays dynamic whatever its spec claims.
    const effectiveSource = dynamic ? 'dynamic' : (spec.source ?? source);
    const entry: RegisteredTool = {
      spec: { ...spec, source: effectiveSource },
      validate,
      providerSchema: forProvider(spec.inputSchema),
      strictReport: openAIStrictReport(spec.inputSchema),
      readOnly:
        spec.annotations?.readOnlyHint === true && (effectiveSource !== 'dynamic' || trust === 'annotations'),
      source: effectiveSource,
      trust: effectiveSource === 'dynamic' ? trust : 'none',
      ...(effectiveSource === 'dynamic' ? { origin } : {}),
      ...(effectiveSource === 'dynamic' && extension ? { extension } : {}),
      generation: ++this.generation,
    };
    this.tools.set(spec.name, entry);
    return entry;
  }

  /** Remove a dynamic tool (an MCP server went away). Built-in tools stay. */
  unregister(name: string): boolean {
    const entry = this.tools.get(name);
    if (!entry || entry.source === 'builtin') return false;
    return this.tools.delete(name);
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  list(): RegisteredTool[] {
    return [...this.tools.values()];
  }

  /** Domains that have at least one registered tool. */
  domains(): string[] {
    const domains = new Set<string>();
    for (const entry of this.tools.values()) if (entry.spec.domain) domains.add(entry.spec.domain);
    return [...domains].sort();
  }
}

/**
 * What is wrong with a tool's declared capabilities. The runtime's own (files, visibility, ...) are handed to
 * every turn and anyone may declare them; a provider is created once per key and shared with every tool that
 * names it, so it must be well formed, must not claim a runtime key, and never comes from a dynamic tool (it
 * would supply what the owner's tools, the shell's sandbox or the network client, then use).
 */
function capabilityProblems(
  declared: readonly CapabilityProvider[] | undefined,
  source: 'builtin' | 'user' | 'dynamic',
): string[] {
  if (declared === undefined) return [];
  if (!Array.isArray(declared)) return ['capabilities must be an array of capability providers'];
  const problems: string[] = [];
  for (const provider of declared as unknown[]) {
    const key = (provider as { key?: unknown } | null)?.key;
    if (typeof key !== 'string' || typeof (provider as { create?: unknown }).create !== 'function') {
      problems.push('each capability must have a string key and a create function');
    } else if (claimsRuntimeKey(provider as CapabilityProvider)) {
      problems.push(`capability "${key}" is the runtime's own; a tool cannot provide it`);
    } else if (source === 'dynamic' && !isRuntimeCapability(provider as CapabilityProvider)) {
      problems.push('dynamic tools cannot bring capability providers');
    }
  }
  return [...new Set(problems)];
}
