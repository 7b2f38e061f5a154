// handrail's built-in tools. Later domains (shell, web, memory, ...) join `builtinTools()` here.
import type { ToolSpec } from '../types/index.js';
import { type FileToolsOptions, fileTools } from './fs/index.js';
import { type ShellToolsOptions, shellTools } from './shell/index.js';
import { type WebToolsOptions, webTools } from './web/index.js';

/** Each family's own settings: the file tools' by tool name (as before), `shell` and `web`. */
export interface BuiltinToolsOptions extends FileToolsOptions {
  shell?: ShellToolsOptions;
  web?: WebToolsOptions;
}

/** Every built-in tool, ready for `createRuntime({ tools: builtinTools() })`. */
export function builtinTools(options: BuiltinToolsOptions = {}): ToolSpec[] {
  return [...fileTools(options), ...shellTools(options.shell), ...webTools(options.web)];
}

export * from './fs/index.js';
export * from './shell/index.js';
export * from './web/index.js';
