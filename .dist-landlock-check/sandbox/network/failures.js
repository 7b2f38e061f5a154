import { NetworkFailure, NetworkRefusal } from './types.js';
/** Any error from a request as a NetworkRefusal or NetworkFailure with a sentence for the model. */
export function failure(error, ctx) {
    if (error instanceof NetworkRefusal || error instanceof NetworkFailure)
        return error;
    if (ctx.caller?.aborted)
        return new NetworkFailure('cancelled', 'The request was cancelled.', error);
    if (ctx.timer.aborted) {
        return new NetworkFailure('timeout', `The request did not finish within ${seconds(ctx.settings.timeoutMs)} (the total time limit).`, error);
    }
    const err = error;
    const code = err?.code ?? '';
    const message = err?.message ?? String(error);
    switch (code) {
        case 'UND_ERR_HEADERS_OVERFLOW':
            return new NetworkFailure('transport', `The response headers are larger than ${ctx.settings.maxHeaderBytes} bytes; the response was not read.`, error);
        case 'UND_ERR_HEADERS_TIMEOUT':
            return new NetworkFailure('timeout', `No response headers within ${seconds(ctx.settings.idleTimeoutMs)}.`, error);
        case 'UND_ERR_BODY_TIMEOUT':
            return new NetworkFailure('timeout', `The server sent no data for ${seconds(ctx.settings.idleTimeoutMs)} while sending the body.`, error);
        case 'UND_ERR_CONNECT_TIMEOUT':
            return new NetworkFailure('timeout', 'The connection could not be established in time.', error);
        case 'ECONNREFUSED':
            return new NetworkFailure('transport', 'The connection was refused (nothing is listening there).', error);
        case 'ECONNRESET':
        case 'UND_ERR_SOCKET':
            return new NetworkFailure('transport', `The connection was closed by the server (${message}).`, error);
        case 'Z_DATA_ERROR':
        case 'Z_BUF_ERROR':
        case 'ERR__ERROR_FORMAT_PADDING_1':
            return new NetworkFailure('transport', `The compressed body is corrupt (${message}).`, error);
    }
    if (/CERT|TLS|SSL/i.test(code))
        return new NetworkFailure('transport', `TLS failed: ${message}`, error);
    if (err?.name === 'AbortError')
        return new NetworkFailure('cancelled', 'The request was cancelled.', error);
    return new NetworkFailure('transport', message || 'The request failed.', error);
}
function seconds(ms) {
    return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
//# sourceMappingURL=failures.js.map