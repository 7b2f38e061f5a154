// handrail's built-in tools. Later domains (shell, web, memory, ...) join `builtinTools()` here.
import type { ToolSpec } from '../types/index.js';
import { type FileToolsOptions, fileTools } from './fs/index.js';

export interface BuiltinToolsOptions extends FileToolsOptions {}

/** Every built-in tool, ready for `createRuntime({ tools: builtinTools() })`. */
export function builtinTools(options: BuiltinToolsOptions = {}): ToolSpec[] {
  return [...fileTools(options)];
}

export * from './fs/index.js';
