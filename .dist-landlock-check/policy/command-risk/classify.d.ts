import { type CommandRisk } from './types.js';
/** More simple commands than this is 'unknown' however harmless each one is. */
export declare const MAX_COMMANDS = 32;
/**
 * How risky running `cmd` with bash is: 'safe' (read-only programs from a small allowlist), 'dangerous'
 * (destroys data, runs as root, runs downloaded code) or 'unknown'. Used to choose between allowing and
 * asking — never as the security boundary, which is the OS sandbox.
 */
export declare function classifyCommand(cmd: string): CommandRisk;
