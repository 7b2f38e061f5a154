// `handrail tools [--json]`: the tools a client would be offered for this workspace and profile.
import { parseArgs } from 'node:util';
import { createRuntime } from '../core/index.js';
import { mcpAnnotations, mcpToolList, offeredUnder, runtimeOptions, } from '../server/index.js';
import { TOOLS_HELP } from './help.js';
import { checkConfig } from './serve.js';
import { createStyle, wantsColor } from './style.js';
export async function runTools(argv, workspace, io) {
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
        const turn = runtime.beginTurn();
        const described = runtime.describeTools();
        const visible = mcpToolList(turn.visibleTools(), described, mode);
        const onRequest = described
            .filter((d) => d.domain !== undefined && offeredUnder(mode, mcpAnnotations(d.annotations)))
            .map((d) => ({ ...mcpToolList([d], [d], mode)[0], domain: d.domain }));
        await turn.end();
        if (values.json) {
            io.stdout.write(`${JSON.stringify({ profile: mode, tools: visible, onRequest }, null, 2)}\n`);
            return 0;
        }
        const style = createStyle(wantsColor(io.stdout, io.env));
        io.stdout.write(`${style.bold(`${visible.length} tools`)} for ${workspace.root} under ${mode}:\n`);
        for (const tool of visible)
            io.stdout.write(line(tool, style));
        if (onRequest.length > 0) {
            io.stdout.write(`\n${style.bold('On request')} (request_tools reveals a domain):\n`);
            for (const tool of onRequest)
                io.stdout.write(line(tool, style, tool.domain));
        }
        return 0;
    }
    finally {
        await runtime.close();
    }
}
function line(tool, style, domain) {
    const a = tool.annotations;
    const hints = [
        a.readOnlyHint ? 'read-only' : a.destructiveHint ? style.yellow('destructive') : 'writes',
        a.idempotentHint ? 'idempotent' : '',
        a.openWorldHint ? 'open world' : '',
    ].filter(Boolean);
    const summary = firstSentence(tool.description);
    return `  ${style.bold(tool.name.padEnd(14))} ${style.dim(`[${hints.join(', ')}]`)}${domain ? ` ${style.dim(domain)}` : ''}\n      ${summary}\n`;
}
function firstSentence(text) {
    const sentence = text.split(/(?<=[.!?])\s/)[0] ?? text;
    return sentence.length > 110 ? `${sentence.slice(0, 109)}…` : sentence;
}
//# sourceMappingURL=tools.js.map