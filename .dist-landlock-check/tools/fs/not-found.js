import { promises as fs } from 'node:fs';
import path from 'node:path';
import { suggestNames, ToolError } from '../../core/index.js';
/** Directory entries read to find look-alikes; a huge directory is not listed in full. */
const MAX_SCANNED = 5000;
/**
 * A not-found error that gives the model something to work with: `File src/auth.ts not found — the
 * directory has auth.old.ts and authz.ts`, or the nearest existing ancestor when the directory is missing.
 */
export async function notFound(files, canonicalPath, what = 'File') {
    const shown = files.display(canonicalPath);
    const dir = path.dirname(canonicalPath);
    const base = path.basename(canonicalPath);
    let names;
    let parentIsFile = false;
    try {
        parentIsFile = (await fs.lstat(dir)).isFile();
    }
    catch {
        parentIsFile = false;
    }
    try {
        if (files.isReadable(dir)) {
            names = [];
            const handle = await fs.opendir(dir);
            for await (const entry of handle) {
                // Never name what the policy hides.
                if (!files.isReadable(path.join(dir, entry.name)))
                    continue;
                names.push(entry.isDirectory() ? `${entry.name}/` : entry.name);
                if (names.length >= MAX_SCANNED)
                    break;
            }
        }
    }
    catch {
        names = undefined;
    }
    let message;
    if (parentIsFile) {
        message = `${what} ${shown} not found — ${files.display(dir)} is a file, not a directory.`;
    }
    else if (names === undefined) {
        message = `${what} ${shown} not found — its directory ${files.display(dir)} does not exist either.`;
    }
    else {
        const stem = base.replace(/\.[^.]+$/, '').toLowerCase();
        const similar = new Set(suggestNames(base, names, 5));
        for (const name of names) {
            if (similar.size >= 5)
                break;
            if (stem.length >= 3 && name.toLowerCase().includes(stem))
                similar.add(name);
        }
        const list = [...similar].sort();
        message =
            list.length > 0
                ? `${what} ${shown} not found — the directory has ${joinNames(list)}.`
                : names.length === 0
                    ? `${what} ${shown} not found — the directory ${files.display(dir)} is empty.`
                    : `${what} ${shown} not found, and nothing in ${files.display(dir)} has a similar name.`;
    }
    return new ToolError('not_found', message, {
        hint: 'Check the path (list_dir or find_files can help), then retry.',
    });
}
function joinNames(names) {
    return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
//# sourceMappingURL=not-found.js.map