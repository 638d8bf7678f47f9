// One remote server's sign-in as the connection manager sees it: the connection's OAuth provider, whether
// a sign-in is saved, the sign-in under way (its page, Cancel) and signing out. The engine never opens
// a browser: the page goes back to the caller, which the desktop opens and the browser host shows.
import type { Logger } from '../../base/log';
import { credentialKey, type McpCredentialStore } from './credentials';
import { createConnectionAuth, type ConnectionAuth } from './provider';
import { startSignIn, type RemoteConfig, type SignIn, type SignInOptions } from './sign-in';

export interface ServerAuthOptions {
  name: string;
  config: RemoteConfig;
  cwd: string;
  store: McpCredentialStore;
  log: Logger;
  now: () => number;
  signInTimeoutMs?: number;
  transport?: SignInOptions['transport'];
}

export interface SignInHooks {
  /** The page is open: the connection waits for the person (pending). */
  waiting(): void;
  /** Tokens saved (or the saved sign-in still works): connect again. */
  signedIn(): void;
  /** Did not finish: back to needs-auth with these words. */
  failed(words: string): void;
}

export interface ServerAuth {
  provider: ConnectionAuth;
  /** A sign-in is saved for this server (false until the saved ones were read). */
  signedIn(): boolean;
  /** The authorization page of the sign-in under way. */
  signInUrl(): string | undefined;
  /** Starts signing in; resolves with the page to open (none: nothing to do). Rejects with words. */
  signIn(hooks: SignInHooks): Promise<{ url?: string }>;
  /** Stops the sign-in under way; false when there was none. */
  cancel(): boolean;
  /** Forgets the saved sign-in (tokens and registration). */
  signOut(): Promise<void>;
}

const words = (err: unknown): string => (err instanceof Error ? err.message || err.name : String(err));

export function createServerAuth(opts: ServerAuthOptions): ServerAuth {
  const target = { name: opts.name, url: opts.config.url, ...(opts.config.oauth ? { oauth: opts.config.oauth } : {}) };
  const key = credentialKey(target);
  const provider = createConnectionAuth({ server: target, store: opts.store, log: opts.log, now: opts.now });
  let current: (SignIn & { url: string }) | undefined;
  return {
    provider,
    signedIn: () => !!opts.store.peek(key)?.tokens,
    signInUrl: () => current?.url,
    async signIn(hooks) {
      current?.cancel();
      let started: SignIn;
      try {
        started = await startSignIn({
          name: opts.name,
          config: opts.config,
          cwd: opts.cwd,
          store: opts.store,
          log: opts.log,
          now: opts.now,
          ...(opts.signInTimeoutMs ? { timeoutMs: opts.signInTimeoutMs } : {}),
          ...(opts.transport ? { transport: opts.transport } : {}),
        });
      } catch (err) {
        throw new Error(`Could not start signing in to ${opts.name}: ${words(err)}.`);
      }
      if (!started.url) {
        hooks.signedIn();
        return {};
      }
      const mine = { ...started, url: started.url };
      current = mine;
      hooks.waiting();
      opts.log.info(`MCP server ${opts.name}: waiting for the sign-in in the browser`);
      mine.done.then(
        () => {
          if (current === mine) current = undefined;
          opts.log.info(`MCP server ${opts.name}: signed in`);
          hooks.signedIn();
        },
        (err: unknown) => {
          if (current === mine) current = undefined;
          // A newer sign-in replaced this one: it speaks for the server now.
          if (current) return;
          opts.log.warn(`MCP server ${opts.name}: signing in did not finish: ${words(err)}`);
          hooks.failed(`Signing in did not finish: ${words(err)}.`);
        },
      );
      return { url: mine.url };
    },
    cancel() {
      if (!current) return false;
      current.cancel();
      return true;
    },
    async signOut() {
      current?.cancel();
      await opts.store.update(key, () => ({}));
    },
  };
}
