// Tools' own model requests (TL): the small fast model the settings name (Claude Code's variables), else
// the session's; the session's credential; the reply's blocks, server-tool blocks included.
import { describe, expect, it } from 'vitest';
import { createModelAccess } from '../../model/access';
import type { ModelClient, ModelRequest } from '../../model/types';
import { createSideQuery, smallModelOf } from './side-query';

function access(env: Record<string, string> = {}) {
  const sent: ModelRequest[] = [];
  const client: ModelClient = {
    async *stream(req) {
      sent.push(req);
      yield { type: 'start', model: req.model };
      yield {
        type: 'done',
        content: [{ type: 'text', text: 'Hello ' }, { type: 'text', text: 'there' }],
        raw: [{ type: 'text', text: 'Hello ' }, { type: 'server_tool_use', id: 's1', name: 'web_search', input: {} }, { type: 'text', text: 'there' }],
        stopReason: 'end_turn',
        usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
        model: req.model,
      };
    },
  };
  const model = createModelAccess({ env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_MODEL: 'claude-session', ...env }, settings: () => ({}), canStoreKey: false, clientFactory: () => client });
  return { model, sent };
}

const ask = (model: 'small' | 'session') => ({ model, messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'q' }] }] });

describe('side queries for tools (TL)', () => {
  it('TL "small" is the small fast model the settings name, else the session’s model', async () => {
    const { model, sent } = access();
    const settingsEnv: Record<string, string> = {};
    const q = createSideQuery({ model, envs: () => [{}, settingsEnv] });
    await q(ask('small'), new AbortController().signal);
    settingsEnv.ANTHROPIC_SMALL_FAST_MODEL = 'claude-old-small';
    await q(ask('small'), new AbortController().signal);
    settingsEnv.ANTHROPIC_DEFAULT_HAIKU_MODEL = 'claude-haiku-x';
    await q(ask('small'), new AbortController().signal);
    await q(ask('session'), new AbortController().signal);
    expect(sent.map((r) => r.model)).toEqual(['claude-session', 'claude-old-small', 'claude-haiku-x', 'claude-session']);
  });

  it('TL the reply: every block in order, and its text joined', async () => {
    const { model } = access();
    const r = await createSideQuery({ model, envs: () => [] })({ ...ask('session'), serverTools: [{ type: 'web_search_20250305', name: 'web_search' }] }, new AbortController().signal);
    expect(r).toEqual({
      blocks: [{ type: 'text', text: 'Hello ' }, { type: 'server_tool_use', id: 's1', name: 'web_search', input: {} }, { type: 'text', text: 'there' }],
      text: 'Hello there',
      model: 'claude-session',
    });
  });

  it('TL the app’s env names the small model before the settings’ env', () => {
    expect(smallModelOf([{ ANTHROPIC_DEFAULT_HAIKU_MODEL: 'a' }, { ANTHROPIC_DEFAULT_HAIKU_MODEL: 'b' }])).toBe('a');
    expect(smallModelOf([{}, { ANTHROPIC_DEFAULT_HAIKU_MODEL: ' ' }])).toBeUndefined();
  });
});
