// Every MCP server's sign-in (OAuth tokens, the client registered for it, where its authorization server
// is), kept for the whole app in one secret file: encrypted with the OS keychain on the desktop, a file
// only its owner may read elsewhere. Read once; the copy in memory serves each request; writes in order.
// Nothing here is ever logged: a failure names the file, never its content.
import path from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Logger } from '../../base/log';
import { readOptionalFile, writePrivateFile } from '../../fs/private-file';

/** Where the sign-ins are kept: the host chooses (desktop: safeStorage); text in, text out. */
export interface SecretFile {
  /** For messages: where it is (never what it holds). */
  readonly where: string;
  read(): Promise<string | null>;
  write(text: string): Promise<void>;
}

export interface StoredTokens {
  tokens: OAuthTokens;
  savedAt: number;
  /** When the access token stops working (ms since the epoch), when the server said. */
  expiresAt?: number;
}

export interface ServerCredentials {
  tokens?: StoredTokens;
  client?: OAuthClientInformationMixed;
  discovery?: OAuthDiscoveryState;
}

export interface McpCredentialStore {
  get(key: string): Promise<ServerCredentials>;
  /** What is known now without waiting (nothing before the file was read). */
  peek(key: string): ServerCredentials | undefined;
  update(key: string, change: (current: ServerCredentials) => ServerCredentials): Promise<void>;
  /** Resolves once every write asked for so far is on disk (or failed and was reported). */
  flush(): Promise<void>;
}

export const MCP_CREDENTIALS_FILE = 'mcp-credentials.json';

/** The 0600 file (every host but the desktop, and the desktop without a keychain). */
export function createPrivateSecretFile(file: string): SecretFile {
  return {
    where: file,
    read: async () => (await readOptionalFile(file))?.toString('utf8') ?? null,
    write: (text) => writePrivateFile(file, text),
  };
}

export const defaultSecretFile = (dataDir: string): SecretFile => createPrivateSecretFile(path.join(dataDir, MCP_CREDENTIALS_FILE));

/** A server's sign-in is bound to its name and address: a changed address never gets the old tokens. */
export const credentialKey = (server: { name: string; url: string }): string => `${server.name} ${server.url}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createCredentialStore(opts: { file: SecretFile; log: Logger }): McpCredentialStore {
  let servers: Record<string, ServerCredentials> | undefined;
  let loading: Promise<Record<string, ServerCredentials>> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const parse = (text: string | null): Record<string, ServerCredentials> => {
    if (!text) return (servers = {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not the parser's message: it quotes the text, which holds tokens.
      throw new Error('it is not valid JSON');
    }
    if (!isObject(parsed) || !isObject(parsed.servers)) throw new Error('not a sign-ins file');
    return (servers = parsed.servers as Record<string, ServerCredentials>);
  };
  const load = (): Promise<Record<string, ServerCredentials>> =>
    (loading ??= opts.file.read().then(parse).catch((err: unknown) => {
      // Tokens can be had again by signing in: the servers ask for it rather than the app stopping.
      opts.log.warn(`MCP sign-ins in ${opts.file.where} could not be read (${err instanceof Error ? err.message : String(err)}); servers that need one will ask you to sign in again.`);
      return (servers = {} as Record<string, ServerCredentials>);
    }));

  return {
    async get(key) {
      return (await load())[key] ?? {};
    },
    peek: (key) => servers?.[key],
    async update(key, change) {
      const all = await load();
      const next = change(all[key] ?? {});
      if (next.tokens || next.client || next.discovery) all[key] = next;
      else delete all[key];
      const text = `${JSON.stringify({ version: 1, servers: all })}\n`;
      writing = writing.then(() =>
        opts.file.write(text).catch((err: unknown) => {
          opts.log.warn(`MCP sign-ins could not be saved to ${opts.file.where} (${err instanceof Error ? err.message : String(err)}); they last until Agent Desk quits.`);
        }),
      );
      await writing;
    },
    flush: () => writing,
  };
}
