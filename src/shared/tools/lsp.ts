// The LSP tool's input schema (Claude Code's: operation, filePath, line, character — line and character
// 1-based, as editors show them) and its output, shared by the tool in main and its card in the renderer.
import { z } from 'zod';

export const LSP_TOOL_NAME = 'LSP';

export const LSP_OPERATIONS = [
  'goToDefinition',
  'findReferences',
  'hover',
  'documentSymbol',
  'workspaceSymbol',
  'goToImplementation',
  'prepareCallHierarchy',
  'incomingCalls',
  'outgoingCalls',
] as const;
export type LspOperation = (typeof LSP_OPERATIONS)[number];

/** At most this many places are kept in a result (the count says how many there were). */
export const LSP_MAX_ITEMS = 300;

/** "5" → 5 (models sometimes quote numbers, PL2); anything else is left for zod to judge. */
const numericString = (v: unknown): unknown => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** A factory, not a schema: the tool wraps it in lazySchema (TC4). */
export function makeLspInputSchema() {
  return z.strictObject({
    operation: z.enum(LSP_OPERATIONS).describe('The LSP operation to perform'),
    filePath: z.string().describe('The absolute or relative path to the file'),
    line: z.preprocess(numericString, z.number().int().positive()).describe('The line number (1-based, as shown in editors)'),
    character: z.preprocess(numericString, z.number().int().positive()).describe('The character offset (1-based, as shown in editors)'),
  });
}
export type LspInput = z.output<ReturnType<typeof makeLspInputSchema>>;

/** One place a result names: a definition, a reference, a symbol, a caller or a callee. 1-based. */
export const LspItem = z.object({
  /** Project-relative when inside the project, else absolute. */
  path: z.string(),
  line: z.number(),
  character: z.number(),
  /** Symbols and calls: the symbol's name and kind ("Function"), its detail, its nesting depth. */
  name: z.string().optional(),
  kind: z.string().optional(),
  detail: z.string().optional(),
  depth: z.number().optional(),
  /** Calls: where in the caller (incoming) or the call site (outgoing) the calls are, "line:col". */
  calls: z.array(z.string()).optional(),
});
export type LspItem = z.infer<typeof LspItem>;

export const LspData = z.object({
  operation: z.enum(LSP_OPERATIONS),
  /** The file asked about, as shown (project-relative when inside). */
  filePath: z.string(),
  line: z.number(),
  character: z.number(),
  /** The language server that answered. */
  server: z.string(),
  /** The word at the position (the symbol asked about), when there is one. */
  symbol: z.string().optional(),
  /** hover: the text the server gave. */
  hover: z.string().optional(),
  items: z.array(LspItem).default([]),
  /** How many places the server named (items holds at most LSP_MAX_ITEMS of them). */
  total: z.number(),
  /** Places left out because a permission rule keeps their files from being read. */
  hidden: z.number().default(0),
});
export type LspData = z.infer<typeof LspData>;

/** What was found, in words ("reference", "references"), shared by the model's text and the card. */
export const LSP_NOUNS: Record<LspOperation, [string, string]> = {
  goToDefinition: ['definition', 'definitions'],
  goToImplementation: ['implementation', 'implementations'],
  findReferences: ['reference', 'references'],
  hover: ['hover text', 'hover texts'],
  documentSymbol: ['symbol', 'symbols'],
  workspaceSymbol: ['symbol', 'symbols'],
  prepareCallHierarchy: ['call hierarchy item', 'call hierarchy items'],
  incomingCalls: ['caller', 'callers'],
  outgoingCalls: ['function called', 'functions called'],
};

/** The one line a person reads: "Found 3 references to “greet”", "No definitions found for “x”". */
export function lspHeadline(d: Pick<LspData, 'operation' | 'symbol' | 'hover' | 'total' | 'hidden' | 'filePath'>): string {
  const of = d.symbol ? ` “${d.symbol}”` : '';
  if (d.operation === 'hover') return d.hover ? `Type information for${of || ' the position'}` : `No type information for${of || ' the position'}`;
  const shown = d.total - d.hidden;
  const [one, many] = LSP_NOUNS[d.operation];
  const where = d.operation === 'documentSymbol' ? ` in ${d.filePath}` : d.operation === 'workspaceSymbol' ? ` matching${of} in the workspace` : d.operation === 'outgoingCalls' ? ` by${of}` : d.operation === 'incomingCalls' ? ` of${of}` : of ? ` for${of}` : '';
  if (shown <= 0) return `No ${many} found${where}`;
  const noun = shown === 1 ? one : many;
  const to = d.operation === 'findReferences' && d.symbol ? ` to “${d.symbol}”` : where;
  return `Found ${shown} ${noun}${to}`;
}
