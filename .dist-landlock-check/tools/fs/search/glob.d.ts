/** A compiled find_files pattern or grep_files include glob. */
export interface PathGlob {
    /** Test a path relative to the search directory (with `/`). */
    test(rel: string): boolean;
    /** The fixed directory prefix of the pattern ('' when none): the walk need not go anywhere else. */
    base: string;
    /** A pattern without `/` is matched against the name alone, at any depth. */
    nameOnly: boolean;
    /** The pattern as the model gave it, for messages. */
    source: string;
}
/**
 * Compile a glob (picomatch syntax, dot files included). `*.ts` matches that name at any depth; a pattern
 * with `/` matches the path relative to the searched directory (`src/**\/*.ts`, `**\/test/*.js`). An
 * absolute pattern inside the searched directory is made relative to it.
 */
export declare function compileGlob(source: string, searchDir: string, argName: 'pattern' | 'include'): PathGlob;
/** Whether a directory (relative path) can contain matches of a glob with this fixed prefix. */
export declare function mayContain(base: string, dirRel: string): boolean;
