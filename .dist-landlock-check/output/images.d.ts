/** Image types every major provider accepts. */
export declare const IMAGE_MIME_TYPES: ReadonlySet<string>;
/**
 * Why an image part cannot go to the model, or undefined when it can: an unsupported type, data that is
 * not base64, or more bytes than the limit. The caller replaces a refused image with a text note.
 */
export declare function imageProblem(part: {
    data: string;
    mimeType: string;
}, maxBytes: number): string | undefined;
