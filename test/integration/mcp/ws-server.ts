// A tiny WebSocket MCP server for the ws transport test, from the SDK's McpServer over a `ws` socket
// (the SDK has a WebSocket client transport but no server one).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';

class SocketServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.onmessage?.(JSONRPCMessageSchema.parse(JSON.parse(data.toString()))));
    socket.on('close', () => this.onclose?.());
  }
  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.socket.close();
  }
  async send(message: JSONRPCMessage): Promise<void> {
    this.socket.send(JSON.stringify(message));
  }
}

export async function startWsServer(): Promise<{ url: string; headers: () => Record<string, string | string[] | undefined>; stop: () => Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: (protocols) => (protocols.has('mcp') ? 'mcp' : false) });
  let lastHeaders: Record<string, string | string[] | undefined> = {};
  wss.on('connection', (socket, req) => {
    lastHeaders = req.headers;
    const server = new McpServer({ name: 'ws-test', version: '1' });
    server.registerTool('shout', { description: 'Upper-cases text', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }));
    server.registerResource('note', 'note://one', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, text: 'a note over ws' }] }));
    void server.connect(new SocketServerTransport(socket));
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const port = (wss.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    headers: () => lastHeaders,
    stop: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
