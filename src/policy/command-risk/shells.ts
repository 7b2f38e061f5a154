// Which shell reads a line. The classifier reads bash's grammar; sh and dash read the same grammar but for
// two bash extensions that they read as something else, where a harmless line for bash runs commands:
// `$'…'` and `$"…"`, a `$` and an ordinary quote to dash (so a quote bash escapes ends their string there,
// and the rest runs as commands), and `&>`, which dash reads as `&` (run in the background) and a
// redirection that starts a new command (`ls &>/dev/null touch x` runs touch). zsh, ksh and the others read
// more than bash does (glob qualifiers and expansion flags that run code, startup files): nothing they run
// is safe.
import { programName } from './names.js';
import { structural, unknown, type Verdict } from './types.js';

/** Shells whose scripts the bash grammar reads faithfully and that run no startup file when not interactive. */
const BASH_LIKE = new Set(['bash', 'sh', 'dash', 'rbash']);
/** Of those, the ones that may be a POSIX shell without bash's quoting extensions (dash is Debian's sh). */
const POSIX_SH = new Set(['sh', 'dash']);

/** The shell `name` reads scripts the bash grammar does not describe. */
export function unreadShell(name: string): Verdict[] {
  return BASH_LIKE.has(name) ? [] : [unknown(`${name} scripts are not read by the classifier`)];
}

/** sh or dash would read `script`'s bash-only syntax as other commands. */
function posixReading(name: string, script: string): Verdict[] {
  if (!POSIX_SH.has(name)) return [];
  const verdicts: Verdict[] = [];
  if (/\$['"]/.test(script))
    verdicts.push(structural(unknown(`${name} does not read $'…' and $"…" quoting as bash does`)));
  if (script.includes('&>'))
    verdicts.push(structural(unknown(`${name} reads &> as & and a new command, not as bash's redirection`)));
  return verdicts;
}

/** What reading `source` as bash misses when the shell `name` reads it (structural: the argv is not all). */
export function shellReading(name: string, source: string): Verdict[] {
  return [...unreadShell(name).map(structural), ...posixReading(name, source)];
}

/** A shell named by a path outside the system directories is not the program the classifier knows. */
export function untrustedShell(shell: string): Verdict[] {
  const { name, untrusted } = programName(shell);
  return untrusted || name === '' ? [structural(unknown(`${shell} is not a system shell`))] : [];
}
