import { displayUrl } from '../../sandbox/index.js';
import type { PermissionIntent } from '../../types/index.js';

/** The permission intent of a web call: action `network`, the normalized URL (no credentials), origin, host. */
export function networkIntent(
  operation: string,
  rawUrl: unknown,
  summary: (url: string) => string,
  extra: Record<string, unknown> = {},
): PermissionIntent {
  const { url, origin, host } = displayUrl(rawUrl);
  return {
    action: 'network',
    summary: summary(url).replace(/[\r\n]+/g, ' '),
    scope: { operation, url, origin, host, method: 'GET', ...extra },
  };
}
