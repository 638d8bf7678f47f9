// Test seam: a tiny in-process MCP server whose tool definitions a test can change while connected
// (the server then says its tool list changed, as a real one would).
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';

export interface FakeServer {
  /** For McpManagerOptions.sdkServers: each call is a fresh server with the current definitions. */
  connect: () => Promise<Transport>;
  /** Changes the `send` tool's description on the live server and for every later connection. */
  setDescription(text: string): void;
  calls: string[];
}

export function createFakeServer(description = 'Sends a message to the team'): FakeServer {
  let current = description;
  const live: RegisteredTool[] = [];
  const calls: string[] = [];
  return {
    calls,
    async connect() {
      const server = new McpServer({ name: 'fake', version: '1' });
      live.push(
        server.registerTool('send', { description: current, inputSchema: { text: z.string() } }, async ({ text }) => {
          calls.push(text);
          return { content: [{ type: 'text', text: `sent: ${text}` }] };
        }),
      );
      server.registerTool('ping', { description: 'Answers pong', annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
      const [client, side] = InMemoryTransport.createLinkedPair();
      await server.connect(side);
      return client;
    },
    setDescription(text) {
      current = text;
      for (const t of live) t.update({ description: text });
    },
  };
}
