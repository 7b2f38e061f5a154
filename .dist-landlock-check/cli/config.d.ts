import type { GlobalOptions } from './global-options.js';
import { type CliIO } from './style.js';
export declare function runConfig(argv: string[], globals: GlobalOptions, io: CliIO): Promise<number>;
