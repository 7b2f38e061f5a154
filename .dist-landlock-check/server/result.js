export function toMcpResult(result) {
    return {
        content: result.content.map((part) => part.type === 'text'
            ? { type: 'text', text: part.text }
            : { type: 'image', data: part.data, mimeType: part.mimeType }),
        isError: result.isError,
        _meta: { 'handrail/outcome': result.outcome, 'handrail/callId': result.callId },
    };
}
/** The text a model would read: text parts joined, images named (the CLI prints this). */
export function modelText(result) {
    return result.content
        .map((part) => part.type === 'text'
        ? part.text
        : `[image ${part.mimeType}, ${Math.floor((part.data.length * 3) / 4).toLocaleString('en-US')} bytes]`)
        .join('\n');
}
const MAX_PROGRESS_MESSAGE = 2_000;
/** A progress update as one line-ish message: the text of its content, bounded (the tail is the news). */
export function progressMessage(update) {
    const content = typeof update === 'string' ? update : update.content;
    const text = typeof content === 'string'
        ? content
        : (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
    return text.length > MAX_PROGRESS_MESSAGE ? `…${text.slice(-MAX_PROGRESS_MESSAGE)}` : text;
}
//# sourceMappingURL=result.js.map