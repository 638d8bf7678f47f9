// One factory from a server's config to the SDK's client transport (MC2): stdio, SSE, streamable HTTP,
// WebSocket, and in-process (`sdk`, an InMemoryTransport pair the app links to its own server object).
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerConfig } from './config';
import { mcpSdk } from './sdk';

export interface TransportOptions {
  /** The folder a stdio server starts in (the project). */
  cwd: string;
  /** In-process servers by name: each call returns a fresh client end linked to the server. */
  sdkServer?: () => Promise<Transport>;
  /** A line a stdio server wrote to stderr (its own log; kept for the last-error text). */
  onStderr?: (text: string) => void;
  /** OAuth for a remote server (SSE, streamable HTTP): the saved token sent, a 401 answered by the SDK. */
  authProvider?: OAuthClientProvider;
}

const auth = (opts: TransportOptions) => (opts.authProvider ? { authProvider: opts.authProvider } : {});

export async function createTransport(config: McpServerConfig, opts: TransportOptions): Promise<Transport> {
  switch (config.type) {
    case 'stdio': {
      const { StdioClientTransport, getDefaultEnvironment } = mcpSdk.stdio();
      const t = new StdioClientTransport({
        command: config.command,
        args: config.args,
        // The SDK's safe default environment (PATH, HOME …) plus the server's own, as Claude Code does.
        env: { ...getDefaultEnvironment(), ...config.env },
        cwd: opts.cwd,
        stderr: 'pipe',
      });
      t.stderr?.on('data', (chunk: Buffer) => opts.onStderr?.(chunk.toString('utf8')));
      return t;
    }
    case 'sse':
      return new (mcpSdk.sse().SSEClientTransport)(new URL(config.url), { requestInit: { headers: config.headers }, ...auth(opts) });
    case 'http':
      return new (mcpSdk.streamableHttp().StreamableHTTPClientTransport)(new URL(config.url), { requestInit: { headers: config.headers }, ...auth(opts) });
    case 'ws': {
      // `ws` brings node:http, https, net and tls (~25 ms): loaded only for a WebSocket server.
      const { WsClientTransport } = await import('./ws-transport');
      return new WsClientTransport(new URL(config.url), config.headers);
    }
    case 'sdk':
      if (!opts.sdkServer) throw new Error('no in-process server is registered under this name');
      return opts.sdkServer();
  }
}
