// `handrail tools [--json]`: the tools a client would be offered for this workspace and profile, and the
// upstream MCP servers' tools with what handrail does with their calls. The servers are started to list their
// tools, then stopped: nothing is left running.
import { parseArgs } from 'node:util';
import { createRuntime } from '../extensions/index.js';
import {
  describedAnnotations,
  type McpTool,
  mcpToolList,
  offeredUnder,
  runtimeOptions,
  type WorkspaceOptions,
} from '../server/index.js';
import { TOOLS_HELP } from './help.js';
import { checkConfig } from './serve.js';
import { type CliIO, createStyle, type Style, wantsColor } from './style.js';
import { type UpstreamReport, type UpstreamTool, upstreamReport } from './upstream-tools.js';

export async function runTools(argv: string[], workspace: WorkspaceOptions, io: CliIO): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout.write(TOOLS_HELP);
    return 0;
  }
  checkConfig(workspace);
  const mode = workspace.profile ?? 'supervised';
  // Listing records nothing: no store.
  const runtime = createRuntime(runtimeOptions({ ...workspace, store: false }));
  try {
    await runtime.ready();
    const turn = runtime.beginTurn();
    const described = runtime.describeTools();
    const visible = mcpToolList(turn.visibleTools(), described, mode);
    const onRequest = described
      .filter(
        (d) =>
          d.domain !== undefined && d.source !== 'dynamic' && offeredUnder(mode, describedAnnotations(d)),
      )
      .map((d) => ({ ...mcpToolList([d], [d], mode)[0]!, domain: d.domain! }));
    const upstream = upstreamReport(runtime, {
      mode,
      ...(workspace.policy !== undefined ? { policy: workspace.policy } : {}),
      ...(workspace.trustProjectPolicy ? { trustProject: true } : {}),
    });
    await turn.end();
    if (values.json) {
      const report = {
        profile: mode,
        tools: visible,
        onRequest,
        mcpServers: upstream.servers,
        upstream: upstream.tools,
      };
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return 0;
    }
    const style = createStyle(wantsColor(io.stdout, io.env));
    const own = visible.filter((tool) => !upstream.tools.some((u) => u.name === tool.name));
    io.stdout.write(`${style.bold(`${own.length} tools`)} for ${workspace.root} under ${mode}:\n`);
    for (const tool of own) io.stdout.write(line(tool, style));
    if (onRequest.length > 0) {
      io.stdout.write(`\n${style.bold('On request')} (request_tools reveals a domain):\n`);
      for (const tool of onRequest) io.stdout.write(line(tool, style, tool.domain));
    }
    if (upstream.servers.length > 0) io.stdout.write(upstreamText(upstream, mode, style));
    return 0;
  } finally {
    await runtime.close();
  }
}

function line(tool: McpTool, style: Style, domain?: string): string {
  const a = tool.annotations;
  const hints = [
    a.readOnlyHint ? 'read-only' : a.destructiveHint ? style.yellow('destructive') : 'writes',
    a.idempotentHint ? 'idempotent' : '',
    a.openWorldHint ? 'open world' : '',
  ].filter(Boolean);
  const summary = firstSentence(tool.description);
  return `  ${style.bold(tool.name.padEnd(14))} ${style.dim(`[${hints.join(', ')}]`)}${domain ? ` ${style.dim(domain)}` : ''}\n      ${summary}\n`;
}

/** The servers (state, tool count, why one failed), then their tools: server, kind, what a call gets. */
function upstreamText(report: UpstreamReport, mode: string, style: Style): string {
  const lines = ['', style.bold('MCP servers')];
  for (const server of report.servers) {
    const state =
      server.state === 'ready'
        ? `ready, ${server.tools} tool${server.tools === 1 ? '' : 's'}`
        : server.state === 'failed'
          ? style.red(`failed: ${server.reason ?? 'no reason given'}`)
          : `${server.state}${server.reason ? `: ${server.reason}` : ''}`;
    lines.push(`  ${style.bold(server.name.padEnd(14))} ${style.dim(`(${server.transport})`)} ${state}`);
    for (const skipped of server.skipped)
      lines.push(`      ${style.dim(`skipped ${skipped.tool}: ${skipped.reason}`)}`);
  }
  if (report.tools.length > 0) {
    const width = Math.min(48, Math.max(...report.tools.map((t) => t.name.length)));
    lines.push(
      '',
      `${style.bold('MCP tools')} ${style.dim(`(what a call gets under ${mode}, before its arguments are seen)`)}`,
    );
    for (const tool of report.tools) lines.push(...upstreamLines(tool, width, style));
  }
  return `${lines.join('\n')}\n`;
}

function upstreamLines(tool: UpstreamTool, width: number, style: Style): string[] {
  const decision =
    tool.decision === 'allow'
      ? 'allowed'
      : tool.decision === 'ask'
        ? style.yellow('asks')
        : style.red('denied');
  return [
    `  ${style.bold(tool.name.padEnd(width))} ${tool.server.padEnd(10)} ${tool.classification.padEnd(21)} ${decision}${tool.domain ? ` ${style.dim(tool.domain)}` : ''}`,
    // The server is in its own column: its name at the start of the description says it again.
    `      ${firstSentence(tool.description.replace(`[mcp server ${tool.server}] `, ''))}`,
  ];
}

function firstSentence(text: string): string {
  const sentence = text.split(/(?<=[.!?])\s/)[0] ?? text;
  return sentence.length > 110 ? `${sentence.slice(0, 109)}…` : sentence;
}
