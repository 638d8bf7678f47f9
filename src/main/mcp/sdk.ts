// The MCP SDK's modules, required at their first use: the SDK (with its own zod, ajv, cross-spawn…)
// costs ~150 ms to load, so a start with no MCP server never pays for it. Types come from the
// `import type`s, which the build erases.
import { createRequire } from 'node:module';
import type * as Auth from '@modelcontextprotocol/sdk/client/auth.js';
import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type * as Sse from '@modelcontextprotocol/sdk/client/sse.js';
import type * as Stdio from '@modelcontextprotocol/sdk/client/stdio.js';
import type * as StreamableHttp from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as SharedAuth from '@modelcontextprotocol/sdk/shared/auth.js';
import type * as Types from '@modelcontextprotocol/sdk/types.js';
import type * as Ajv from '@modelcontextprotocol/sdk/validation/ajv';

const load = createRequire(__filename);

export const mcpSdk = {
  auth: () => load('@modelcontextprotocol/sdk/client/auth.js') as typeof Auth,
  client: () => load('@modelcontextprotocol/sdk/client/index.js') as typeof ClientModule,
  sharedAuth: () => load('@modelcontextprotocol/sdk/shared/auth.js') as typeof SharedAuth,
  sse: () => load('@modelcontextprotocol/sdk/client/sse.js') as typeof Sse,
  stdio: () => load('@modelcontextprotocol/sdk/client/stdio.js') as typeof Stdio,
  streamableHttp: () => load('@modelcontextprotocol/sdk/client/streamableHttp.js') as typeof StreamableHttp,
  types: () => load('@modelcontextprotocol/sdk/types.js') as typeof Types,
  ajv: () => load('@modelcontextprotocol/sdk/validation/ajv') as typeof Ajv,
};
