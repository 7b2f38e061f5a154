import type { ToolSpec } from '../types/index.js';
import { type FileToolsOptions } from './fs/index.js';
import { type ShellToolsOptions } from './shell/index.js';
import { type WebToolsOptions } from './web/index.js';
/** Each family's own settings: the file tools' by tool name (as before), `shell` and `web`. */
export interface BuiltinToolsOptions extends FileToolsOptions {
    shell?: ShellToolsOptions;
    web?: WebToolsOptions;
}
/** Every built-in tool, ready for `createRuntime({ tools: builtinTools() })`. */
export declare function builtinTools(options?: BuiltinToolsOptions): ToolSpec[];
export * from './fs/index.js';
export * from './shell/index.js';
export * from './web/index.js';
