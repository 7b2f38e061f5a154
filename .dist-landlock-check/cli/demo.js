import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRuntime, defineTool } from '../core/index.js';
/**
 * `handrail demo`: one scripted turn of raw model calls through the real pipeline, printing what the model
 * would see for each — the quickest way to watch routing, repair, validation, hooks, projection and
 * outcomes at work, under the effective configuration.
 */
export async function runDemo(write, configured = {}) {
    const stateDir = mkdtempSync(path.join(os.tmpdir(), 'handrail-demo-'));
    // The configuration applies (profile, limits, network, …), but the demo keeps its state to itself.
    const { stateDir: _state, store: _store, ...options } = configured;
    const runtime = createRuntime({
        ...options,
        stateDir,
        tools: [
            defineTool({
                name: 'count_words',
                description: 'Count the words of a text, optionally only the first `limit` words.',
                inputSchema: {
                    type: 'object',
                    properties: { text: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
                    required: ['text'],
                    additionalProperties: false,
                },
                annotations: { readOnlyHint: true },
                execute: ({ text, limit }) => {
                    const words = String(text).split(/\s+/).filter(Boolean);
                    return `${Math.min(words.length, limit ?? Number.POSITIVE_INFINITY)} words`;
                },
            }),
            defineTool({
                name: 'print_lines',
                description: 'Print N numbered lines (a stand-in for a command with a huge output).',
                inputSchema: {
                    type: 'object',
                    properties: { count: { type: 'integer', minimum: 0 } },
                    required: ['count'],
                },
                annotations: { readOnlyHint: true },
                execute: ({ count }) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n'),
            }),
            defineTool({
                name: 'delete_everything',
                description: 'A dangerous tool that the demo approver refuses to run.',
                inputSchema: { type: 'object', properties: {} },
                execute: () => 'this never runs',
            }),
        ],
        // The default profile (supervised) asks before a tool with side effects runs; the demo's approver
        // stands in for a human who says no, with feedback the model reads.
        approver: (request) => ({
            decision: 'deny',
            feedback: `Deleting everything is not allowed in the demo (${request.matchedRule}).`,
            by: 'demo',
        }),
    });
    const script = [
        { id: 'c1', name: 'count_words', arguments: '{"text":"hands with guardrails"}' },
        { id: 'c2', name: 'count_wrds', arguments: '{"text":"typo in the name"}' },
        { id: 'c3', name: 'count_words', arguments: '{"text": "unterminated' },
        { id: 'c4', name: 'count_words', arguments: { text: 'a b c d', limit: '2' } },
        { id: 'c5', name: 'count_words', arguments: { limit: 'abc' } },
        { id: 'c6', name: 'delete_everything', arguments: {} },
        { id: 'c7', name: 'print_lines', arguments: { count: 100_000 } },
    ];
    try {
        const turn = runtime.beginTurn({ threadId: 'demo', turnId: 'turn-1' });
        write(`Visible tools: ${turn
            .visibleTools()
            .map((t) => t.name)
            .join(', ')}\n\n`);
        for (const call of script) {
            const result = await turn.call(call);
            write(render(call, result));
        }
        await turn.end();
    }
    finally {
        await runtime.close();
        rmSync(stateDir, { recursive: true, force: true });
    }
    return 0;
}
function render(call, result) {
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const text = result.content
        .map((part) => (part.type === 'text' ? part.text : `[image ${part.mimeType}]`))
        .join('\n');
    const shown = abbreviate(text);
    const outcome = [result.outcome.status, result.outcome.errorClass].filter(Boolean).join(' / ');
    const repairs = Array.isArray(result.details?.repairs)
        ? ` (repaired: ${result.details.repairs.map((r) => r.note).join('; ')})`
        : '';
    return `→ ${call.name}(${args})\n← [${outcome}]${repairs}\n${indent(shown)}\n\n`;
}
/** Long results: their first and last lines around the truncation marker, so the marker shows. */
function abbreviate(text) {
    const lines = text.split('\n');
    if (lines.length <= 12)
        return text;
    const marker = lines.find((line) => line.startsWith('[... ')) ?? `(${lines.length} lines)`;
    return [...lines.slice(0, 4), '⋮', marker, '⋮', ...lines.slice(-3)].join('\n');
}
function indent(text) {
    return text
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n');
}
//# sourceMappingURL=demo.js.map