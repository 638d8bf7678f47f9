// The approval inbox's groups, pure: waiting requests grouped by where they come from (origin + turn),
// then by kind, each with a label a person reads at a glance ("3 edits in src/", "7 reads",
// "3 reads outside the project", "2 commands", "2 requests to use Foo").
import { BUDGET_REQUEST_NAME } from '../../../shared/budget';
import { budgetUsedUpTitle, type BudgetOwner } from '../../../shared/budget-words';
import { MCP_QUESTION_REQUEST_NAME } from '../../../shared/mcp-question';
import type { PermissionRequestView, RequestOrigin } from '../../../shared/permissions/request';
import { requestKind } from '../../../shared/permissions/request-traits';
import { isOutside, requestAddress, requestTarget, targetIsFolder, urlHost } from '../permissions/request-target';
import { displayPath, plural } from '../tools/shared/paths';
import { toolWords } from '../tools/tool-words';

export type GroupKind = 'edits' | 'reads' | 'searches' | 'commands' | 'fetches' | 'other';

export interface RequestGroup {
  /** Stable across renders while the group exists: origin + turn + kind (+ tool for "other"). */
  key: string;
  kind: GroupKind;
  /** "3 edits in src/", "7 reads". */
  label: string;
  /** Where it comes from: 'Conversation “Fix the cart”', 'Explore agent in “Fix the cart”', 'Background task “Nightly”'. */
  source: string;
  origin: RequestOrigin['kind'];
  sessionId: string;
  /** Oldest first, as they wait. */
  requests: PermissionRequestView[];
  /** When the oldest of them was raised (null when main did not say). */
  since: number | null;
  /** The earliest automatic denial of a background task's request (null = none). */
  expiresAt: number | null;
}

export interface GroupContext {
  projectDir: string | null;
  /** A conversation's title by session id (undefined when unknown). */
  sessionTitle: (sessionId: string) => string | undefined;
}

/** By the tool's kind (ToolDef.kind, sent with the request): a read of a folder is a search. */
export function groupKindOf(request: PermissionRequestView): GroupKind {
  switch (requestKind(request)) {
    case 'edit':
      return 'edits';
    case 'read':
      return targetIsFolder(request) ? 'searches' : 'reads';
    case 'exec':
      return 'commands';
    case 'fetch':
      return 'fetches';
    default:
      return 'other';
  }
}

export { isOutside, requestTarget } from '../permissions/request-target';

/** The folder all paths (relative to the project) share, as "src/" — '' when they share none. */
export function commonFolder(paths: readonly string[], projectDir: string | null): string {
  if (paths.length === 0 || paths.some((p) => !p || isOutside(p, projectDir))) return '';
  const dirs = paths.map((p) => displayPath(p, projectDir).split(/[\\/]+/).slice(0, -1));
  let common = dirs[0]!;
  for (const d of dirs.slice(1)) {
    let n = 0;
    while (n < common.length && n < d.length && common[n] === d[n]) n++;
    common = common.slice(0, n);
  }
  // Absolute paths (no project open) share at least the root "/", which says nothing.
  if (common.length === 0 || (common.length === 1 && common[0] === '')) return '';
  return `${common.join('/')}/`;
}

const serverOf = (r: PermissionRequestView): string => {
  const server = (r.input as { server?: unknown } | null)?.server;
  return typeof server === 'string' ? server : 'a connected tool';
};

/** The group's words: how many of what, and where when they share a place. */
export function groupLabel(kind: GroupKind, requests: readonly PermissionRequestView[], projectDir: string | null): string {
  const n = requests.length;
  const targets = requests.map(requestTarget);
  const allOutside = projectDir !== null && targets.every((t) => isOutside(t, projectDir));
  switch (kind) {
    case 'edits': {
      if (allOutside) return `${plural(n, 'edit')} outside the project`;
      const folder = commonFolder(targets, projectDir);
      return folder ? `${plural(n, 'edit')} in ${folder}` : plural(n, 'edit');
    }
    case 'reads':
      return allOutside ? `${plural(n, 'read')} outside the project` : plural(n, 'read');
    case 'searches':
      return allOutside ? `${plural(n, 'search', 'searches')} outside the project` : plural(n, 'search', 'searches');
    case 'commands':
      return plural(n, 'command');
    case 'fetches': {
      const hosts = new Set(requests.map((r) => urlHost(requestAddress(r))));
      const [only] = hosts;
      return hosts.size === 1 && only ? `${plural(n, 'page')} from ${only}` : `${plural(n, 'page')} from the web`;
    }
    case 'other':
      // The budget's question is not a tool's (issue 20 item 4).
      if (requests[0]!.toolName === BUDGET_REQUEST_NAME) return budgetUsedUpTitle((requests[0]!.input as { owner?: BudgetOwner } | null)?.owner);
      // A connected tool's question (issue 17 item 6).
      if (requests[0]!.toolName === MCP_QUESTION_REQUEST_NAME) return `${plural(n, 'question')} from “${serverOf(requests[0]!)}”`;
      return `${plural(n, 'request')} to use ${toolWords(requests[0]!.toolName)}`;
  }
}

/** Where a request comes from, in words: the conversation by its title, or the subagent's / task's label. */
export function sourceWords(request: PermissionRequestView, sessionTitle: GroupContext['sessionTitle']): string {
  const title = sessionTitle(request.sessionId)?.trim();
  const origin = request.origin;
  if (!origin || origin.kind === 'session') {
    const name = title || origin?.label.trim();
    return name ? `Conversation “${name}”` : 'A conversation';
  }
  if (origin.kind === 'task') return `Background task “${origin.label.trim() || 'untitled'}”${origin.where ? ` in ${origin.where}` : ''}`;
  if (origin.kind === 'tool') return `From the connected tool “${origin.label.trim()}”`;
  // Named as the request modal names it: a bare "Builder" does not say that it is a helper agent.
  const label = origin.label.trim();
  const agent = label ? `Helper agent “${label}”` : 'A helper agent';
  return title ? `${agent} in “${title}”` : agent;
}

const minOf = (values: (number | undefined)[]): number | null => {
  const known = values.filter((v): v is number => typeof v === 'number');
  return known.length > 0 ? Math.min(...known) : null;
};

/** Groups in the order their first request waits; requests inside keep their order. */
export function groupRequests(requests: readonly PermissionRequestView[], context: GroupContext): RequestGroup[] {
  const groups = new Map<string, { kind: GroupKind; first: PermissionRequestView; requests: PermissionRequestView[] }>();
  for (const request of requests) {
    const kind = groupKindOf(request);
    const origin = request.origin;
    // Without a turn, one origin's requests of a kind still belong together.
    const key = [request.sessionId, origin?.kind ?? 'session', origin?.label ?? '', request.turn ?? '', kind, kind === 'other' ? request.toolName : ''].join('\u0000');
    const group = groups.get(key);
    if (group) group.requests.push(request);
    else groups.set(key, { kind, first: request, requests: [request] });
  }
  return [...groups.entries()].map(([key, g]) => ({
    key,
    kind: g.kind,
    label: groupLabel(g.kind, g.requests, context.projectDir),
    source: sourceWords(g.first, context.sessionTitle),
    origin: g.first.origin?.kind ?? 'session',
    sessionId: g.first.sessionId,
    requests: g.requests,
    since: minOf(g.requests.map((r) => r.createdAt)),
    expiresAt: minOf(g.requests.map((r) => r.expiresAt)),
  }));
}
