// `handrail call <tool> [json | -]`: one call through the full pipeline, the model-visible result on stdout.
// Exit 0 ok, 1 the tool reported an error, 2 the command line was wrong.
import { parseArgs } from 'node:util';
import { createRuntime, suggestNames } from '../core/index.js';
import { terminalApprover } from '../policy/index.js';
import { modelText, runtimeOptions } from '../server/index.js';
import { CALL_HELP } from './help.js';
import { checkConfig } from './serve.js';
import { startSpinner } from './spinner.js';
import { createStyle, UsageError, wantsColor } from './style.js';
export async function runCall(argv, workspace, io) {
    const { values, positionals } = parseArgs({
        args: argv,
        strict: true,
        allowPositionals: true,
        options: { help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
        io.stdout.write(CALL_HELP);
        return 0;
    }
    const [name, source, ...extra] = positionals;
    if (name === undefined) {
        throw new UsageError('which tool?', 'handrail call <tool> [json | -]; "handrail tools" lists them.');
    }
    if (extra.length > 0) {
        throw new UsageError(`unexpected argument "${extra[0]}"`, 'Pass the arguments as one JSON object; quote it for the shell.');
    }
    const args = parseArguments(source === '-' ? await readAll(io.stdin) : (source ?? '{}'), source === '-');
    checkConfig(workspace);
    const style = createStyle(wantsColor(io.stderr, io.env));
    const spinner = startSpinner(io.stderr, style.dim(name));
    // Someone must be at a terminal to answer, and stdin must not be the arguments' pipe.
    const interactive = source !== '-' && io.stdin.isTTY === true;
    let approver;
    if (interactive) {
        const prompt = terminalApprover({
            input: io.stdin,
            output: io.stderr,
            color: wantsColor(io.stderr, io.env),
        });
        approver = async (request, ctx) => {
            spinner.pause();
            try {
                return await prompt(request, ctx);
            }
            finally {
                spinner.resume();
            }
        };
    }
    const runtime = createRuntime(runtimeOptions(workspace, approver ? { approver, approverName: 'terminal' } : {}));
    const abort = new AbortController();
    const onSignal = () => abort.abort(new DOMException('Interrupted', 'AbortError'));
    process.once('SIGINT', onSignal);
    try {
        const tool = runtime.describeTools().find((t) => t.name === name);
        if (!tool) {
            const near = suggestNames(name, runtime.describeTools().map((t) => t.name));
            throw new UsageError(`unknown tool "${name}"`, near.length > 0
                ? `Did you mean ${near.map((n) => `"${n}"`).join(' or ')}? `
                : 'Run "handrail tools" for the list.');
        }
        const turn = runtime.beginTurn();
        // A tool of a lazy domain is callable by name from the command line: reveal it first.
        if (tool.domain)
            turn.reveal([name]);
        const result = await turn.call({ id: 'cli_1', name, arguments: args }, { signal: abort.signal });
        spinner.stop();
        const text = modelText(result);
        io.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
        if (result.isError && io.stderr.isTTY) {
            const { status, errorClass } = result.outcome;
            io.stderr.write(`${style.red(`${status}${errorClass ? ` (${errorClass})` : ''}`)}\n`);
        }
        await turn.end();
        return result.isError ? 1 : 0;
    }
    finally {
        spinner.stop();
        process.off('SIGINT', onSignal);
        await runtime.close();
    }
}
function parseArguments(text, fromStdin) {
    let value;
    try {
        value = JSON.parse(text.trim() === '' ? '{}' : text);
    }
    catch (error) {
        throw new UsageError(`the arguments${fromStdin ? ' on stdin' : ''} are not valid JSON (${error.message})`, `Pass one JSON object, quoted for the shell: handrail call read_file '{"path":"README.md"}'`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new UsageError('the arguments must be a JSON object', `For example '{"path":"README.md"}'; "handrail tools --json" shows each tool's schema.`);
    }
    return value;
}
async function readAll(stream) {
    const chunks = [];
    for await (const chunk of stream)
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
}
//# sourceMappingURL=call.js.map