import path from 'node:path';

/** Longest path accepted, in UTF-8 bytes (PATH_MAX on Linux). */
export const MAX_PATH_BYTES = 4096;

/**
 * Syntax checks that need no file system: empty, NUL, control characters, too long. Returns a problem
 * sentence or undefined. `~` and `$VAR` are deliberately not expanded: they are ordinary characters.
 */
export function pathSyntaxProblem(
  requested: string,
): { reason: 'empty_path' | 'invalid_path'; message: string } | undefined {
  if (typeof requested !== 'string' || requested.trim() === '') {
    return {
      reason: 'empty_path',
      message: 'The path is empty; give a file path relative to the current directory.',
    };
  }
  if (requested.includes('\u0000'))
    return { reason: 'invalid_path', message: 'The path contains a NUL character.' };
  // C0 controls, DEL and C1 controls have no place in a path a model means to give.
  if (/[\u0001-\u001f\u007f-\u009f]/.test(requested)) {
    return {
      reason: 'invalid_path',
      message: `The path ${JSON.stringify(requested)} contains control characters.`,
    };
  }
  if (Buffer.byteLength(requested) > MAX_PATH_BYTES) {
    return { reason: 'invalid_path', message: `The path is longer than ${MAX_PATH_BYTES} bytes.` };
  }
  return undefined;
}

/** Whether `child` is `parent` or inside it, by whole path segments (`/a/ws` is not inside `/a/w`). */
export function isWithin(child: string, parent: string): boolean {
  if (child === parent) return true;
  const prefix = parent.endsWith(path.sep) ? parent : parent + path.sep;
  return child.startsWith(prefix);
}

/** `child` relative to `parent` with forward slashes, or undefined when outside. */
export function relativeInside(child: string, parent: string): string | undefined {
  if (!isWithin(child, parent)) return undefined;
  return path.relative(parent, child).split(path.sep).join('/');
}

/** Glob options for path rules: dot files match like any other; `[!x]` is a negated class, as in the shell. */
export const GLOB_OPTIONS = { dot: true, posix: true } as const;
