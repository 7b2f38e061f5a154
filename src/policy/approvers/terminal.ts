// The terminal approver for the CLI: single keys — y once, t turn, s session, a always, n deny (then an
// optional feedback line). Everything shown came from the model, so it is escaped before it reaches the
// terminal. One prompt at a time per terminal, whatever the broker's concurrency.
import { escapeControls } from '../approval/preview.js';
import type { ApprovalDecision, Approver, ApproverAnswer } from '../approval/types.js';
import { InputReader } from './input-reader.js';

export interface TerminalApproverOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  /** Color the header (default: when the output is a TTY and NO_COLOR is unset). */
  color?: boolean;
}

const KEYS: Record<string, ApprovalDecision> = {
  y: 'allow_once',
  t: 'allow_for_turn',
  s: 'allow_for_session',
  a: 'allow_always',
  n: 'deny',
};

const locks = new WeakMap<object, Promise<unknown>>();

export function terminalApprover(options: TerminalApproverOptions = {}): Approver {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stderr;
  const reader = new InputReader(input);
  const color = options.color ?? ((output as { isTTY?: boolean }).isTTY === true && !process.env.NO_COLOR);
  const bold = (text: string) => (color ? `\u001b[1m${text}\u001b[22m` : text);
  const write = (text: string) => output.write(text);

  const prompt: Approver = async (request, { signal }) => {
    const always = request.alwaysLayers.length > 0 && request.suggestedRule;
    write(
      `\n${bold(`handrail: approve ${escapeControls(request.tool)}?`)} ${escapeControls(request.summary)}\n`,
    );
    write(`  why: ${escapeControls(request.reason)}\n`);
    write(`${indent(request.preview)}\n`);
    const choices = ['[y] once', '[t] this turn', '[s] this session'];
    if (always) choices.push(`[a] always (adds ${request.suggestedRule!.map(escapeControls).join(', ')})`);
    choices.push('[n] deny');
    for (;;) {
      write(`  ${choices.join('  ')} > `);
      const key = await reader.readKey(signal);
      if (key === undefined) {
        write('\n');
        // End of input or the deadline: nobody is there to approve.
        return {
          decision: 'deny',
          by: 'terminal',
          feedback: signal.aborted ? undefined : 'No answer (input closed).',
        } as ApproverAnswer;
      }
      const lower = key.toLowerCase();
      if (key === '\u0003') {
        write('^C\n');
        return { decision: 'deny', by: 'terminal' };
      }
      const decision = KEYS[lower];
      if (!decision || (decision === 'allow_always' && !always)) {
        write(`${escapeControls(key)}?\n`);
        continue;
      }
      write(`${lower}\n`);
      if (decision !== 'deny') return { decision, by: 'terminal' };
      write('  feedback for the model (Enter to skip): ');
      const feedback = (await reader.readLine(signal))?.trim();
      return feedback ? { decision, feedback, by: 'terminal' } : { decision, by: 'terminal' };
    }
  };

  return async (request, ctx) => {
    // Serialize per output stream: two runtimes sharing a terminal still never interleave prompts.
    const previous = locks.get(output) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => prompt(request, ctx));
    locks.set(output, run);
    return run;
  };
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
