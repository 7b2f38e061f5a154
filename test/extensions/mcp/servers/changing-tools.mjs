// An MCP server whose tool list changes while it runs: `change` adds `added`, removes `doomed` and gives
// `reworded` a new description; the SDK sends notifications/tools/list_changed for each change.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'changing-tools', version: '1.0.0' });
const answer = (text) => () => ({ content: [{ type: 'text', text }] });
const doomed = server.registerTool('doomed', { description: 'Removed by change.' }, answer('doomed answers'));
const reworded = server.registerTool(
  'reworded',
  { description: 'The first wording.' },
  answer('reworded answers'),
);
server.registerTool('change', { description: 'Changes the tool list.' }, () => {
  server.registerTool('added', { description: 'Added at run time.' }, answer('added answers'));
  doomed.remove();
  reworded.update({ description: 'The second wording.' });
  return { content: [{ type: 'text', text: 'changed' }] };
});
await server.connect(new StdioServerTransport());
