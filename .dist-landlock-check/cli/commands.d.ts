import type { GlobalOptions } from './global-options.js';
import { type CliIO } from './style.js';
export interface Command {
    name: string;
    summary: string;
    help(): Promise<string>;
    run(argv: string[], globals: GlobalOptions, io: CliIO): Promise<number>;
}
export declare const COMMANDS: Command[];
export declare function findCommand(name: string): Promise<Command>;
export declare function mainHelp(): string;
