import { createHash } from 'node:crypto';
import { canonicalJson } from '../../schema/index.js';
import type { PermissionIntent } from '../../types/index.js';

/**
 * The key an approval is bound to: mode, tool, action and the whole normalized scope (which carries the
 * payload hash, so an edited call is a different request). `turnId` is left out for session grants.
 */
export function requestKey(
  mode: string,
  intent: PermissionIntent,
  turnId: string | undefined,
): { key: string; scopeHash: string } {
  const scopeHash = sha256(canonicalJson(intent.scope));
  const tool = typeof intent.scope.tool === 'string' ? intent.scope.tool : '';
  const key = sha256(canonicalJson({ mode, tool, action: intent.action, scopeHash, turnId: turnId ?? null }));
  return { key, scopeHash };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
