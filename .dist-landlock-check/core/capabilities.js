import { ToolError } from './errors.js';
function runtimeOwned(key) {
    return {
        key,
        owner: 'runtime',
        create() {
            throw new Error(`the "${key}" capability is the runtime's own; it is handed to turns, never created`);
        },
    };
}
/** The turn's file checker: every path a file tool touches goes through it. */
export const filesCapability = runtimeOwned('files');
/** What this turn has read of each file, so a write can refuse to clobber a file changed since. */
export const fileVersionsCapability = runtimeOwned('fileVersions');
/** Per-file write locks shared by every turn of the runtime. */
export const fileLocksCapability = runtimeOwned('fileLocks');
/** The turn's lazy tool domains (request_tools). */
export const visibilityCapability = runtimeOwned('visibility');
/** The file tools' three: `ctx.capabilities.files`, `.fileVersions` and `.fileLocks`. */
export const fileCapabilities = [filesCapability, fileVersionsCapability, fileLocksCapability];
const RUNTIME_CAPABILITIES = new Map([filesCapability, fileVersionsCapability, fileLocksCapability, visibilityCapability].map((c) => [c.key, c]));
/** Whether a declared capability is one the runtime hands out itself (identity, not a claimed key). */
export function isRuntimeCapability(provider) {
    return RUNTIME_CAPABILITIES.get(provider.key) === provider;
}
/** A declaration that claims a runtime key without being the runtime's own: registration refuses it. */
export function claimsRuntimeKey(provider) {
    return RUNTIME_CAPABILITIES.has(provider.key) && !isRuntimeCapability(provider);
}
/**
 * The runtime provides every declared capability, but a tool registered after a turn began (or a provider
 * whose turn value is missing) would otherwise meet `undefined` at run time: fail closed, as a result.
 */
export function assertCapabilities(toolName, declared, capabilities) {
    const missing = (declared ?? []).map((c) => c.key).filter((key) => capabilities[key] === undefined);
    if (missing.length > 0) {
        throw new ToolError('internal', `${toolName} needs the ${missing.join(', ')} capabilit${missing.length === 1 ? 'y' : 'ies'}, and this turn has none; start a new turn.`);
    }
}
//# sourceMappingURL=capabilities.js.map