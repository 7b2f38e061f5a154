import { type WorkspaceOptions } from '../server/index.js';
import { type CliIO } from './style.js';
export declare function runServe(argv: string[], workspace: WorkspaceOptions, io: CliIO): Promise<number>;
/** HOST:PORT, [IPv6]:PORT, or just PORT (loopback). */
export declare function parseBind(value: string): {
    host: string;
    port: number;
};
/** Fail at startup, not at the first call: a bad profile or policy file is reported before serving. */
export declare function checkConfig(workspace: WorkspaceOptions): void;
