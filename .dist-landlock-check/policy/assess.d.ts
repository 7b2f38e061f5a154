import type { PermissionIntent } from '../types/index.js';
/** Scope keys only the policy may set; a tool's values for them are discarded. */
export declare const VERDICT_KEYS: readonly ["risk", "reasons", "argv", "argvExact"];
/**
 * The intent with the policy's verdicts: tool-supplied verdict keys removed; for `shell_command`, the
 * command (or the input sent to a session) classified here. A `shell_command` intent that names neither is
 * `unknown`.
 */
export declare function assessIntent(intent: PermissionIntent): PermissionIntent;
