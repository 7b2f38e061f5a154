// The terminal approver for the CLI: single keys — y once, t turn, s session, a always, n deny (then an
// optional feedback line). Everything shown came from the model, so it is escaped before it reaches the
// terminal. One prompt at a time per terminal, whatever the broker's concurrency.
import { escapeControls } from '../approval/preview.js';
import { InputReader } from './input-reader.js';
const KEYS = {
    y: 'allow_once',
    t: 'allow_for_turn',
    s: 'allow_for_session',
    a: 'allow_always',
    n: 'deny',
};
const locks = new WeakMap();
// One reader per input stream: two approvers on one terminal must not each buffer (and both use) every answer.
const readers = new WeakMap();
export function terminalApprover(options = {}) {
    const input = options.input ?? process.stdin;
    const output = options.output ?? process.stderr;
    let reader = readers.get(input);
    if (!reader) {
        reader = new InputReader(input);
        readers.set(input, reader);
    }
    const keys = reader;
    const color = options.color ?? (output.isTTY === true && !process.env.NO_COLOR);
    const bold = (text) => (color ? `\u001b[1m${text}\u001b[22m` : text);
    const write = (text) => output.write(text);
    const prompt = async (request, { signal }) => {
        // Expired or cancelled while another prompt had the terminal: nothing to ask, and no input to consume.
        if (signal.aborted)
            return { decision: 'deny', by: 'terminal' };
        const offered = (decision) => request.choices === undefined || request.choices.includes(decision);
        const always = request.alwaysLayers.length > 0 && request.suggestedRule && offered('allow_always');
        write(`\n${bold(`handrail: approve ${shown(request.tool)}?`)} ${shown(request.summary)}\n`);
        write(`  why: ${shown(request.reason)}\n`);
        if (request.widens)
            write(`  approving also: ${shown(request.widens)} (for this call)\n`);
        // The broker escapes the preview already; again here, because an approver may be handed any request.
        write(`${indent(escapeControls(request.preview))}\n`);
        const choices = ['[y] once'];
        if (offered('allow_for_turn'))
            choices.push('[t] this turn');
        if (offered('allow_for_session'))
            choices.push('[s] this session');
        if (always)
            choices.push(`[a] always (adds ${request.suggestedRule.map(shown).join(', ')})`);
        choices.push('[n] deny');
        for (;;) {
            write(`  ${choices.join('  ')} > `);
            const key = await keys.readKey(signal);
            if (key === undefined) {
                write('\n');
                if (signal.aborted)
                    return { decision: 'deny', by: 'terminal' };
                // End of input: nobody is there to answer, which is not a human's "no".
                throw new Error("the terminal's input is closed, so nobody can answer");
            }
            if (key === '\u0003' || key === '\u0004') {
                write(key === '\u0003' ? '^C\n' : '^D\n');
                return { decision: 'deny', by: 'terminal' };
            }
            const lower = key.toLowerCase();
            // Exactly one key: from a pipe, "abort" or "sure" must not be read as "a" (always) or "s" (session).
            const decision = Object.hasOwn(KEYS, lower) ? KEYS[lower] : undefined;
            if (!decision || (decision === 'allow_always' && !always) || !offered(decision)) {
                write(`${shown(key)}? answer with one of the keys in brackets\n`);
                continue;
            }
            write(`${lower}\n`);
            if (decision !== 'deny')
                return { decision, by: 'terminal' };
            write('  feedback for the model (Enter to skip): ');
            const feedback = (await keys.readLine(signal))?.trim();
            return feedback ? { decision, feedback, by: 'terminal' } : { decision, by: 'terminal' };
        }
    };
    return async (request, ctx) => {
        // Serialize per output and per input stream: two runtimes sharing a terminal never interleave prompts, nor
        // read one answer twice.
        const previous = Promise.all([locks.get(output), locks.get(input)].map((p) => p?.catch(() => undefined)));
        const run = previous.then(() => prompt(request, ctx));
        locks.set(output, run);
        locks.set(input, run);
        return run;
    };
}
/** Untrusted one-liners (summary, reason, rules): escaped and cut, so the prompt and its keys stay on screen. */
function shown(text) {
    const escaped = escapeControls(String(text));
    return escaped.length > 500
        ? `${escaped.slice(0, 500)}… (${escaped.length - 500} more characters)`
        : escaped;
}
function indent(text) {
    return text
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
}
//# sourceMappingURL=terminal.js.map