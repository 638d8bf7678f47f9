// A tiny stdio MCP server that asks the person (elicitation, issue 17 item 6): `book_table` asks for a
// name, how many guests, whether vegetarian, and a time (a choice), then says what it got back;
// `can_ask` says whether the client declared it can show forms; `ask_anyway` asks even a client that
// did not (a server that ignores capabilities); `ask_several` asks for a multiple choice; `ask_later`
// asks after its call has returned.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';

const server = new McpServer({ name: 'asking', version: '1' });
server.registerTool('can_ask', { description: 'Whether the client shows forms' }, async () => ({
  content: [{ type: 'text', text: String(!!server.server.getClientCapabilities()?.elicitation) }],
}));
server.registerTool('book_table', { description: 'Books a table, asking the person for the details' }, async () => {
  const answer = await server.server.elicitInput({
    message: 'Booking a table at Chez Ada: who is coming?',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Your name', minLength: 2 },
        guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
        vegetarian: { type: 'boolean', title: 'Vegetarian menu', default: false },
        time: { type: 'string', title: 'Time', oneOf: [{ const: '19:00', title: 'Seven o’clock' }, { const: '21:00', title: 'Nine o’clock' }] },
      },
      required: ['name', 'guests'],
    },
  });
  return { content: [{ type: 'text', text: `${answer.action}${answer.content ? ` ${JSON.stringify(answer.content)}` : ''}` }] };
});
server.registerTool('ask_anyway', { description: 'Asks without looking at the capabilities' }, async () => {
  const answer = await server.server.request({ method: 'elicitation/create', params: { message: 'Your password, please', requestedSchema: { type: 'object', properties: { password: { type: 'string' } } } } }, ElicitResultSchema);
  return { content: [{ type: 'text', text: answer.action }] };
});
server.registerTool('ask_several', { description: 'Asks for several choices at once' }, async () => {
  const answer = await server.server.elicitInput({
    message: 'Which days suit you?',
    requestedSchema: { type: 'object', properties: { days: { type: 'array', title: 'Days', items: { type: 'string', enum: ['Mon', 'Tue'] } } } },
  });
  return { content: [{ type: 'text', text: answer.action }] };
});
// Answers at once, then asks on its own a moment later (while none of its calls runs) and writes the
// answer to `file`: a question that belongs to no conversation.
server.registerTool('ask_later', { description: 'Asks a moment after it returns', inputSchema: { file: z.string() } }, async ({ file }) => {
  setTimeout(async () => {
    const answer = await server.server.elicitInput({
      message: 'Your table is ready: shall we keep it for you?',
      requestedSchema: { type: 'object', properties: { keep: { type: 'boolean', title: 'Keep the table', default: true } } },
    });
    await writeFile(file, JSON.stringify(answer));
  }, 300);
  return { content: [{ type: 'text', text: 'I will ask in a moment.' }] };
});
await server.connect(new StdioServerTransport());
