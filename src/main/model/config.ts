// Which credential, endpoint and model the next request uses: env first, then user settings, then
// the key stored by the desktop app. Pure: callers pass env, settings and the stored key in.
import type { AuthStatus } from '../../shared/ipc/contract';

/** The model used when neither ANTHROPIC_MODEL, settings, nor a --model flag names one. */
export const DEFAULT_MODEL = 'claude-sonnet-5';
export const DEFAULT_MAX_TOKENS = 8192;

export type CredentialSource = NonNullable<AuthStatus['source']>;
export interface Credential {
  /** apiKey → the SDK's `apiKey`; authToken → the SDK's `authToken` (a Bearer token, e.g. a gateway's). */
  kind: 'apiKey' | 'authToken';
  value: string;
  source: CredentialSource;
}

export interface ModelConfig {
  credential: Credential | null;
  /** null = the SDK default (https://api.anthropic.com). */
  baseURL: string | null;
  model: string;
}

export interface ConfigInputs {
  env: Record<string, string | undefined>;
  /** The user settings' relevant part: `model`, and an `env` block like Claude Code's settings. */
  settings?: { model?: string | undefined; env?: Record<string, string> | undefined };
  storedKey?: string | null;
  /** A per-run override (the CLI's --model). */
  modelOverride?: string | undefined;
}

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

function val(x: string | undefined | null): string | undefined {
  const v = x?.trim();
  return v ? v : undefined;
}

export function resolveModelConfig(inputs: ConfigInputs): ModelConfig {
  const { env } = inputs;
  const senv = inputs.settings?.env ?? {};
  let credential: Credential | null = null;
  const candidates: [string | undefined, Credential['kind'], CredentialSource][] = [
    [val(env.ANTHROPIC_API_KEY), 'apiKey', 'env:ANTHROPIC_API_KEY'],
    [val(env.ANTHROPIC_AUTH_TOKEN), 'authToken', 'env:ANTHROPIC_AUTH_TOKEN'],
    [val(senv.ANTHROPIC_API_KEY), 'apiKey', 'settings'],
    [val(senv.ANTHROPIC_AUTH_TOKEN), 'authToken', 'settings'],
    [val(inputs.storedKey), 'apiKey', 'stored'],
  ];
  for (const [value, kind, source] of candidates) {
    if (value) {
      credential = { kind, value, source };
      break;
    }
  }
  const baseURL = val(env.ANTHROPIC_BASE_URL) ?? val(senv.ANTHROPIC_BASE_URL) ?? null;
  const model =
    val(inputs.modelOverride) ?? val(env.ANTHROPIC_MODEL) ?? val(senv.ANTHROPIC_MODEL) ?? val(inputs.settings?.model) ?? DEFAULT_MODEL;
  return { credential, baseURL: baseURL ? baseURL.replace(/\/+$/, '') : null, model };
}

/**
 * What decides the model of the next message: a run's --model, the ANTHROPIC_MODEL environment variable
 * (the app's, then the settings' env block), the settings' `model`, or Agent Desk's default.
 */
export type ModelSource = 'flag' | 'environment' | 'settings-env' | 'settings' | 'default';

export function modelSource(inputs: ConfigInputs): ModelSource {
  if (val(inputs.modelOverride)) return 'flag';
  if (val(inputs.env.ANTHROPIC_MODEL)) return 'environment';
  if (val(inputs.settings?.env?.ANTHROPIC_MODEL)) return 'settings-env';
  return val(inputs.settings?.model) ? 'settings' : 'default';
}

export function authStatusOf(config: ModelConfig, canStoreKey: boolean): AuthStatus {
  return { configured: config.credential !== null, source: config.credential?.source ?? null, canStoreKey };
}

/** The one line shown when no credential is configured. */
export function missingKeyMessage(canStoreKey: boolean): string {
  return canStoreKey
    ? 'No API key: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN), or enter a key in the app'
    : 'No API key: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)';
}

/** Which setting to blame when the credential is rejected. */
export function credentialHint(credential: Credential | null): string {
  switch (credential?.source) {
    case 'env:ANTHROPIC_AUTH_TOKEN':
      return 'ANTHROPIC_AUTH_TOKEN';
    case 'settings':
      return 'the env block of your settings.json';
    case 'stored':
      return 'the key saved in the app';
    default:
      return 'ANTHROPIC_API_KEY';
  }
}
