import { createHash } from 'node:crypto';
import { canonicalJson } from '../../schema/index.js';
/**
 * The key an approval is bound to: mode, tool, action and the whole normalized scope (which carries the
 * payload hash, so an edited call is a different request). `turnId` is left out for session grants.
 */
export function requestKey(mode, intent, turnId) {
    const scopeHash = sha256(canonicalJson(intent.scope));
    const tool = typeof intent.scope.tool === 'string' ? intent.scope.tool : '';
    const key = sha256(canonicalJson({ mode, tool, action: intent.action, scopeHash, turnId: turnId ?? null }));
    return { key, scopeHash };
}
function sha256(text) {
    return createHash('sha256').update(text).digest('hex');
}
//# sourceMappingURL=request-key.js.map