import { isUtf8 } from 'node:buffer';
import { defineTool, fileCapabilities, ToolError } from '../../core/index.js';
import { BUILTIN_TOOL_FACETS } from '../../types/index.js';
import { intentPaths } from '../shared/file-checks.js';
import { diffTexts, formatCounts, formatDiff } from './diff-summary.js';
import { isDict, rename } from './edit/arguments.js';
import { parentProblem, readChecked, refuseIfChanged, withWriteLock, writeChecked } from './edit/disk.js';
import { toLF } from './edit/text-encoding.js';
/** The previous content is read for the diff only up to this size. */
const MAX_DIFFED_BYTES = 16 * 1024 * 1024;
/** Diff lines shown after an overwrite. */
const MAX_DIFF_LINES = 60;
const DESCRIPTION = [
    'Create a file, or replace all of its content, with `content` (UTF-8, written exactly as given).',
    'Missing parent directories are created. Prefer edit_file to change part of an existing file.',
    'Says whether the file was created or overwritten, with a short diff of what changed.',
].join(' ');
const inputSchema = {
    type: 'object',
    properties: {
        path: {
            type: 'string',
            description: 'The file to write, relative to the current directory or absolute.',
        },
        content: { type: 'string', description: 'The complete new content of the file.' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
};
/** The write_file tool: atomic create-or-overwrite under the file's lock. */
export function writeFileTool() {
    return defineTool({
        name: 'write_file',
        facets: BUILTIN_TOOL_FACETS.write_file,
        capabilities: fileCapabilities,
        description: DESCRIPTION,
        inputSchema,
        source: 'builtin',
        annotations: { title: 'Write file', readOnlyHint: false, destructiveHint: true, idempotentHint: true },
        prepareArguments: (input) => isDict(input)
            ? rename(rename(input, ['file_path', 'filePath', 'file'], 'path'), ['contents', 'text', 'data'], 'content')
            : input,
        classify: (args, { cwd }) => ({
            action: 'file_write',
            summary: `Write ${String(args.path)} (${typeof args.content === 'string' ? lineCount(args.content) : 0} lines)`,
            scope: { operation: 'write_file', paths: intentPaths(cwd, [args.path]) },
        }),
        async execute(args, ctx) {
            const caps = ctx.capabilities;
            const requested = String(args.path);
            if (/[/\\]$/.test(requested)) {
                throw new ToolError('invalid_arguments', `${requested} ends with a slash, so it names a directory; write_file writes files. Give the file's full path.`);
            }
            const content = String(args.content);
            const data = Buffer.from(content, 'utf8');
            const size = `${lineCount(content)} lines, ${data.length} bytes`;
            return withWriteLock(caps, String(args.path), async (check) => {
                let previous;
                if (check.stat) {
                    // A file that was deleted since the turn saw it is simply created: nothing of it can be lost.
                    refuseIfChanged(caps.fileVersions, check, check.stat);
                    if (check.stat.size <= MAX_DIFFED_BYTES)
                        previous = await readChecked(check, MAX_DIFFED_BYTES, 'write_file');
                }
                else {
                    const problem = await parentProblem(check);
                    if (problem)
                        throw new ToolError('invalid_arguments', problem, {
                            hint: 'Choose a path whose parents are directories.',
                        });
                }
                if (previous?.data.equals(data)) {
                    caps.fileVersions.record(check.path, previous.stat);
                    return `${check.display} already has this content (${size}); nothing was written.`;
                }
                if (ctx.signal.aborted)
                    throw new ToolError('cancelled', `write_file was cancelled; ${check.display} was not written.`);
                const expect = previous?.stat ?? check.stat;
                const written = await writeChecked(check, data, expect ? { expect, createParents: true } : { createParents: true });
                caps.fileVersions.record(check.path, written.stat);
                const details = {
                    path: check.path,
                    created: written.created,
                    bytes: data.length,
                    lines: lineCount(content),
                };
                if (written.created)
                    return { content: `Created ${check.display} (${size}).`, details };
                if (!previous || !isText(previous.data)) {
                    const why = previous ? 'was not UTF-8 text' : 'was too large to diff';
                    return { content: `Overwrote ${check.display} (${size}; the previous content ${why}).`, details };
                }
                const diff = diffTexts(toLF(previous.data.toString('utf8')), toLF(content));
                return {
                    content: `Overwrote ${check.display} (${formatCounts(diff)} lines):\n${formatDiff(String(args.path), diff, MAX_DIFF_LINES)}`,
                    details: { ...details, added: diff.added, removed: diff.removed },
                };
            });
        },
    });
}
function isText(data) {
    return data.indexOf(0) === -1 && isUtf8(data);
}
/** Lines in a text: a last line without a newline counts. */
function lineCount(content) {
    if (content === '')
        return 0;
    let count = 0;
    for (let at = content.indexOf('\n'); at !== -1; at = content.indexOf('\n', at + 1))
        count++;
    return content.endsWith('\n') ? count : count + 1;
}
//# sourceMappingURL=write-file.js.map