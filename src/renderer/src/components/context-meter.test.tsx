// Issue 20 item 1: the header's meter says how full the open conversation is, from the last model
// call (live) or the last saved reply (reopened); none before any reply.
import { describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { ContextMeter, contextMeterWords } from './ContextMeter';

const init: AppInit = { host: 'web', version: '0.1.0', project: { dir: '/p', name: 'p' }, auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false }, model: 'claude-sonnet-4-5', recentProjects: [] };

async function render(withUsage: boolean, cacheReadTokens = 67_990, summarised?: number, contextWindow?: number): Promise<string> {
  const bridge = createFakeBridge();
  bridge.handle('app:init', () => init);
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  bridge.handle('session:open', ({ sessionId }) => ({
    session: { id: sessionId, projectDir: '/p', title: 't', createdAt: 1, updatedAt: 1, messageCount: 2 },
    messages: [
      { id: 'u', role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }], createdAt: 1 },
      { id: 'a', role: 'assistant' as const, content: [{ type: 'text' as const, text: 'hello' }], createdAt: 2, model: 'claude-sonnet-4-5', ...(withUsage ? { usage: { inputTokens: 10, cacheReadTokens, cacheWriteTokens: 0, outputTokens: 2_000 } } : {}) },
      ...(summarised !== undefined
        ? [{ id: 's', role: 'user' as const, content: [{ type: 'text' as const, text: 'summary' }], createdAt: 3, compaction: { trigger: 'auto' as const, summary: 's', keptFrom: null, tokensBefore: 70_000, tokensAfter: summarised } }]
        : []),
    ],
    status: 'idle' as const,
    ...(contextWindow ? { contextWindow, usage: { inputTokens: 10, outputTokens: 2_000, cacheReadTokens, cacheWriteTokens: 0, costUsd: 0 } } : {}),
  }));
  const stores: Stores = createStores(bridge, { schedule: () => () => {} });
  await stores.start();
  await stores.sessions.getState().open('s1');
  return renderLive(stores, <ContextMeter />);
}

describe('ContextMeter (issue 20 item 1)', () => {
  it('a reopened conversation: its last reply’s size against the model’s window, in words and as a meter', async () => {
    const html = await render(true);
    expect(html).toContain('role="meter"');
    expect(html).toContain('aria-valuenow="35"');
    expect(html).toContain('35 % full');
    expect(html).toContain(contextMeterWords(35, 70_000, 200_000).replace(/'/g, '&#x27;'));
    expect(contextMeterWords(35, 70_000, 200_000)).toBe('This conversation is 35 % full: it uses 70,000 of the 200,000 tokens the model can read at once.');
  });

  it('issue 20 item 2: after a summary the meter reads the summary\'s size, not the call before it', async () => {
    expect(await render(true, 67_990, 30_000)).toContain('15 % full');
  });

  it('issue 20: a reopened conversation is measured against the window main counts with (a configured one)', async () => {
    expect(await render(true, 67_990, undefined, 100_000)).toContain('70 % full');
  });

  it('before any reply, or under a tenth full, there is nothing to show', async () => {
    expect(await render(false)).toBe('');
    expect(await render(true, 10_000)).toBe('');
  });
});
