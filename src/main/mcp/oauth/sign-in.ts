// Signing in to one remote MCP server (OAuth 2.1 with PKCE, through the SDK's client auth): a redirect
// listener on 127.0.0.1, then a first connection whose 401 makes the SDK discover the authorization
// server (protected-resource metadata, then the server's metadata), register a client if none is
// configured, and hand over the authorization page; the code the browser brings back is exchanged
// with the PKCE verifier and the tokens saved. The caller opens the page (desktop) or shows it (web).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServerConfig } from '../config';
import { mcpSdk } from '../sdk';
import { createTransport } from '../transport';
import { credentialKey } from './credentials';
import { listenForRedirect, PortInUseError, type LoopbackRedirect } from './loopback';
import { createSignInAuth, redirectFor, registeredPort, type ProviderOptions } from './provider';

export type RemoteConfig = Extract<McpServerConfig, { type: 'http' | 'sse' }>;

export interface SignInOptions extends Omit<ProviderOptions, 'server'> {
  name: string;
  config: RemoteConfig;
  cwd: string;
  /** How long the person has to finish in the browser (default 5 minutes). */
  timeoutMs?: number;
  /** Test seam. */
  transport?: typeof createTransport;
}

export interface SignIn {
  /** The authorization page; undefined when the saved sign-in still works (nothing to do). */
  url: string | undefined;
  /** Settles once the tokens are saved, or with why the sign-in did not finish. */
  done: Promise<void>;
  cancel(): void;
}

const CLIENT_INFO = { name: 'agent-desk', version: '1' };
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

async function listen(opts: SignInOptions, expectedState: () => string | undefined): Promise<LoopbackRedirect> {
  const oauth = opts.config.oauth;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const common = { serverName: opts.name, expectedState, timeoutMs };
  if (oauth?.callbackPort) {
    try {
      return await listenForRedirect({ ...common, port: oauth.callbackPort });
    } catch (err) {
      if (err instanceof PortInUseError) throw new Error(`${err.message}; this server's settings name it for signing in (oauth.callbackPort). Close that program, or choose another port there.`);
      throw err;
    }
  }
  // The port registered last time, so the registration still fits; any free port if it is taken.
  const again = registeredPort((await opts.store.get(credentialKey({ name: opts.name, url: opts.config.url }))).client);
  if (again) {
    try {
      return await listenForRedirect({ ...common, port: again });
    } catch (err) {
      if (!(err instanceof PortInUseError)) throw err;
    }
  }
  return listenForRedirect({ ...common, port: 0 });
}

export async function startSignIn(opts: SignInOptions): Promise<SignIn> {
  let auth: ReturnType<typeof createSignInAuth> | undefined;
  const listener = await listen(opts, () => auth?.expectedState());
  let seen: URL | undefined;
  let gotUrl: (url: URL) => void = () => undefined;
  const authorizationUrl = new Promise<URL>((resolve) => (gotUrl = resolve));
  auth = createSignInAuth({
    server: { name: opts.name, url: opts.config.url, ...(opts.config.oauth ? { oauth: opts.config.oauth } : {}) },
    store: opts.store,
    log: opts.log,
    now: opts.now,
    redirectUrl: redirectFor(listener.port, opts.config.oauth),
    onAuthorizationUrl: (url) => {
      seen = url;
      gotUrl(url);
    },
  });
  let client: Client | undefined;
  const cleanUp = () => {
    listener.close();
    void client?.close().catch(() => undefined);
  };
  try {
    const transport = await (opts.transport ?? createTransport)(opts.config, { cwd: opts.cwd, authProvider: auth });
    client = new (mcpSdk.client().Client)(CLIENT_INFO, { capabilities: {} });
    const connected = client.connect(transport).then(() => 'connected' as const);
    // The SDK hands over the page before the first connection fails with UnauthorizedError.
    const first = await Promise.race([authorizationUrl, connected.catch((err: unknown) => (seen && err instanceof mcpSdk.auth().UnauthorizedError ? seen : Promise.reject(err)))]);
    if (first === 'connected') {
      cleanUp();
      return { url: undefined, done: Promise.resolve(), cancel: () => undefined };
    }
    const finisher = transport as unknown as { finishAuth(code: string): Promise<void> };
    const done = listener.code.then((code) => finisher.finishAuth(code)).finally(cleanUp);
    return { url: first.href, done, cancel: () => listener.cancel('the sign-in was cancelled') };
  } catch (err) {
    cleanUp();
    throw err;
  }
}
