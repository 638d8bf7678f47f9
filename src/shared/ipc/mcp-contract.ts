// The open project's MCP servers (issue 17 items 4, 5, 6): the list, reconnect, turn off and on, sign
// in and out, load tools only when needed, and the review of changed tool definitions. A server's
// question (item 6) is a request of the approval inbox (permission:*), not a channel of its own. Spread into
// src/shared/ipc/contract.ts; channel names are still defined only in these contract files.
import { z } from 'zod';
import { McpServerInfo, McpToolChange } from '../mcp';

const name = z.string().trim().min(1).max(200);
const servers = z.object({ servers: z.array(McpServerInfo) });

/** Request/response channels of this part. */
export const mcpInvoke = {
  /** Every server the project declares, with its state; asking starts the project's servers. */
  'mcp:list': { request: z.strictObject({}), response: servers },
  /** Connect again (a failed server, or one that stopped answering). */
  'mcp:reconnect': { request: z.strictObject({ name }), response: servers },
  /** Stop a server and stop offering its tools, until turned on again. */
  'mcp:disable': { request: z.strictObject({ name }), response: servers },
  /** Start a server the person turned off (one the settings turn off stays off: forbidden). */
  'mcp:enable': { request: z.strictObject({ name }), response: servers },
  /**
   * Start signing in to a remote server: `url` is the page to finish on (absent: the saved sign-in still
   * works); `opened` when the host opened it in the system browser (desktop). Never carries a token.
   */
  'mcp:sign-in': { request: z.strictObject({ name }), response: servers.extend({ url: z.string().optional(), opened: z.boolean() }) },
  /** Stop the sign-in under way. */
  'mcp:cancel-sign-in': { request: z.strictObject({ name }), response: servers },
  /** Forget the server's saved sign-in. */
  'mcp:sign-out': { request: z.strictObject({ name }), response: servers },
  /** Hand the server's tools to ToolSearch (defer) or send them with every request again. */
  'mcp:set-defer': { request: z.strictObject({ name, defer: z.boolean() }), response: servers },
  /** The server's tools whose definition changed, old and new. */
  'mcp:changes': { request: z.strictObject({ name }), response: z.object({ changes: z.array(McpToolChange) }) },
  /** Accept the new definition the person saw (its hash); a later change is not accepted with it. */
  'mcp:accept': { request: z.strictObject({ name, tool: z.string().min(1).max(200), hash: z.string().regex(/^[0-9a-f]{64}$/) }), response: servers },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Event channels (main → renderer) of this part. */
export const mcpEvents = {
  /** A server of the project changed state or tools. */
  'mcp:changed': servers,
} as const satisfies Record<string, z.ZodType>;
