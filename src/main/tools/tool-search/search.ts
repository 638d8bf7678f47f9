// ToolSearch's query engine (AS4), pure: `select:A,B` exact load, `kw1 kw2` ranked by name (heaviest),
// searchHint and description, `+prefix kw` requiring the prefix in the name.

export interface SearchableTool {
  name: string;
  searchHint?: string;
  /** The model-facing text (the tool's prompt). */
  description: string;
  deferred: boolean;
}

export interface SearchResult {
  matches: string[];
  /** `select:` names matching no tool. */
  notFound: string[];
}

const SELECT_PREFIX = /^select:/i;

/** `NotebookEdit` → notebook, edit; `mcp__slack__send_message` → slack, send, message. */
export function nameParts(name: string): string[] {
  const bare = name.startsWith('mcp__') ? name.slice('mcp__'.length) : name;
  return bare
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-]+/)
    .map((p) => p.toLowerCase())
    .filter((p) => p !== '');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wordMatch(text: string, term: string): boolean {
  return new RegExp(`\\b${escapeRegExp(term)}\\b`, 'i').test(text);
}

/** Score of one term: name hits weigh most, then searchHint, then description. */
function termScore(tool: SearchableTool, parts: readonly string[], term: string): number {
  const mcp = tool.name.startsWith('mcp__');
  let score = 0;
  if (parts.includes(term)) score += mcp ? 12 : 10;
  else if (parts.some((p) => p.includes(term))) score += mcp ? 6 : 5;
  else if (parts.join('').includes(term) || tool.name.toLowerCase().includes(term)) score += 3;
  if (tool.searchHint && wordMatch(tool.searchHint, term)) score += 4;
  if (wordMatch(tool.description, term)) score += 2;
  return score;
}

function selectTools(list: string, tools: readonly SearchableTool[]): SearchResult {
  const matches: string[] = [];
  const notFound: string[] = [];
  const wanted = list
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  for (const name of wanted) {
    const tool = tools.find((t) => t.name === name) ?? tools.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (!tool) notFound.push(name);
    else if (!matches.includes(tool.name)) matches.push(tool.name);
  }
  return { matches, notFound };
}

function byScoreThenName(a: { name: string; score: number }, b: { name: string; score: number }): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Runs a query over `tools` (the session's pool). `select:` may name any tool; keyword queries rank
 * only deferred tools (the others are already in the model's tool list).
 */
export function searchTools(query: string, tools: readonly SearchableTool[], maxResults: number): SearchResult {
  const q = query.trim();
  if (SELECT_PREFIX.test(q)) return selectTools(q.replace(SELECT_PREFIX, ''), tools);

  const limit = Math.max(1, Math.floor(maxResults));
  const deferred = tools.filter((t) => t.deferred);
  const lower = q.toLowerCase();
  // The exact name of a deferred tool, or an `mcp__server` prefix: no ranking needed.
  const exact = deferred.find((t) => t.name.toLowerCase() === lower);
  if (exact) return { matches: [exact.name], notFound: [] };
  if (lower.startsWith('mcp__') && !/\s/.test(lower)) {
    const byServer = deferred.filter((t) => t.name.toLowerCase().startsWith(lower)).map((t) => t.name);
    if (byServer.length > 0) return { matches: byServer.sort().slice(0, limit), notFound: [] };
  }

  const words = lower.split(/\s+/).filter((w) => w !== '');
  const required = words.filter((w) => w.startsWith('+') && w.length > 1).map((w) => w.slice(1));
  const optional = words.filter((w) => !w.startsWith('+'));
  // Required terms score too (every candidate contains them), so prefix matches with no keyword hit
  // still come back, ranked below those with one.
  const scoring = [...required, ...optional];
  if (scoring.length === 0) return { matches: [], notFound: [] };

  const ranked = deferred
    .filter((t) => required.every((r) => t.name.toLowerCase().includes(r)))
    .map((t) => {
      const parts = nameParts(t.name);
      return { name: t.name, score: scoring.reduce((sum, term) => sum + termScore(t, parts, term), 0) };
    })
    .filter((r) => r.score > 0)
    .sort(byScoreThenName);
  return { matches: ranked.slice(0, limit).map((r) => r.name), notFound: [] };
}
