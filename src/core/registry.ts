import {
  compileValidator,
  forProvider,
  lintToolSchema,
  openAIStrictReport,
  type Validator,
} from '../schema/index.js';
import type { JsonSchema, ToolSpec, ToolTrust } from '../types/index.js';
import { normalizeToolSpec, type ToolDefinition } from './define-tool.js';
import { ToolRegistrationError } from './errors.js';

/**
 * Names of handrail's built-in tools (DESIGN §4). A dynamic tool (MCP, skill, sandboxed) can never take one
 * of these names, registered or not: a server named `read_file` must not stand in for the guarded one.
 */
export const PROTECTED_TOOL_NAMES: ReadonlySet<string> = new Set([
  'exec_command',
  'write_stdin',
  'bash',
  'read_file',
  'write_file',
  'edit_file',
  'list_dir',
  'find_files',
  'grep_files',
  'apply_patch',
  'web_search',
  'web_fetch',
  'download_url',
  'read_skill',
  'request_tools',
  'memory_search',
  'memory_list',
  'memory_get',
  'memory_remember',
  'memory_forget',
  'task_create',
  'task_wait',
  'task_cancel',
  'task_update',
  'task_detach',
  'task_list',
  'task_get',
  'task_reschedule',
  'task_pause',
  'task_resume',
  'artifact_prepare',
  'artifact_register',
  'computer_use',
]);

/** Capabilities the runtime itself hands every turn; no tool's provider may replace them. */
const RESERVED_CAPABILITIES: ReadonlySet<string> = new Set([
  'files',
  'fileLocks',
  'fileVersions',
  'visibility',
]);

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
}

export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();

  /** Register one tool; throws ToolRegistrationError listing every problem. */
  register(
    tool: ToolSpec | ToolDefinition<unknown, unknown>,
    source: 'builtin' | 'user' | 'dynamic' = 'user',
    trust: ToolTrust = 'none',
  ): RegisteredTool {
    const spec = normalizeToolSpec(tool);
    const problems: string[] = [];
    if (this.tools.has(spec.name)) problems.push(`a tool named "${spec.name}" is already registered`);
    if (source === 'dynamic' && PROTECTED_TOOL_NAMES.has(spec.name)) {
      problems.push(`"${spec.name}" is a protected built-in name; dynamic tools cannot shadow it`);
    }
    for (const provider of spec.capabilities ?? []) {
      const key = (provider as { key?: unknown })?.key;
      if (typeof key === 'string' && RESERVED_CAPABILITIES.has(key)) {
        problems.push(`capability "${key}" is the runtime's own; a tool cannot provide it`);
      }
    }
    if (source === 'dynamic' && (spec.capabilities?.length ?? 0) > 0) {
      // A provider is shared by key with every tool that names it: a dynamic tool must not supply what the
      // owner's tools (the shell's sandbox, the network client) will use.
      problems.push('dynamic tools cannot bring capability providers');
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
        validate = compileValidator(spec.inputSchema);
      } catch (error) {
        problems.push(`inputSchema does not compile: ${(error as Error).message}`);
      }
    }
    if (problems.length > 0 || !validate) throw new ToolRegistrationError(spec.name, problems);

    // A dynamic registration stays dynamic whatever its spec claims.
    const effectiveSource = source === 'dynamic' ? 'dynamic' : (spec.source ?? source);
    const entry: RegisteredTool = {
      spec: { ...spec, source: effectiveSource },
      validate,
      providerSchema: forProvider(spec.inputSchema),
      strictReport: openAIStrictReport(spec.inputSchema),
      readOnly:
        spec.annotations?.readOnlyHint === true && (effectiveSource !== 'dynamic' || trust === 'annotations'),
      source: effectiveSource,
      trust: effectiveSource === 'dynamic' ? trust : 'none',
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
