// The projection: the model-visible view of a result, bounded. The tool's full output is kept (spilled to the
// state directory) when the view cuts it; what was cut is recorded for the timeline.
import path from 'node:path';
import { imageProblem, projectText, stripTerminalControls } from '../output/index.js';
/**
 * The model-visible view of a result: terminal controls stripped, text bounded head+tail with a marker,
 * the full text spilled to the state directory when cut. Images are checked (type, base64, size, count);
 * a refused image becomes a one-line note.
 */
export async function projectResult(result, policy, env) {
    const limits = {
        maxBytes: policy?.maxBytes ?? env.limits.maxBytes,
        maxLines: policy?.maxLines ?? env.limits.maxLines,
    };
    const imagesOmitted = boundImages(result, env.images);
    // Sanitize without mutating the parts the tool handed us (it may keep references to them).
    const texts = [];
    let copied = false;
    for (let i = 0; i < result.content.length; i++) {
        const part = result.content[i];
        if (part.type !== 'text')
            continue;
        const clean = stripTerminalControls(part.text);
        if (clean === part.text)
            texts.push(part);
        else {
            const copy = { type: 'text', text: clean };
            if (!copied) {
                result.content = result.content.slice();
                copied = true;
            }
            result.content[i] = copy;
            texts.push(copy);
        }
    }
    const untruncated = imagesOmitted > 0 ? { truncated: false, totalBytes: 0, shownBytes: 0, imagesOmitted } : undefined;
    if (texts.length === 0)
        return untruncated;
    // Several text parts are projected as one text so the budget covers them all.
    const joined = texts.length === 1 ? texts[0].text : texts.map((t) => t.text).join('\n');
    const first = projectText(joined, limits);
    if (!first.truncated)
        return undefined;
    const info = {
        truncated: true,
        totalBytes: first.totalBytes,
        shownBytes: first.shownBytes,
    };
    let shown = first;
    if ((policy?.storage ?? 'full') === 'full') {
        try {
            const saved = await env.outputs().save(env.turnId, result.callId, joined);
            info.fullOutput = displayPath(saved.path, env.workspace);
            shown = projectText(joined, limits, info.fullOutput);
            info.shownBytes = shown.shownBytes;
        }
        catch (error) {
            info.storageError = error.message;
        }
    }
    const content = [];
    let placed = false;
    for (const part of result.content) {
        if (part.type !== 'text')
            content.push(part);
        else if (!placed) {
            content.push({ type: 'text', text: shown.text });
            placed = true;
        }
    }
    result.content = content;
    if (!result.isError && result.outcome.status === 'ok') {
        result.outcome = {
            status: 'partial',
            hint: info.fullOutput
                ? `Output was cut to fit; the full output is in ${info.fullOutput}. Read the part you need, or narrow the request.`
                : 'Output was cut to fit; narrow the request to see the rest.',
        };
    }
    return info;
}
function displayPath(file, workspace) {
    const rel = path.relative(workspace, file);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}
/** Replace images the model must not receive with a note; returns how many were replaced. */
function boundImages(result, limits) {
    let seen = 0;
    let omitted = 0;
    let content;
    result.content.forEach((part, index) => {
        if (part.type !== 'image')
            return;
        seen++;
        const problem = seen > limits.maxImages
            ? `more than ${limits.maxImages} images in one result`
            : imageProblem(part, limits.maxImageBytes);
        if (!problem)
            return;
        content ??= result.content.slice();
        content[index] = { type: 'text', text: `[image omitted: ${problem}]` };
        omitted++;
    });
    if (content)
        result.content = content;
    return omitted;
}
//# sourceMappingURL=projection.js.map