// Tool pinning (MC, issue 17 item 5), pure: a tool's definition (description + input schema) as
// canonical JSON and its hash, and what changed between the approved definitions and the server's now.
// The first definitions a server shows are trusted, as the folder or config that declares it was.
import { createHash } from 'node:crypto';

/** What is pinned of a tool: what the model reads and what it may send. */
export interface PinnedTool {
  hash: string;
  description: string;
  inputSchema: unknown;
}

export interface ToolDefinition {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export interface ToolChange {
  tool: string;
  before: PinnedTool;
  after: PinnedTool;
}

/** JSON with object keys sorted at every depth, so the same definition always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function pinTool(tool: ToolDefinition): PinnedTool {
  const description = tool.description ?? '';
  const inputSchema = tool.inputSchema ?? {};
  const hash = createHash('sha256').update(canonicalJson({ description, inputSchema })).digest('hex');
  return { hash, description, inputSchema };
}

/** The server's tools now against the approved ones; tools that went away are simply not offered. */
export function comparePins(pinned: Readonly<Record<string, PinnedTool>>, current: readonly ToolDefinition[]): { added: Record<string, PinnedTool>; changed: ToolChange[] } {
  const added: Record<string, PinnedTool> = {};
  const changed: ToolChange[] = [];
  for (const tool of current) {
    const now = pinTool(tool);
    const before = Object.hasOwn(pinned, tool.name) ? pinned[tool.name] : undefined;
    if (!before) added[tool.name] = now;
    else if (before.hash !== now.hash) changed.push({ tool: tool.name, before, after: now });
  }
  return { added, changed };
}

/** What a server's tool definitions cost per request, about: characters / 4 of name, description and schema. */
export function estimateTokens(tools: readonly ToolDefinition[]): number {
  let chars = 0;
  for (const t of tools) chars += t.name.length + (t.description ?? '').length + JSON.stringify(t.inputSchema ?? {}).length;
  return Math.ceil(chars / 4);
}
