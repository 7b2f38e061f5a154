import { visibilityCapability } from './capabilities.js';
import { defineTool } from './define-tool.js';
export const REQUEST_TOOLS = 'request_tools';
/**
 * The in-turn way to grow visibility: reveals every registered tool of the named domains for the rest of
 * the turn and answers in compact text, without schemas (the next provider round carries them).
 */
export function requestToolsTool() {
    return defineTool({
        name: REQUEST_TOOLS,
        description: 'Reveal hidden tool domains for the rest of this turn. Call it when the task needs tools that are not listed yet.',
        inputSchema: {
            type: 'object',
            properties: {
                domains: { type: 'array', items: { type: 'string' }, minItems: 1, description: 'Domains to reveal.' },
                reason: { type: 'string', description: 'Why these tools are needed, in one sentence.' },
            },
            required: ['domains'],
            additionalProperties: false,
        },
        annotations: { readOnlyHint: true, idempotentHint: true, title: 'Request tools' },
        source: 'builtin',
        capabilities: [visibilityCapability],
        classify: (args) => ({
            action: 'internal',
            summary: `reveal tool domains ${args.domains.join(', ')}`,
            scope: { operation: 'reveal', domains: args.domains },
        }),
        execute: (args, ctx) => {
            const domains = [...new Set(args.domains)];
            const { revealed, alreadyVisible, unavailable } = ctx.capabilities.visibility.revealDomains(domains);
            const lines = [];
            if (revealed.length > 0)
                lines.push(`Revealed: ${revealed.join(', ')}. They can be called from the next step.`);
            if (alreadyVisible.length > 0)
                lines.push(`Already visible: ${alreadyVisible.join(', ')}.`);
            if (unavailable.length > 0)
                lines.push(`Unavailable domains: ${unavailable.join(', ')}.`);
            if (lines.length === 0)
                lines.push('Nothing to reveal.');
            if (revealed.length === 0 && alreadyVisible.length === 0) {
                return {
                    content: lines.join('\n'),
                    details: { revealed, alreadyVisible, unavailable },
                    isError: true,
                    outcome: {
                        errorClass: 'not_found',
                        hint: 'Request one of the domains listed in the request_tools schema.',
                    },
                };
            }
            return { content: lines.join('\n'), details: { revealed, alreadyVisible, unavailable } };
        },
    });
}
//# sourceMappingURL=request-tools.js.map