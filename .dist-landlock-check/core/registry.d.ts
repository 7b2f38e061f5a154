import { type Validator } from '../schema/index.js';
import { type JsonSchema, type ToolSpec, type ToolTrust } from '../types/index.js';
import { type AnyToolDefinition } from './define-tool.js';
/**
 * Names of handrail's built-in tools, as listed in types/ with their facets. A dynamic tool (MCP, skill,
 * sandboxed) can never take one of these names, registered or not: a server named `read_file` must not
 * stand in for the guarded one.
 */
export declare const PROTECTED_TOOL_NAMES: ReadonlySet<string>;
/** A tool with everything the pipeline needs precomputed at registration. */
export interface RegisteredTool {
    spec: ToolSpec;
    validate: Validator;
    /** The schema providers receive: `$schema` removed. */
    providerSchema: JsonSchema;
    /** Whether OpenAI strict mode would accept the schema (reported, never fatal). */
    strictReport: {
        compatible: boolean;
        problems: string[];
    };
    /** Runs beside other read-only calls in a batch: the tool says so, and its word counts (not dynamic, or trusted). */
    readOnly: boolean;
    source: 'builtin' | 'user' | 'dynamic';
    /** For dynamic tools: whether the runtime's owner believes the tool's annotations (default 'none'). */
    trust: ToolTrust;
}
export declare class ToolRegistry {
    private readonly tools;
    /** Register one tool; throws ToolRegistrationError listing every problem. */
    register(tool: ToolSpec | AnyToolDefinition, source?: 'builtin' | 'user' | 'dynamic', trust?: ToolTrust): RegisteredTool;
    /** Remove a dynamic tool (an MCP server went away). Built-in tools stay. */
    unregister(name: string): boolean;
    get(name: string): RegisteredTool | undefined;
    list(): RegisteredTool[];
    /** Domains that have at least one registered tool. */
    domains(): string[];
}
