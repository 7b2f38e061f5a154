// handrail's built-in tools. Later domains (shell, web, memory, ...) join `builtinTools()` here.
import type { ToolSpec } from '../types/index.js';
import { type FileToolsOptions, fileTools } from './fs/index.js';
import { shellTools } from './shell/index.js';
import { webTools } from './web/index.js';

export interface BuiltinToolsOptions extends FileToolsOptions {}

/** Every built-in tool, ready for `createRuntime({ tools: builtinTools() })`. */
export function builtinTools(options: BuiltinToolsOptions = {}): ToolSpec[] {
  return [...fileTools(options), ...shellTools(), ...webTools()];
}

export * from './fs/index.js';
export * from './shell/index.js';
export * from './web/index.js';
