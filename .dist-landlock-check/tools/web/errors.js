import { ToolError } from '../../core/index.js';
import { NetworkFailure, NetworkRefusal } from '../../sandbox/index.js';
/** A policy refusal or transport failure as the ToolError a web tool throws. */
export function webError(error) {
    if (error instanceof NetworkRefusal) {
        if (error.reason === 'invalid_url') {
            return new ToolError('invalid_arguments', error.message, { hint: 'Give a complete http(s) URL.' });
        }
        if (error.reason === 'resolve_failed') {
            return new ToolError('network_error', error.message, {
                hint: 'Check the host name; it may not exist.',
            });
        }
        return new ToolError('sandbox_violation', error.message, {
            hint: 'The network policy does not allow this request; do not retry it. Use another source or ask the user.',
            details: { reason: error.reason, url: error.url },
        });
    }
    if (error instanceof NetworkFailure) {
        if (error.kind === 'timeout')
            return new ToolError('timeout', error.message, {
                hint: 'The server is slow or stalled; retry later or use another source.',
            });
        if (error.kind === 'cancelled')
            return new ToolError('cancelled', error.message);
        if (error.kind === 'too_large') {
            return new ToolError('network_error', error.message, {
                hint: 'The resource is over the size limit for this runtime (network.maxBytes).',
            });
        }
        return new ToolError('network_error', error.message);
    }
    return error;
}
//# sourceMappingURL=errors.js.map