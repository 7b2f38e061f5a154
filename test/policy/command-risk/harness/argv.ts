// The second promise the differential test checks: a line the classifier calls `exact` runs exactly the
// argv it lists. Every program such a line executed (as the tracer saw its execve) must appear in the
// classifier's `commands` word for word — a word the classifier dropped or invented (`ls 2>/dev/null -la`
// read as `ls`, `0<&3` read as an argument) shows up here even when the line stayed harmless.

/** Programs whose own argv the classifier does not list, because it lists what they run instead. */
const LAUNCHERS = new Set([
  'time',
  'nice',
  'timeout',
  'env',
  'command',
  'builtin',
  'exec',
  'stdbuf',
  'setsid',
  'ionice',
  'xargs',
  'watch',
  'coproc',
  'busybox',
  'nohup',
  'bash',
  'sh',
  'dash',
  'rbash',
]);

/**
 * The executed argvs (as JSON) that match no listed command. `home` is the HOME the line ran with, for
 * `~`. A listed command with a glob character in a word (`cat src/*.ts`) may have become any argv of that
 * program, so an exec of that program is not held against it.
 */
export function unlistedExecs(
  commands: readonly string[][],
  execs: readonly string[][],
  home: string,
): string[] {
  const listed = commands.map((argv) =>
    argv.map((w) => (w === '~' ? home : w.startsWith('~/') ? home + w.slice(1) : w)),
  );
  const out: string[] = [];
  for (const argv of execs) {
    const name = basename(argv[0] ?? '');
    if (LAUNCHERS.has(name)) continue;
    if (listed.some((c) => same(c, argv))) continue;
    // egrep and fgrep are scripts that run `grep -E` / `grep -F` with their own arguments.
    if (
      name === 'grep' &&
      (argv[1] === '-E' || argv[1] === '-F') &&
      listed.some((c) => ['egrep', 'fgrep'].includes(basename(c[0] ?? '')) && same(c.slice(1), argv.slice(2)))
    )
      continue;
    if (listed.some((c) => program(c[0] ?? '') === program(name) && c.some((w) => /[*?[]/.test(w)))) continue;
    out.push(JSON.stringify(argv));
  }
  return out;
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

/** The program that ends up running: egrep and fgrep run grep. */
function program(word: string): string {
  const name = basename(word);
  return name === 'egrep' || name === 'fgrep' ? 'grep' : name;
}

function basename(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}
