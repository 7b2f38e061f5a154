import { type WorkspaceOptions } from '../server/index.js';
import { type CliIO } from './style.js';
export declare function runCall(argv: string[], workspace: WorkspaceOptions, io: CliIO): Promise<number>;
