import type { FileAccess, FileLocks, FileVersions } from '../sandbox/index.js';
import type { CapabilityProvider } from '../types/index.js';
/** What a turn exposes to request_tools: reveal lazy tool domains for the rest of the turn. */
export interface VisibilityControl {
    revealDomains(domains: string[]): {
        revealed: string[];
        alreadyVisible: string[];
        unavailable: string[];
    };
}
/** The turn's file checker: every path a file tool touches goes through it. */
export declare const filesCapability: CapabilityProvider<"files", FileAccess>;
/** What this turn has read of each file, so a write can refuse to clobber a file changed since. */
export declare const fileVersionsCapability: CapabilityProvider<"fileVersions", FileVersions>;
/** Per-file write locks shared by every turn of the runtime. */
export declare const fileLocksCapability: CapabilityProvider<"fileLocks", FileLocks>;
/** The turn's lazy tool domains (request_tools). */
export declare const visibilityCapability: CapabilityProvider<"visibility", VisibilityControl>;
/** The file tools' three: `ctx.capabilities.files`, `.fileVersions` and `.fileLocks`. */
export declare const fileCapabilities: readonly [CapabilityProvider<"files", FileAccess>, CapabilityProvider<"fileVersions", FileVersions>, CapabilityProvider<"fileLocks", FileLocks>];
/** Whether a declared capability is one the runtime hands out itself (identity, not a claimed key). */
export declare function isRuntimeCapability(provider: CapabilityProvider): boolean;
/** A declaration that claims a runtime key without being the runtime's own: registration refuses it. */
export declare function claimsRuntimeKey(provider: CapabilityProvider): boolean;
/**
 * The runtime provides every declared capability, but a tool registered after a turn began (or a provider
 * whose turn value is missing) would otherwise meet `undefined` at run time: fail closed, as a result.
 */
export declare function assertCapabilities(toolName: string, declared: readonly CapabilityProvider[] | undefined, capabilities: Record<string, unknown>): void;
