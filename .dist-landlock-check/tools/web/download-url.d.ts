import { type ToolSpec } from '../../types/index.js';
import { type NetworkProvider } from './capability.js';
/** `network`: the client and settings to download with (webTools() passes one provider to all web tools). */
export declare function downloadUrlTool(network?: NetworkProvider): ToolSpec;
