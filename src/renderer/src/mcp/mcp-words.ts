// What the Connected tools pane says about a server, in plain words (issue 17 items 4, 6): its state,
// how it is reached, where it is declared, what its tools cost each request, how to finish signing in.
import type { McpServerInfo } from '../../../shared/mcp';

export function stateWords(s: Pick<McpServerInfo, 'state' | 'lastError' | 'signInUrl'>): string {
  switch (s.state) {
    case 'connected':
      return 'Connected';
    case 'pending':
      return s.signInUrl ? 'Waiting for you to sign in' : 'Starting…';
    case 'failed':
      return s.lastError ? `Could not start: ${s.lastError}` : 'Could not start';
    case 'needs-auth':
      return 'Needs you to sign in';
    case 'disabled':
      return 'Turned off';
  }
}

const TRANSPORT: Record<McpServerInfo['transport'], string> = {
  stdio: 'A program on this computer',
  sse: 'Over the network (SSE)',
  http: 'Over the network (HTTP)',
  ws: 'Over the network (WebSocket)',
  sdk: 'Built into Agent Desk',
};

export const transportWords = (t: McpServerInfo['transport']): string => TRANSPORT[t];

const SCOPE: Record<McpServerInfo['scope'], string> = {
  project: 'this project’s .mcp.json',
  local: 'your settings for this project',
  user: 'your settings for all projects',
  managed: 'your organisation’s settings',
  dynamic: 'how Agent Desk was started',
};

export const scopeWords = (s: McpServerInfo['scope']): string => `Set up in ${SCOPE[s]}`;

export function toolCountWords(n: number): string {
  return n === 1 ? '1 tool' : `${n} tools`;
}

/** "about 1,200 tokens per request": an estimate (characters / 4), so always "about". */
export function tokenWords(s: Pick<McpServerInfo, 'tokens' | 'deferred' | 'toolCount'>): string | null {
  if (s.toolCount === 0) return null;
  const n = s.tokens.toLocaleString('en-US');
  return s.deferred ? `about ${n} tokens, only in requests after the assistant loads its tools` : `about ${n} tokens per request`;
}

/** The last error, unless the state words already say it. */
export function errorWords(s: Pick<McpServerInfo, 'state' | 'lastError'>): string | null {
  if (!s.lastError || s.state === 'failed' || s.state === 'disabled') return null;
  return s.lastError;
}

/** Servers that need the person: a changed tool to review, or one that could not start. */
export function attentionCount(servers: readonly McpServerInfo[]): number {
  return servers.filter((s) => s.changedTools.length > 0 || s.state === 'failed' || s.state === 'needs-auth').length;
}

/** Sign in is offered for a remote server that asks for it (HTTP or SSE: the ones OAuth reaches). */
export const canSignIn = (s: Pick<McpServerInfo, 'state' | 'transport'>): boolean => s.state === 'needs-auth' && (s.transport === 'http' || s.transport === 'sse');

/** Where the person finishes signing in: the browser the app opened, or the page behind the link. */
export function signInHint(opened: boolean): string {
  return opened
    ? 'Your browser opened the sign-in page. Finish signing in there; this updates by itself.'
    : 'Open the sign-in page and finish signing in there; this updates by itself.';
}
