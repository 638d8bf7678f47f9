// One MCP server's OAuth client for the SDK's client auth (OAuthClientProvider) over the app's credential
// store, in two modes. The connection's: sends the saved token, renews it shortly before it expires (so
// a request never goes out with a stale one), and never starts a sign-in — the person does that from the
// Connected tools pane. The sign-in's: registers a client when none is configured, hands the
// authorization page to the caller, keeps the PKCE verifier and the state it sent.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Logger } from '../../base/log';
import type { McpOAuthConfig } from '../config';
import { mcpSdk } from '../sdk';
import { credentialKey, type McpCredentialStore, type StoredTokens } from './credentials';

export interface AuthTarget {
  name: string;
  url: string;
  oauth?: McpOAuthConfig;
}

export interface ProviderOptions {
  server: AuthTarget;
  store: McpCredentialStore;
  log: Logger;
  now: () => number;
}

/** Renew this long before expiry: a minute, or half the lifetime of a token that lives less than two. */
export function dueForRenewal(t: StoredTokens | undefined, now: number): boolean {
  if (!t?.tokens.refresh_token || t.expiresAt === undefined) return false;
  const margin = Math.min(60_000, Math.max(0, (t.expiresAt - t.savedAt) / 2));
  return now >= t.expiresAt - margin;
}

const describe = (err: unknown): string => (err instanceof Error ? err.message || err.name : String(err));

/** The redirect a pre-registered client names (Claude Code's documented form), else the loopback address. */
export function redirectFor(port: number, oauth: McpOAuthConfig | undefined): string {
  return `http://${oauth?.callbackPort ? 'localhost' : '127.0.0.1'}:${port}/callback`;
}

/** The port of a registration's loopback redirect: signing in there again needs no new registration. */
export function registeredPort(client: OAuthClientInformationMixed | undefined): number | undefined {
  const uri = (client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
  const first = Array.isArray(uri) && typeof uri[0] === 'string' ? uri[0] : undefined;
  if (!first) return undefined;
  try {
    const u = new URL(first);
    return (u.hostname === '127.0.0.1' || u.hostname === 'localhost') && u.port ? Number(u.port) : undefined;
  } catch {
    return undefined;
  }
}

function metadataFor(redirectUrl: string, oauth: McpOAuthConfig | undefined): OAuthClientMetadata {
  return {
    client_name: 'Agent Desk',
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // A public client: PKCE proves the code is ours, no secret is kept.
    token_endpoint_auth_method: 'none',
    ...(oauth?.scopes ? { scope: oauth.scopes } : {}),
  };
}

/** What both modes share: tokens, client and discovery kept in the store. */
function storeBacked(opts: ProviderOptions) {
  const key = credentialKey(opts.server);
  const { store, server } = opts;
  const configured = server.oauth?.clientId;
  return {
    key,
    async client(): Promise<OAuthClientInformationMixed | undefined> {
      const saved = (await store.get(key)).client;
      if (!configured) return saved;
      // A configured client id wins; the saved copy only adds the authorization server it was bound to.
      return saved?.client_id === configured ? saved : { client_id: configured };
    },
    saveClientInformation: (client: OAuthClientInformationMixed) => store.update(key, (c) => ({ ...c, client })),
    saveTokens: (tokens: OAuthTokens) =>
      store.update(key, (c) => {
        const savedAt = opts.now();
        return { ...c, tokens: { tokens, savedAt, ...(typeof tokens.expires_in === 'number' ? { expiresAt: savedAt + tokens.expires_in * 1000 } : {}) } };
      }),
    invalidateCredentials: (scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') =>
      scope === 'verifier'
        ? Promise.resolve()
        : store.update(key, (c) => {
            if (scope === 'all') return {};
            const { [scope === 'client' ? 'client' : scope === 'tokens' ? 'tokens' : 'discovery']: _gone, ...rest } = c;
            return rest;
          }),
    async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
      const saved = (await store.get(key)).discovery;
      if (saved || !server.oauth?.authServerMetadataUrl) return saved;
      return configuredDiscovery(server.oauth.authServerMetadataUrl);
    },
    saveDiscoveryState: (discovery: OAuthDiscoveryState) => store.update(key, (c) => ({ ...c, discovery })),
  };
}

/** `oauth.authServerMetadataUrl`: the authorization server's metadata read from there, no discovery. */
async function configuredDiscovery(url: string): Promise<OAuthDiscoveryState> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`The authorization server metadata at ${url} answered ${res.status}.`);
  const parsed = mcpSdk.sharedAuth().OAuthMetadataSchema.safeParse(await res.json());
  if (!parsed.success) throw new Error(`The authorization server metadata at ${url} is not valid OAuth metadata.`);
  return { authorizationServerUrl: parsed.data.issuer, authorizationServerMetadata: parsed.data };
}

