// Issue 20 item 1: the window of a model and how full a conversation is.
import { describe, expect, it } from 'vitest';
import { contextFill, contextUsed, contextWindowOf, DEFAULT_CONTEXT_WINDOW } from './context-window';

describe('context window (issue 20 item 1)', () => {
  it.each([
    ['claude-sonnet-4-5-20250929', DEFAULT_CONTEXT_WINDOW],
    ['claude-opus-4-1', DEFAULT_CONTEXT_WINDOW],
    ['claude-sonnet-4-5[1m]', 1_000_000],
    ['claude-opus-4-5-20251101', DEFAULT_CONTEXT_WINDOW],
    ['claude-haiku-4-5', DEFAULT_CONTEXT_WINDOW],
    // The current models read a million tokens as they are (Anthropic's model pages).
    ['claude-opus-4-6', 1_000_000],
    ['claude-sonnet-4-6', 1_000_000],
    ['claude-sonnet-5', 1_000_000],
    ['claude-opus-5-5', 1_000_000],
    ['claude-haiku-5-5', 1_000_000],
    ['claude-fable-5-1', 1_000_000],
    ['us.anthropic.claude-sonnet-4-20250514-v1:0', DEFAULT_CONTEXT_WINDOW],
    ['some-other-model', DEFAULT_CONTEXT_WINDOW],
    [undefined, DEFAULT_CONTEXT_WINDOW],
  ])('%s reads %i tokens at once', (model, window) => {
    expect(contextWindowOf(model)).toBe(window);
  });

  it('a setting overrides the table; nonsense does not', () => {
    expect(contextWindowOf('claude-sonnet-4-5', 50_000)).toBe(50_000);
    expect(contextWindowOf('claude-sonnet-4-5', -1)).toBe(DEFAULT_CONTEXT_WINDOW);
    expect(contextWindowOf('claude-sonnet-4-5', 1.5)).toBe(DEFAULT_CONTEXT_WINDOW);
  });

  it('the conversation is the last request’s input, cached or not, plus its reply; over full reads 100 %', () => {
    const usage = { inputTokens: 1_000, cacheReadTokens: 120_000, cacheWriteTokens: 20_000, outputTokens: 3_000 };
    expect(contextUsed(usage)).toBe(144_000);
    expect(contextFill(usage, 200_000)).toEqual({ used: 144_000, window: 200_000, percent: 72 });
    expect(contextFill(usage, 100_000).percent).toBe(100);
  });
});
