import { formatBytes } from './project.js';
/** Image types every major provider accepts. */
export const IMAGE_MIME_TYPES = new Set([
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/**
 * Why an image part cannot go to the model, or undefined when it can: an unsupported type, data that is
 * not base64, or more bytes than the limit. The caller replaces a refused image with a text note.
 */
export function imageProblem(part, maxBytes) {
    if (!IMAGE_MIME_TYPES.has(part.mimeType)) {
        return `unsupported image type ${JSON.stringify(String(part.mimeType).slice(0, 60))}`;
    }
    const bytes = Math.floor((part.data.length * 3) / 4);
    if (bytes > maxBytes)
        return `${formatBytes(bytes)}, over the ${formatBytes(maxBytes)} image limit`;
    if (part.data.length % 4 !== 0 || !BASE64.test(part.data))
        return 'its data is not valid base64';
    return undefined;
}
//# sourceMappingURL=images.js.map