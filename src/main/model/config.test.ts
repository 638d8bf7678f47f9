// Credential, endpoint and model resolution order.
import { describe, expect, it } from 'vitest';
import { authStatusOf, DEFAULT_MODEL, missingKeyMessage, modelSource, resolveModelConfig } from './config';

describe('resolveModelConfig', () => {
  it('prefers ANTHROPIC_API_KEY, then ANTHROPIC_AUTH_TOKEN, then settings env, then the stored key', () => {
    const all = {
      env: { ANTHROPIC_API_KEY: 'k-env', ANTHROPIC_AUTH_TOKEN: 't-env' },
      settings: { env: { ANTHROPIC_API_KEY: 'k-set' } },
      storedKey: 'k-stored',
    };
    expect(resolveModelConfig(all).credential).toEqual({ kind: 'apiKey', value: 'k-env', source: 'env:ANTHROPIC_API_KEY' });
    expect(resolveModelConfig({ ...all, env: { ANTHROPIC_AUTH_TOKEN: 't-env' } }).credential).toEqual({ kind: 'authToken', value: 't-env', source: 'env:ANTHROPIC_AUTH_TOKEN' });
    expect(resolveModelConfig({ ...all, env: {} }).credential).toEqual({ kind: 'apiKey', value: 'k-set', source: 'settings' });
    expect(resolveModelConfig({ env: {}, storedKey: 'k-stored' }).credential).toEqual({ kind: 'apiKey', value: 'k-stored', source: 'stored' });
    expect(resolveModelConfig({ env: { ANTHROPIC_API_KEY: '  ' } }).credential).toBeNull();
  });

  it('picks the model: override > ANTHROPIC_MODEL > settings > default', () => {
    expect(resolveModelConfig({ env: {} }).model).toBe(DEFAULT_MODEL);
    expect(DEFAULT_MODEL).toBe('claude-sonnet-5');
    expect(resolveModelConfig({ env: {}, settings: { model: 'm-set' } }).model).toBe('m-set');
    expect(resolveModelConfig({ env: { ANTHROPIC_MODEL: 'm-env' }, settings: { model: 'm-set' } }).model).toBe('m-env');
    expect(resolveModelConfig({ env: { ANTHROPIC_MODEL: 'm-env' }, modelOverride: 'm-flag' }).model).toBe('m-flag');
  });

  it('says what decides the model: --model, ANTHROPIC_MODEL (app env, then settings env), settings, default', () => {
    expect(modelSource({ env: { ANTHROPIC_MODEL: 'e' }, settings: { model: 's' }, modelOverride: 'o' })).toBe('flag');
    expect(modelSource({ env: { ANTHROPIC_MODEL: 'e' }, settings: { model: 's' } })).toBe('environment');
    expect(modelSource({ env: { ANTHROPIC_MODEL: ' ' }, settings: { model: 's', env: { ANTHROPIC_MODEL: 'x' } } })).toBe('settings-env');
    expect(modelSource({ env: {}, settings: { model: 's' } })).toBe('settings');
    expect(modelSource({ env: {} })).toBe('default');
  });

  it('takes ANTHROPIC_BASE_URL without a trailing slash, else null (SDK default)', () => {
    expect(resolveModelConfig({ env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:1234/' } }).baseURL).toBe('http://127.0.0.1:1234');
    expect(resolveModelConfig({ env: {} }).baseURL).toBeNull();
  });

  it('reports AuthStatus in the contract shape', () => {
    expect(authStatusOf(resolveModelConfig({ env: {} }), true)).toEqual({ configured: false, source: null, canStoreKey: true });
    expect(authStatusOf(resolveModelConfig({ env: { ANTHROPIC_AUTH_TOKEN: 't' } }), false)).toEqual({ configured: true, source: 'env:ANTHROPIC_AUTH_TOKEN', canStoreKey: false });
    expect(missingKeyMessage(false)).toBe('No API key: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)');
  });
});
