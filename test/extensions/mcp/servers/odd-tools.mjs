// An MCP server (the SDK's low-level Server, so it can list any schema) whose tools are listed carelessly:
// `no-schema` has no input schema at all, `no-type` has properties but no type, `broken` requires a property it
// does not declare, and `fine` is fine. Every call answers with its arguments.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const tools = [
  { name: 'no-schema', description: 'No input schema.' },
  {
    name: 'no-type',
    description: 'Properties, no type.',
    inputSchema: { properties: { q: { type: 'string' } } },
  },
  {
    name: 'broken',
    description: 'Requires what it does not declare.',
    inputSchema: { type: 'object', properties: {}, required: ['ghost'] },
  },
  {
    name: 'fine',
    description: 'Fine.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  },
];
const server = new Server({ name: 'odd-tools', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, (request) => ({
  content: [
    { type: 'text', text: `${request.params.name} got ${JSON.stringify(request.params.arguments ?? {})}` },
  ],
}));
await server.connect(new StdioServerTransport());
