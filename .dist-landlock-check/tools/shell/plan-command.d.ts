import { type FileAccess, type ProcessSpawnInput, type ProcessSpawnPlan } from '../../sandbox/index.js';
import type { ToolContext } from '../../types/index.js';
import type { ShellCapability } from './runtime-shell.js';
/** What a shell tool's context carries: it declares the shell and the file capabilities. */
export type ShellContext = ToolContext<{
    shell: ShellCapability;
    files: FileAccess;
}>;
export declare function planCommand(ctx: ShellContext, input: ProcessSpawnInput): Promise<{
    plan: ProcessSpawnPlan;
    shell: ShellCapability;
}>;
/** Lines every result of this command carries: that it ran unsandboxed, or with less protection. */
export declare function sandboxLines(plan: ProcessSpawnPlan): string[];
/** Lines for the first result only: adjustments to the request and the sandbox's notes. */
export declare function planLines(plan: ProcessSpawnPlan): string[];
/** Why the command stopped, when handrail stopped it. */
export declare function timeoutLine(plan: ProcessSpawnPlan): string;
