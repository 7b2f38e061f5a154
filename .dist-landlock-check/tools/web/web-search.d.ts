import { type CapabilityHost, type ToolSpec } from '../../types/index.js';
import { type NetworkProvider } from './capability.js';
/** Offered only with a configured backend (`webTools({ search })` or `webSearch`) and the network enabled. */
export declare function webSearchAvailable(host: CapabilityHost, network?: NetworkProvider): boolean;
/** `network`: the client and search backend (webTools() passes one provider to all web tools). */
export declare function webSearchTool(network?: NetworkProvider): ToolSpec;
