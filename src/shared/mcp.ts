// An MCP server as the Connected tools pane shows it (issue 17 item 6): where it was declared, how it
// is reached, its connection state (MC3), how many tools it offers and what they cost per request,
// whether they load only when needed, which tools changed since approved (item 5), what last went wrong,
// and its sign-in (item 4).
import { z } from 'zod';

export const McpServerInfo = z.object({
  name: z.string(),
  scope: z.enum(['managed', 'dynamic', 'local', 'project', 'user']),
  transport: z.enum(['stdio', 'sse', 'http', 'ws', 'sdk']),
  state: z.enum(['pending', 'connected', 'failed', 'needs-auth', 'disabled']),
  toolCount: z.number().int().nonnegative(),
  /** About (characters / 4) what its offered tools' definitions add to each request. */
  tokens: z.number().int().nonnegative(),
  /** Its tools are handed to ToolSearch and sent only once the model loads them. */
  deferred: z.boolean(),
  /** Tools withheld from the model because their definition changed since it was approved. */
  changedTools: z.array(z.string()),
  lastError: z.string().optional(),
  /** The file that declares it ('--mcp-config' for a JSON string, 'in-process' for the app's own). */
  file: z.string(),
  /** A remote server (HTTP, SSE): a sign-in is saved for it (issue 17 item 4). */
  signedIn: z.boolean().optional(),
  /** The page of the sign-in under way: the person finishes signing in there. */
  signInUrl: z.string().optional(),
});
export type McpServerInfo = z.infer<typeof McpServerInfo>;

/** One version of a tool's definition: what the model reads and what it may send. */
export const McpToolVersion = z.object({
  hash: z.string(),
  description: z.string(),
  /** The input schema as indented JSON, keys sorted, ready to compare line by line. */
  inputSchema: z.string(),
});
export type McpToolVersion = z.infer<typeof McpToolVersion>;

/** A tool whose definition changed since the person (or its first appearance) approved it. */
export const McpToolChange = z.object({ tool: z.string(), before: McpToolVersion, after: McpToolVersion });
export type McpToolChange = z.infer<typeof McpToolChange>;
