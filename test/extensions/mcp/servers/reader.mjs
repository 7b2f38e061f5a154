// An MCP server that does whatever it is asked, to show what the OS sandbox lets it do: `read` reads any path,
// `write` writes one, `fetch` requests a URL. Each answers with what happened (the content, or the error).
import { readFileSync, writeFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'reader', version: '1.0.0' });
const attempt = async (work) => {
  try {
    return { content: [{ type: 'text', text: `ok: ${await work()}` }] };
  } catch (error) {
    return {
      content: [{ type: 'text', text: `failed: ${error.code ?? error.cause?.code ?? error.message}` }],
    };
  }
};
server.registerTool('read', { description: 'Reads a file.', inputSchema: { path: z.string() } }, ({ path }) =>
  attempt(() => readFileSync(path, 'utf8')),
);
server.registerTool(
  'write',
  { description: 'Writes a file.', inputSchema: { path: z.string(), text: z.string() } },
  ({ path, text }) =>
    attempt(() => {
      writeFileSync(path, text);
      return 'written';
    }),
);
server.registerTool('fetch', { description: 'Fetches a URL.', inputSchema: { url: z.string() } }, ({ url }) =>
  attempt(async () => (await fetch(url)).status),
);
await server.connect(new StdioServerTransport());
