import picomatch from 'picomatch';
import { ToolError } from '../../../core/index.js';
import { isWithin } from '../../../sandbox/index.js';
/**
 * Compile a glob (picomatch syntax, dot files included). `*.ts` matches that name at any depth; a pattern
 * with `/` matches the path relative to the searched directory (`src/**\/*.ts`, `**\/test/*.js`). An
 * absolute pattern inside the searched directory is made relative to it.
 */
export function compileGlob(source, searchDir, argName) {
    let pattern = source;
    if (pattern.startsWith('/')) {
        if (!isWithin(pattern, searchDir) || pattern === searchDir) {
            throw new ToolError('invalid_arguments', `The ${argName} "${source}" is an absolute path outside the searched directory ${searchDir}; give a glob relative to it, and put the directory in path.`);
        }
        pattern = pattern.slice(searchDir === '/' ? 1 : searchDir.length + 1);
    }
    while (pattern.startsWith('./'))
        pattern = pattern.slice(2);
    if (pattern === '' || pattern === '.') {
        throw new ToolError('invalid_arguments', `The ${argName} "${source}" matches no file; give a glob such as "*.ts" or "src/**/*.ts".`);
    }
    const nameOnly = !pattern.includes('/');
    let matcher;
    let base = '';
    try {
        matcher = picomatch(pattern, { dot: true, posix: true });
        const scan = picomatch.scan(pattern);
        if (!nameOnly && !scan.negated)
            base = scan.base;
    }
    catch (error) {
        throw new ToolError('invalid_arguments', `Invalid glob "${source}": ${error.message}`);
    }
    return {
        source,
        nameOnly,
        base,
        test: nameOnly ? (rel) => matcher(rel.slice(rel.lastIndexOf('/') + 1)) : matcher,
    };
}
/** Whether a directory (relative path) can contain matches of a glob with this fixed prefix. */
export function mayContain(base, dirRel) {
    return base === '' || dirRel === base || base.startsWith(`${dirRel}/`) || dirRel.startsWith(`${base}/`);
}
//# sourceMappingURL=glob.js.map