import { type FileRoot, type NetworkConfig } from '../sandbox/index.js';
import { type EventStore, type StoreOption } from '../store/index.js';
import type { JsonSchema, PermissionEvaluator, ToolAnnotations, ToolSpec, ToolTrust } from '../types/index.js';
import type { AnyToolDefinition } from './define-tool.js';
import { EventBus } from './events.js';
import { type RuntimeHooks } from './hooks.js';
import { resolveLimits } from './limits.js';
import { type PermissionOptions } from './permission.js';
import { Turn } from './turn.js';
/**
 * The runtime's options. Tool families add their own keys for compatibility (the shell's `sandbox`, `process`
 * and `sessions`, web_search's `webSearch`): they are declared beside those tools, which take them directly too.
 */
export interface RuntimeOptions extends Omit<PermissionOptions, 'permission'> {
    /** The directory tools work in (default: process.cwd()). */
    workspace?: string;
    /** Tools to register: defineTool results or raw specs (JSON Schema, zod v4, TypeBox, Standard Schema). */
    tools?: Array<ToolSpec | AnyToolDefinition>;
    hooks?: RuntimeHooks;
    /**
     * Replace the permission stage with your own evaluator. By default the policy evaluator decides from
     * `profile` (default 'supervised'), the policy layers, `approver` and `rateLimits`.
     */
    permission?: PermissionEvaluator;
    /** Where full outputs and other state are kept (default: <workspace>/.handrail). */
    stateDir?: string;
    /** Directories file tools may use (default: the workspace, writable). */
    roots?: FileRoot[];
    /** Globs file tools never read (canonical absolute paths, or paths relative to a root). */
    denyRead?: string[];
    /** Extra protected globs, read-only even inside writable roots (on top of the built-in list). */
    protectedPaths?: string[];
    limits?: Parameters<typeof resolveLimits>[0];
    /**
     * Where events are kept: 'sqlite' (default: <stateDir>/handrail.db), 'memory', false, `{ path, ... }`
     * (path relative to stateDir), or an EventStore of your own (flushed, not closed, by `close()`).
     */
    store?: StoreOption;
    /** What web tools may reach: mode, allow/deny host patterns, allowAddresses, caps and timeouts. */
    network?: NetworkConfig;
}
export interface ToolDescription {
    name: string;
    description: string;
    inputSchema: JsonSchema;
    domain?: string;
    annotations?: ToolAnnotations;
    source: 'builtin' | 'user' | 'dynamic';
    /** Whether OpenAI strict mode would accept the schema as is. */
    openAIStrict: {
        compatible: boolean;
        problems: string[];
    };
}
export interface PreflightIndex {
    /** Tools visible in every turn. */
    coreTools: string[];
    /** Hidden-domain tools a preflight may choose from, by exact name. */
    candidateTools: Array<{
        name: string;
        domain: string;
        summary: string;
        mutation: boolean;
    }>;
}
export interface Runtime {
    readonly workspace: string;
    readonly stateDir: string;
    readonly events: EventBus;
    /** The event store in use (undefined with `store: false`). */
    readonly store: EventStore | undefined;
    beginTurn(opts?: {
        threadId?: string;
        turnId?: string;
        cwd?: string;
    }): Turn;
    /**
     * Register a tool. `dynamic: true` for tools from outside the owner's code (MCP servers, skills, sandboxed
     * code): the runtime classifies their calls itself (an unknown, possibly-writing action), and their
     * annotations and `classify` may only make a call stricter — unless `trust: 'annotations'` says the
     * source's read-only hint may be believed.
     */
    registerTool(tool: ToolSpec | AnyToolDefinition, opts?: {
        dynamic?: boolean;
        trust?: ToolTrust;
    }): void;
    unregisterTool(name: string): boolean;
    describeTools(): ToolDescription[];
    preflightIndex(): PreflightIndex;
    /** Read back a full output that was cut for the model (path as shown in the marker). */
    readOutput(file: string, opts?: {
        offset?: number;
        length?: number;
    }): Promise<string>;
    close(): Promise<void>;
}
/** Create a runtime: the registry, the pipeline's environment and the event stream. */
export declare function createRuntime(options?: RuntimeOptions): Runtime;
