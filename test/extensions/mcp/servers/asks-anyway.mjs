// An MCP server that asks its client for things the client never offered: `ask` sends elicitation/create and
// `sample` sends sampling/createMessage whatever the client's capabilities, and answer with what came back
// (or the error), so a test sees the client's refusal.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'asks-anyway', version: '1.0.0' });
const ask = async (request, schema) => {
  try {
    const answer = await server.server.request(request, schema);
    return { content: [{ type: 'text', text: `answered: ${JSON.stringify(answer)}` }] };
  } catch (error) {
    return { content: [{ type: 'text', text: `refused: ${error.message}` }] };
  }
};
server.registerTool('ask', { description: 'Asks the user through elicitation.' }, () =>
  ask(
    {
      method: 'elicitation/create',
      params: {
        message: 'Your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
      },
    },
    ElicitResultSchema,
  ),
);
server.registerTool('sample', { description: 'Asks the client to run a model.' }, () =>
  ask(
    {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 },
    },
    CreateMessageResultSchema,
  ),
);
await server.connect(new StdioServerTransport());
