// Starts @modelcontextprotocol/server-everything for the MCP integration tests: stdio through a config
// entry, SSE and streamable HTTP as short-lived child processes on a free port (they listen on every
// interface, so they live only for one test file and are reached via 127.0.0.1).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { McpServerConfig } from '../../../src/main/mcp/config';

export const EVERYTHING = path.resolve(__dirname, '../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js');

export function everythingStdio(): McpServerConfig {
  return { type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'], env: {} };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** `mode` sse serves /sse, streamableHttp serves /mcp; resolves once it says it listens. */
export async function startEverything(mode: 'sse' | 'streamableHttp'): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const onData = (chunk: Buffer) => {
      said += chunk.toString();
      if (/listening|running/i.test(said)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything ${mode} exited (${code}): ${said}`)));
  });
  return {
    url: `http://127.0.0.1:${port}${mode === 'sse' ? '/sse' : '/mcp'}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
