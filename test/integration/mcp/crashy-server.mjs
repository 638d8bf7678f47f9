// A tiny stdio MCP server for the crash tests: `pid` says which process to kill, `wait` never answers
// on its own (a call in flight when the server dies), `hello` proves the tools came back.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'crashy', version: '1' });
server.registerTool('pid', { description: 'This server process id', annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: 'text', text: String(process.pid) }] }));
server.registerTool('wait', { description: 'Waits until the server dies' }, () => new Promise(() => {}));
server.registerTool('hello', { description: 'Says hello' }, async () => ({ content: [{ type: 'text', text: 'hello again' }] }));
await server.connect(new StdioServerTransport());
