import type { PermissionIntent } from '../../types/index.js';
/**
 * The rules each facet the call carries proposes (one per sub-command, path and host), such that together
 * they allow exactly this call (and calls with the same argv / paths / host). Undefined when no rule can be
 * that narrow: a command line that is not exact (redirections, substitutions, variables), a dangerous command
 * (allow rules never apply to those), words with invisible characters, or a call with nothing to match.
 */
export declare function suggestRule(intent: PermissionIntent): string[] | undefined;
