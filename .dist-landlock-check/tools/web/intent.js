import { displayUrl } from '../../sandbox/index.js';
/** The permission intent of a web call: action `network`, the normalized URL (no credentials), origin, host. */
export function networkIntent(operation, rawUrl, summary, extra = {}) {
    const { url, origin, host } = displayUrl(rawUrl);
    return {
        action: 'network',
        summary: summary(url).replace(/[\r\n]+/g, ' '),
        scope: { operation, url, origin, host, method: 'GET', ...extra },
    };
}
//# sourceMappingURL=intent.js.map