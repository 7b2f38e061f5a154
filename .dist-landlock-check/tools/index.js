import { fileTools } from './fs/index.js';
import { shellTools } from './shell/index.js';
import { webTools } from './web/index.js';
/** Every built-in tool, ready for `createRuntime({ tools: builtinTools() })`. */
export function builtinTools(options = {}) {
    return [...fileTools(options), ...shellTools(options.shell), ...webTools(options.web)];
}
export * from './fs/index.js';
export * from './shell/index.js';
export * from './web/index.js';
//# sourceMappingURL=index.js.map