export interface ConnectionAuth extends OAuthClientProvider {
  /** Why the last renewal did not work, in words (cleared by one that did). */
  renewalFailure(): string | undefined;
}

/** Marks the SDK's own calls made while renewing, so they read the saved tokens instead of waiting. */
const renewing = new AsyncLocalStorage<true>();

export function createConnectionAuth(opts: ProviderOptions): ConnectionAuth {
  const base = storeBacked(opts);
  const saved = () => opts.store.get(base.key);
  const registeredRedirect = () => {
    const port = registeredPort(opts.store.peek(base.key)?.client);
    return port ? redirectFor(port, opts.server.oauth) : undefined;
  };
  let renewal: Promise<void> | undefined;
  let failure: string | undefined;
  let refused = false;

  async function renew(): Promise<void> {
    refused = false;
    try {
      const result = await renewing.run(true, () => mcpSdk.auth().auth(provider, { serverUrl: opts.server.url }));
      failure = result === 'AUTHORIZED' ? undefined : refused ? 'the server would not renew it' : 'the server did not renew it';
    } catch (err) {
      failure = describe(err);
    }
    if (failure) opts.log.warn(`MCP server ${opts.server.name}: the sign-in could not be renewed: ${failure}`);
    else opts.log.debug(`MCP server ${opts.server.name}: sign-in renewed`);
  }

  const provider: ConnectionAuth = {
    get redirectUrl() {
      return registeredRedirect() ?? redirectFor(opts.server.oauth?.callbackPort ?? 0, opts.server.oauth);
    },
    get clientMetadata() {
      return metadataFor(this.redirectUrl as string, opts.server.oauth);
    },
    async clientInformation() {
      const client = await base.client();
      // Registering a client is part of signing in, which the person starts; until then: needs-auth.
      if (!client) throw new (mcpSdk.auth().UnauthorizedError)(`${opts.server.name} needs you to sign in`);
      return client;
    },
    saveClientInformation: base.saveClientInformation,
    async tokens() {
      const t = (await saved()).tokens;
      if (renewing.getStore() || !dueForRenewal(t, opts.now())) return t?.tokens;
      renewal ??= renew().finally(() => (renewal = undefined));
      await renewal;
      return (await saved()).tokens?.tokens;
    },
    saveTokens: base.saveTokens,
    redirectToAuthorization() {
      // Not here: a sign-in starts only when the person asks for it.
    },
    saveCodeVerifier() {},
    codeVerifier() {
      throw new Error('no sign-in is in progress');
    },
    async invalidateCredentials(scope) {
      if (scope === 'tokens' || scope === 'all') refused = true;
      await base.invalidateCredentials(scope);
    },
    discoveryState: base.discoveryState,
    saveDiscoveryState: base.saveDiscoveryState,
    renewalFailure: () => failure,
  };
  return provider;
}

export interface SignInAuth extends OAuthClientProvider {
  /** The state sent with the authorization request: the redirect must bring it back. */
  expectedState(): string | undefined;
}

export function createSignInAuth(opts: ProviderOptions & { redirectUrl: string; onAuthorizationUrl: (url: URL) => void }): SignInAuth {
  const base = storeBacked(opts);
  let verifier: string | undefined;
  let state: string | undefined;
  return {
    redirectUrl: opts.redirectUrl,
    clientMetadata: metadataFor(opts.redirectUrl, opts.server.oauth),
    state: () => (state = randomBytes(24).toString('base64url')),
    async clientInformation() {
      const client = await base.client();
      // A registration made for another redirect is registered again (a configured client id is kept).
      if (client && !opts.server.oauth?.clientId && registeredPort(client) !== undefined && !(client as { redirect_uris?: string[] }).redirect_uris?.includes(opts.redirectUrl)) return undefined;
      return client;
    },
    saveClientInformation: base.saveClientInformation,
    tokens: async () => (await opts.store.get(base.key)).tokens?.tokens,
    saveTokens: base.saveTokens,
    redirectToAuthorization: (url) => opts.onAuthorizationUrl(url),
    saveCodeVerifier: (v) => {
      verifier = v;
    },
    codeVerifier() {
      if (!verifier) throw new Error('the sign-in lost its PKCE verifier');
      return verifier;
    },
    async invalidateCredentials(scope) {
      if (scope === 'verifier' || scope === 'all') verifier = undefined;
      await base.invalidateCredentials(scope);
    },
    discoveryState: base.discoveryState,
    saveDiscoveryState: base.saveDiscoveryState,
    expectedState: () => state,
  };
}
