// `handrail call <tool> [json | -]`: one call through the full pipeline, the model-visible result on stdout.
// Exit 0 ok, 1 the tool reported an error, 2 the command line was wrong.
import { parseArgs } from 'node:util';
import { suggestNames } from '../core/index.js';
import { createRuntime } from '../extensions/index.js';
import type { Approver } from '../policy/index.js';
import { terminalApprover } from '../policy/index.js';
import { modelText, runtimeOptions, type WorkspaceOptions, withoutMcpServers } from '../server/index.js';
import { CALL_HELP } from './help.js';
import { checkConfig } from './serve.js';
import { startSpinner } from './spinner.js';
import { type CliIO, createStyle, UsageError, wantsColor } from './style.js';

export async function runCall(argv: string[], workspace: WorkspaceOptions, io: CliIO): Promise<number> {
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
    throw new UsageError(
      `unexpected argument "${extra[0]}"`,
      'Pass the arguments as one JSON object; quote it for the shell.',
    );
  }
  const args = parseArguments(source === '-' ? await readAll(io.stdin) : (source ?? '{}'), source === '-');
  checkConfig(workspace);

  const style = createStyle(wantsColor(io.stderr, io.env));
  const spinner = startSpinner(io.stderr, style.dim(name));
  // Someone must be at a terminal to answer, and stdin must not be the arguments' pipe.
  const interactive = source !== '-' && io.stdin.isTTY === true;
  let approver: Approver | undefined;
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
      } finally {
        spinner.resume();
      }
    };
  }
  const options = runtimeOptions(workspace, approver ? { approver, approverName: 'terminal' } : {});
  // The MCP servers start only for one of their tools (mcp__<server>__<tool>): a built-in call needs none.
  const runtime = createRuntime(name.startsWith('mcp__') ? options : withoutMcpServers(options));
  const abort = new AbortController();
  const onSignal = () => abort.abort(new DOMException('Interrupted', 'AbortError'));
  process.once('SIGINT', onSignal);
  try {
    // The upstream MCP servers' tools are there once each has connected (or failed: said on stderr).
    await runtime.ready();
    const failed = runtime.mcpStatus().filter((s) => s.state === 'failed');
    if (failed.length > 0) {
      spinner.pause();
      for (const server of failed) {
        io.stderr.write(
          `handrail call: mcp server ${server.name} failed: ${server.reason ?? 'no reason given'}\n`,
        );
      }
      spinner.resume();
    }
    const tool = runtime.describeTools().find((t) => t.name === name);
    if (!tool) {
      const near = suggestNames(
        name,
        runtime.describeTools().map((t) => t.name),
      );
      throw new UsageError(
        `unknown tool "${name}"`,
        near.length > 0
          ? `Did you mean ${near.map((n) => `"${n}"`).join(' or ')}? `
          : 'Run "handrail tools" for the list.',
      );
    }
    const turn = runtime.beginTurn();
    // A tool of a lazy domain is callable by name from the command line: reveal it first.
    if (tool.domain) turn.reveal([name]);
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
  } finally {
    spinner.stop();
    process.off('SIGINT', onSignal);
    await runtime.close();
    // The call is done either way; a log that was not kept must not be lost silently.
    const health = runtime.store?.health();
    if (health && health.dropped > 0 && health.lastError)
      io.stderr.write(`handrail: this call is not in the log (handrail log): ${health.lastError}\n`);
  }
}

function parseArguments(text: string, fromStdin: boolean): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    throw new UsageError(
      `the arguments${fromStdin ? ' on stdin' : ''} are not valid JSON (${(error as Error).message})`,
      `Pass one JSON object, quoted for the shell: handrail call read_file '{"path":"README.md"}'`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(
      'the arguments must be a JSON object',
      `For example '{"path":"README.md"}'; "handrail tools --json" shows each tool's schema.`,
    );
  }
  return value as Record<string, unknown>;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
