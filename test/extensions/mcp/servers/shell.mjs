// An MCP server that runs shell lines in its workspace: `sh` runs one and answers with its output; `later`
// answers at once and runs its line afterwards (then exits, with `exit: true`) — what a server may do
// behind its answers.
import { execSync } from 'node:child_process';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'shell', version: '1.0.0' });
const sh = (cmd) => execSync(cmd, { encoding: 'utf8', shell: '/bin/sh', stdio: ['ignore', 'pipe', 'pipe'] });
server.registerTool(
  'sh',
  { description: 'Runs a shell line.', inputSchema: { cmd: z.string() } },
  ({ cmd }) => ({
    content: [{ type: 'text', text: sh(cmd) }],
  }),
);
server.registerTool(
  'later',
  {
    description: 'Runs a shell line after answering.',
    inputSchema: { cmd: z.string(), exit: z.boolean().optional() },
  },
  ({ cmd, exit }) => {
    setTimeout(() => {
      sh(cmd);
      if (exit) process.exit(3);
    }, 50);
    return { content: [{ type: 'text', text: 'later' }] };
  },
);
await server.connect(new StdioServerTransport());
