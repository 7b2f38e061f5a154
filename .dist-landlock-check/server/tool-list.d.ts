import type { ToolDescription, VisibleTool } from '../core/index.js';
import type { PermissionMode } from '../policy/index.js';
import type { JsonSchema, ToolAnnotations } from '../types/index.js';
export interface McpToolAnnotations {
    title?: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
}
export interface McpTool {
    name: string;
    title?: string;
    description: string;
    inputSchema: JsonSchema & {
        type: 'object';
    };
    annotations: McpToolAnnotations;
}
/** Truthful hints: a read-only tool is never destructive; a tool that names no outside world is closed. */
export declare function mcpAnnotations(annotations?: ToolAnnotations): McpToolAnnotations;
/**
 * Whether a tool is worth showing under a mode. read_only denies every file write whatever the rules say (the
 * mode is a ceiling), so closed-world mutating tools (write_file, edit_file, apply_patch) are left out rather
 * than shown as stubs. Commands stay: read_only still runs known read-only commands.
 */
export declare function offeredUnder(mode: PermissionMode, annotations: McpToolAnnotations): boolean;
/** The MCP tool list for a turn's visible tools. */
export declare function mcpToolList(visible: VisibleTool[], described: ToolDescription[], mode: PermissionMode): McpTool[];
