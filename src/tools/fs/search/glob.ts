import picomatch from 'picomatch';
import { ToolError } from '../../../core/index.js';
import { isWithin } from '../../../sandbox/index.js';

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
export function compileGlob(source: string, searchDir: string, argName: 'pattern' | 'include'): PathGlob {
  let pattern = source;
  if (pattern.startsWith('/')) {
    if (!isWithin(pattern, searchDir) || pattern === searchDir) {
      throw new ToolError(
        'invalid_arguments',
        `The ${argName} "${source}" is an absolute path outside the searched directory ${searchDir}; give a glob relative to it, and put the directory in path.`,
      );
    }
    pattern = pattern.slice(searchDir === '/' ? 1 : searchDir.length + 1);
  }
  while (pattern.startsWith('./')) pattern = pattern.slice(2);
  if (pattern === '' || pattern === '.') {
    throw new ToolError(
      'invalid_arguments',
      `The ${argName} "${source}" matches no file; give a glob such as "*.ts" or "src/**/*.ts".`,
    );
  }
  const nameOnly = !pattern.includes('/');
  let matcher: (input: string) => boolean;
  let base = '';
  try {
    matcher = picomatch(pattern, { dot: true, posix: true });
    const scan = picomatch.scan(pattern);
    if (!nameOnly && !scan.negated) base = scan.base;
  } catch (error) {
    throw new ToolError('invalid_arguments', `Invalid glob "${source}": ${(error as Error).message}`);
  }
  return {
    source,
    nameOnly,
    base,
    test: nameOnly ? (rel) => matcher(rel.slice(rel.lastIndexOf('/') + 1)) : matcher,
  };
}

/** Whether a directory (relative path) can contain matches of a glob with this fixed prefix. */
export function mayContain(base: string, dirRel: string): boolean {
  return base === '' || dirRel === base || base.startsWith(`${dirRel}/`) || dirRel.startsWith(`${base}/`);
}
