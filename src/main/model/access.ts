// The engine's handle on "the model": resolves config fresh for every turn (so a key saved in the app
// applies to the next turn) and reuses one client per credential + endpoint.
import type { AuthStatus } from '../../shared/ipc/contract';
import type { Logger } from '../base/log';
import { createModelClient, type ClientOptions } from './client';
import { authStatusOf, missingKeyMessage, modelSource, resolveModelConfig, type ConfigInputs, type ModelConfig, type ModelSource } from './config';
import { ModelError } from './errors';
import { maxRetryAfterFromEnv, streamLimitsFromEnv } from './limits';
import type { ModelClient } from './types';

export interface ModelAccess {
  readonly canStoreKey: boolean;
  /** The config the next turn would use (an override names the model for one run). */
  config(modelOverride?: string): ModelConfig;
  status(): AuthStatus;
  /** The model the next turn will use. */
  model(): string;
  /** What decides that model (an environment variable wins over the settings). */
  modelSource(): ModelSource;
  setStoredKey(key: string | null): void;
  /** A client for `config`; throws ModelError('auth') when no credential is configured. */
  client(config: ModelConfig): ModelClient;
}

export interface ModelAccessOptions {
  env: Record<string, string | undefined>;
  settings: () => ConfigInputs['settings'];
  storedKey?: string | null;
  canStoreKey: boolean;
  log?: Logger;
  /** Injected by tests that want a client without HTTP. */
  clientFactory?: (opts: ClientOptions) => ModelClient;
}

export function createModelAccess(opts: ModelAccessOptions): ModelAccess {
  let storedKey = opts.storedKey ?? null;
  const clients = new Map<string, ModelClient>();
  const factory = opts.clientFactory ?? createModelClient;
  // The time bounds of every request (PX8), from the app's own environment.
  const { idleTimeoutMs, requestTimeoutMs } = streamLimitsFromEnv(opts.env);
  const bounds = { idleTimeoutMs, timeoutMs: requestTimeoutMs, maxRetryAfterMs: maxRetryAfterFromEnv(opts.env) };
  const config = (modelOverride?: string) =>
    resolveModelConfig({ env: opts.env, settings: opts.settings(), storedKey, modelOverride });
  return {
    canStoreKey: opts.canStoreKey,
    config,
    status: () => authStatusOf(config(), opts.canStoreKey),
    model: () => config().model,
    modelSource: () => modelSource({ env: opts.env, settings: opts.settings() }),
    setStoredKey(key) {
      storedKey = key;
    },
    client(cfg) {
      if (!cfg.credential) throw new ModelError('auth', missingKeyMessage(opts.canStoreKey));
      const key = JSON.stringify([cfg.credential.kind, cfg.credential.value, cfg.baseURL]);
      let c = clients.get(key);
      if (!c) {
        c = factory({ credential: cfg.credential, baseURL: cfg.baseURL, ...bounds, ...(opts.log ? { log: opts.log } : {}) });
        clients.set(key, c);
      }
      return c;
    },
  };
}
