import type { RuntimeOptions } from '../core/index.js';
import type { Approver, PermissionMode } from '../policy/index.js';
import type { SandboxChoice } from '../sandbox/index.js';
import type { StoreOption } from '../store/index.js';
export interface WorkspaceOptions {
    /** The workspace (default: the current directory). */
    root?: string;
    /** The permission profile (default: supervised). */
    profile?: PermissionMode;
    /** A session policy file (relative to the workspace). */
    policy?: string;
    /** Use the project policy's allow rules (default: it can only tighten). */
    trustProjectPolicy?: boolean;
    /** The OS sandbox for commands (default: auto — bwrap where it works, otherwise commands are refused). */
    sandbox?: SandboxChoice;
    /** Where state, full outputs and the event store live (default: <root>/.handrail). */
    stateDir?: string;
    /** The event store (default: SQLite at <stateDir>/handrail.db). */
    store?: StoreOption;
    /**
     * Further createRuntime options (the CLI passes the effective configuration: roots, network, webSearch,
     * limits, …). The settings above win over the same keys here; its limits win over the server's own.
     */
    runtime?: RuntimeOptions;
}
/** Runtime options for a workspace: the built-in tools, the profile, the policy, the sandbox, the store. */
export declare function runtimeOptions(options: WorkspaceOptions, extra?: {
    approver?: Approver;
    approverName?: string;
    limits?: RuntimeOptions['limits'];
}): RuntimeOptions;
