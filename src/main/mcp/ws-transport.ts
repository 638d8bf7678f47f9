// The MCP WebSocket client transport (subprotocol `mcp`) on the `ws` package: the SDK's own needs a
// global WebSocket that Node 20 lacks, and cannot send the server's configured headers.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { mcpSdk } from './sdk';
import WebSocket from 'ws';

export class WsClientTransport implements Transport {
  private socket: WebSocket | undefined;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(
    private readonly url: URL,
    private readonly headers: Record<string, string> = {},
  ) {}

  start(): Promise<void> {
    if (this.socket) throw new Error('WsClientTransport already started');
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url, 'mcp', { headers: this.headers });
      this.socket = socket;
      let open = false;
      socket.on('open', () => {
        open = true;
        resolve();
      });
      socket.on('error', (err) => {
        if (!open) reject(err);
        this.onerror?.(err);
      });
      socket.on('close', () => this.onclose?.());
      socket.on('message', (data) => {
        let message: JSONRPCMessage;
        try {
          message = mcpSdk.types().JSONRPCMessageSchema.parse(JSON.parse(data.toString()));
        } catch (err) {
          this.onerror?.(err as Error);
          return;
        }
        this.onmessage?.(message);
      });
    });
  }

  async close(): Promise<void> {
    this.socket?.close();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return reject(new Error('Not connected'));
      this.socket.send(JSON.stringify(message), (err) => (err ? reject(err) : resolve()));
    });
  }
}
