import type { PermissionIntent } from '../../types/index.js';
/**
 * The key an approval is bound to: mode, tool, action and the whole normalized scope (which carries the
 * payload hash, so an edited call is a different request). `turnId` is left out for session grants.
 */
export declare function requestKey(mode: string, intent: PermissionIntent, turnId: string | undefined): {
    key: string;
    scopeHash: string;
};
