// A small OAuth 2.1 authorization server and the MCP server it protects, on one loopback port, for the
// sign-in tests (issue 17 item 4): protected-resource and authorization-server metadata, dynamic client
// registration, /authorize that checks the client and its redirect and approves at once (a test follows
// the page itself), /token for authorization_code (PKCE S256 checked) and refresh_token grants, and a
// streamable-HTTP MCP server (tool `whoami`) answering 401 with WWW-Authenticate until a valid bearer.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface OAuthTestServer {
  /** The MCP server's address. */
  url: string;
  /** Every access and refresh token ever issued (to look for them where they must not be). */
  issued(): string[];
  counts(): { registrations: number; authorizations: number; codeGrants: number; refreshGrants: number; refusedRefreshes: number; unauthorized: number; calls: number };
  /** Refresh tokens stop working (the person revoked the app, say). */
  revokeRefreshTokens(): void;
  /** Access tokens stop working before their time. */
  revokeAccessTokens(): void;
  stop(): Promise<void>;
}

export interface OAuthTestServerOptions {
  /** Seconds an access token lives (expires_in). */
  accessLifetimeS?: number;
  /** A fixed port (0: any). */
  port?: number;
}

const b64url = (buf: Buffer) => buf.toString('base64url');
const token = (prefix: string) => `${prefix}_${b64url(randomBytes(18))}`;

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers }).end(JSON.stringify(value));
}

export async function startOAuthServer(opts: OAuthTestServerOptions = {}): Promise<OAuthTestServer> {
  const lifetime = opts.accessLifetimeS ?? 3600;
  const clients = new Map<string, { redirect_uris: string[] }>();
  const codes = new Map<string, { clientId: string; redirectUri: string; challenge: string; resource: string | null }>();
  const access = new Map<string, { expires: number; user: string }>();
  const refresh = new Map<string, { clientId: string }>();
  const issued: string[] = [];
  const counts = { registrations: 0, authorizations: 0, codeGrants: 0, refreshGrants: 0, refusedRefreshes: 0, unauthorized: 0, calls: 0 };
  let base = '';

  const issue = (res: ServerResponse, clientId: string) => {
    const a = token('at');
    const r = token('rt');
    access.set(a, { expires: Date.now() + lifetime * 1000, user: 'ada' });
    refresh.set(r, { clientId });
    issued.push(a, r);
    json(res, 200, { access_token: a, token_type: 'Bearer', expires_in: lifetime, refresh_token: r });
  };

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const p = new URLSearchParams(await body(req));
    const clientId = p.get('client_id') ?? '';
    if (!clients.has(clientId)) return json(res, 401, { error: 'invalid_client' });
    if (p.get('grant_type') === 'authorization_code') {
      const c = codes.get(p.get('code') ?? '');
      codes.delete(p.get('code') ?? '');
      const verifier = p.get('code_verifier') ?? '';
      if (!c || c.clientId !== clientId || c.redirectUri !== p.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant', error_description: 'unknown code' });
      if (b64url(createHash('sha256').update(verifier).digest()) !== c.challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      counts.codeGrants++;
      return issue(res, clientId);
    }
    if (p.get('grant_type') === 'refresh_token') {
      const r = refresh.get(p.get('refresh_token') ?? '');
      if (!r || r.clientId !== clientId) {
        counts.refusedRefreshes++;
        return json(res, 400, { error: 'invalid_grant', error_description: 'refresh token revoked' });
      }
      refresh.delete(p.get('refresh_token') ?? '');
      counts.refreshGrants++;
      return issue(res, clientId);
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const client = clients.get(q.get('client_id') ?? '');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!client || !client.redirect_uris.includes(redirectUri)) return json(res, 400, { error: 'invalid_request', error_description: 'unknown client or redirect' });
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 is required' });
    counts.authorizations++;
    const code = token('code');
    codes.set(code, { clientId: q.get('client_id')!, redirectUri, challenge: q.get('code_challenge')!, resource: q.get('resource') });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (q.get('state')) back.searchParams.set('state', q.get('state')!);
    res.writeHead(302, { Location: back.href }).end();
  }

  async function mcp(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? access.get(bearer) : undefined;
    if (!grant || grant.expires <= Date.now()) {
      counts.unauthorized++;
      return json(res, 401, { error: 'invalid_token' }, { 'WWW-Authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` });
    }
    const server = new McpServer({ name: 'secure', version: '1' });
    server.registerTool('whoami', { description: 'Says who signed in', annotations: { readOnlyHint: true } }, async () => {
      counts.calls++;
      return { content: [{ type: 'text', text: `signed in as ${grant.user}` }] };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.method === 'POST' ? JSON.parse(await body(req)) : undefined);
  }

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const route = `${req.method} ${url.pathname}`;
    const done = (p: Promise<void> | void) => Promise.resolve(p).catch((err: unknown) => json(res, 500, { error: 'server_error', error_description: String(err) }));
    switch (route) {
      case 'GET /.well-known/oauth-protected-resource/mcp':
        return json(res, 200, { resource: `${base}/mcp`, authorization_servers: [base], scopes_supported: ['tools'] });
      case 'GET /.well-known/oauth-authorization-server':
        return json(res, 200, {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          registration_endpoint: `${base}/register`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
        });
      case 'POST /register':
        return done(
          body(req).then((text) => {
            const meta = JSON.parse(text) as { redirect_uris?: string[] };
            if (!Array.isArray(meta.redirect_uris) || meta.redirect_uris.length === 0) return json(res, 400, { error: 'invalid_redirect_uri' });
            const id = token('client');
            clients.set(id, { redirect_uris: meta.redirect_uris });
            counts.registrations++;
            json(res, 201, { ...meta, client_id: id, client_id_issued_at: Math.floor(Date.now() / 1000) });
          }),
        );
      case 'GET /authorize':
        return authorize(url, res);
      case 'POST /token':
        return done(tokenEndpoint(req, res));
      default:
        if (url.pathname === '/mcp') return done(mcp(req, res));
        return json(res, 404, { error: 'not_found' });
    }
  });
  await new Promise<void>((resolve) => http.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: `${base}/mcp`,
    issued: () => [...issued],
    counts: () => ({ ...counts }),
    revokeRefreshTokens: () => refresh.clear(),
    revokeAccessTokens: () => access.clear(),
    stop: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
