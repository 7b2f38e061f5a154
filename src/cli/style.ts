// Terminal presentation: color only on a TTY and only when NO_COLOR is unset; errors always say what to do.

export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  cwd: string;
  env: Record<string, string | undefined>;
}

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

export function wantsColor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  // no-color.org: any non-empty NO_COLOR turns color off.
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

export function createStyle(color: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) =>
    color ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
  };
}

/** A mistake on the command line: exit 2, with a hint about the fix. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** `handrail <command>: error: ...` and, on its own line, the hint. */
export function printError(io: CliIO, where: string, message: string, hint?: string): void {
  const style = createStyle(wantsColor(io.stderr, io.env));
  io.stderr.write(`${where}: ${style.red('error:')} ${message}\n`);
  if (hint) io.stderr.write(`  ${style.dim(`hint: ${hint}`)}\n`);
}
