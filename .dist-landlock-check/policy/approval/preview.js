// What an approver sees of a call: the command, the paths and the change, the URL. Built from the intent's
// scope and the checked arguments; bounded, and escaped, because every byte of it came from the model.
import { createTwoFilesPatch } from 'diff';
const MAX_PREVIEW = 8 * 1024;
export function buildPreview(intent, args) {
    const scope = intent.scope;
    const lines = [];
    const text = (value) => (typeof value === 'string' ? value : undefined);
    const paths = Array.isArray(scope.paths) ? scope.paths.map(String) : [];
    switch (intent.action) {
        case 'shell_command': {
            // What the policy rated, not what a tool might show instead.
            const command = text(scope.command) ?? text(scope.stdin);
            if (command !== undefined)
                lines.push(typeof scope.stdin === 'string' ? `> ${command}` : `$ ${command}`);
            if (typeof scope.workdir === 'string')
                lines.push(`in ${scope.workdir}`);
            if (Array.isArray(scope.reasons) && scope.reasons.length > 0)
                lines.push(`risk: ${scope.risk} (${scope.reasons.join('; ')})`);
            break;
        }
        case 'file_write':
        case 'file_read': {
            if (paths.length > 0)
                lines.push(...paths.map((p) => `${intent.action === 'file_read' ? 'read' : 'write'} ${p}`));
            const patch = text(args.patch);
            const oldText = text(args.old_string);
            const newText = text(args.new_string);
            const content = text(args.content);
            if (patch !== undefined)
                lines.push('', patch);
            else if (oldText !== undefined && newText !== undefined) {
                const name = paths[0] ?? 'file';
                lines.push('', createTwoFilesPatch(name, name, `${oldText}\n`, `${newText}\n`, '', '', { context: 2 }));
            }
            else if (content !== undefined)
                lines.push('', 'new content:', content);
            break;
        }
        case 'network': {
            lines.push(`${scope.method ?? 'GET'} ${scope.url ?? scope.origin ?? ''}`);
            if (paths.length > 0)
                lines.push(...paths.map((p) => `save to ${p}`));
            break;
        }
        default:
            lines.push(safeJson(args));
    }
    return bound(escapeControls(lines.join('\n')));
}
/**
 * Control characters (ANSI escapes, bells, carriage returns) shown as `\xNN`, and invisible or reordering
 * format characters (zero-width, bidi overrides) as `\uNNNN`, so they can neither drive a terminal nor make
 * the text a human approves look different from what runs.
 */
export function escapeControls(value) {
    return value.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g, (c) => {
        const code = c.charCodeAt(0);
        return code <= 0xff
            ? `\\x${code.toString(16).padStart(2, '0')}`
            : `\\u${code.toString(16).padStart(4, '0')}`;
    });
}
/** Head and tail: the end of a long command or file (where `; rm -rf ~` would hide) stays visible. */
function bound(value) {
    if (value.length <= MAX_PREVIEW)
        return value;
    const tail = MAX_PREVIEW / 4;
    const head = MAX_PREVIEW - tail;
    return `${value.slice(0, head)}\n… (${value.length - head - tail} characters not shown) …\n${value.slice(-tail)}`;
}
function safeJson(value) {
    try {
        return JSON.stringify(value, null, 2) ?? '';
    }
    catch {
        return '(arguments that cannot be shown)';
    }
}
//# sourceMappingURL=preview.js.map