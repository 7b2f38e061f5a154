import { type CliIO } from './style.js';
/** Run one command line; resolves to the exit status. */
export declare function runCli(argv: string[], io: CliIO): Promise<number>;
