// edit_file's argument shapes models send from other tools' habits, mapped onto edit_file's: a single edit at the top
// level, camelCase or `_string` names, `file_path`, edits as a JSON string or a lone object.
const OLD_NAMES = ['old_text', 'oldText', 'old_string', 'oldString', 'old_str'];
const NEW_NAMES = ['new_text', 'newText', 'new_string', 'newString', 'new_str'];
const ALL_NAMES = ['replace_all', 'replaceAll'];
export const isDict = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Move the first present alias to `name`, leaving other keys as they are. */
export function rename(source, aliases, name) {
    if (name in source)
        return source;
    const alias = aliases.find((a) => a in source);
    if (!alias)
        return source;
    const { [alias]: value, ...rest } = source;
    return { ...rest, [name]: value };
}
function normalizeEdit(edit) {
    if (!isDict(edit))
        return edit;
    return rename(rename(rename(edit, OLD_NAMES, 'old_text'), NEW_NAMES, 'new_text'), ALL_NAMES, 'replace_all');
}
export function prepareEditArguments(input) {
    if (!isDict(input))
        return input;
    let args = rename(input, ['file_path', 'filePath', 'file'], 'path');
    if (typeof args.edits === 'string') {
        try {
            args = { ...args, edits: JSON.parse(args.edits) };
        }
        catch {
            // left for validation to report
        }
    }
    if (isDict(args.edits))
        args = { ...args, edits: [args.edits] };
    const single = normalizeEdit(args);
    if (args.edits === undefined &&
        typeof single.old_text === 'string' &&
        typeof single.new_text === 'string') {
        const { old_text, new_text, replace_all, ...rest } = single;
        return {
            ...rest,
            edits: [replace_all === undefined ? { old_text, new_text } : { old_text, new_text, replace_all }],
        };
    }
    if (Array.isArray(args.edits))
        return { ...args, edits: args.edits.map(normalizeEdit) };
    return args;
}
//# sourceMappingURL=arguments.js.map