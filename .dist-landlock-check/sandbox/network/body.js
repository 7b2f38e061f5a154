// A response body as it streams: decoded (gzip, deflate, br), counted after decompression and stopped at
// the cap, with the connection released whatever way the reader leaves.
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { NetworkFailure } from './types.js';
export function streamed(target, response, headers, redirects, opts) {
    let bytes = 0;
    let truncated = false;
    let closed = false;
    let source = response.body;
    const close = () => {
        if (closed)
            return;
        closed = true;
        discard(source);
        discard(response.body);
        opts.release();
    };
    async function* body() {
        try {
            const decoders = decodersFor(headers['content-encoding']);
            if (decoders.length > 0)
                source = pipeline([response.body, ...decoders], () => undefined);
            for await (const chunk of source) {
                const room = opts.maxBytes - bytes;
                if (chunk.length > room) {
                    if (opts.overflow === 'error') {
                        throw new NetworkFailure('too_large', `The body is larger than the ${opts.maxBytes}-byte limit (counted after decompression).`);
                    }
                    if (room > 0)
                        yield chunk.subarray(0, room);
                    bytes += room;
                    truncated = true;
                    return;
                }
                bytes += chunk.length;
                yield chunk;
            }
        }
        catch (error) {
            throw opts.fail(error);
        }
        finally {
            close();
        }
    }
    return {
        url: target.href,
        target,
        status: response.statusCode,
        headers,
        redirects,
        body: body(),
        get bytes() {
            return bytes;
        },
        get truncated() {
            return truncated;
        },
        close,
    };
}
/** Decoders for Content-Encoding, outermost last as sent ("gzip, br" means br was applied last). */
function decodersFor(encoding) {
    if (!encoding)
        return [];
    const codings = encoding
        .toLowerCase()
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== '' && c !== 'identity');
    if (codings.length > 3)
        throw new NetworkFailure('transport', `Too many content encodings: ${encoding}.`);
    return codings.reverse().map((coding) => {
        if (coding === 'gzip' || coding === 'x-gzip')
            return zlib.createGunzip();
        if (coding === 'deflate')
            return zlib.createInflate();
        if (coding === 'br')
            return zlib.createBrotliDecompress();
        throw new NetworkFailure('transport', `The server sent an unsupported Content-Encoding: ${coding}.`);
    });
}
/** Destroy a stream we no longer read; undici reports that as an error, which nobody needs to hear. */
export function discard(stream) {
    stream.on('error', () => undefined);
    stream.destroy();
}
//# sourceMappingURL=body.js.map