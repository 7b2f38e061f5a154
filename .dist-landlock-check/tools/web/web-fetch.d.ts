import { type ToolSpec } from '../../types/index.js';
import { type NetworkProvider } from './capability.js';
/**
 * The body limit when the call sets no max_bytes. The model sees 32 KiB of the result anyway (the rest is saved
 * for it to read back), so a bigger default would only cost memory; max_bytes may ask for up to the runtime's
 * network cap (`network.maxBytes`, 10 MiB by default).
 */
export declare const DEFAULT_MAX_BYTES: number;
/** `network`: the client and settings to fetch with (webTools() passes one provider to all web tools). */
export declare function webFetchTool(network?: NetworkProvider): ToolSpec;
export declare function formatBytes(n: number): string;
