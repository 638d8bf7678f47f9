// A tiny stdio MCP server for the e2e and the bench: `add_note` (its description read at start from the
// file named by argv[2], so a test can "update" the server) and the read-only `count_notes`. Starts fast,
// no network.
import { existsSync, readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const file = process.argv[2];
const description = file && existsSync(file) ? readFileSync(file, 'utf8').trim() : 'Saves a short note for later.';
const notes = [];
const server = new McpServer({ name: 'notes', version: '1' });
server.registerTool('add_note', { title: 'Add a note', description, inputSchema: { text: z.string().describe('The note') } }, async ({ text }) => {
  notes.push(text);
  return { content: [{ type: 'text', text: `Saved the note: ${text}` }] };
});
server.registerTool('count_notes', { description: 'How many notes are saved', annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: 'text', text: String(notes.length) }] }));
await server.connect(new StdioServerTransport());
