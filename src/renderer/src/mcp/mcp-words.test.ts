// Issue 17 item 6: the Connected tools pane's words for each state, transport and cost.
import { describe, expect, it } from 'vitest';
import type { McpServerInfo } from '../../../shared/mcp';
import { attentionCount, canSignIn, errorWords, stateWords, tokenWords, toolCountWords } from './mcp-words';

const base: McpServerInfo = { name: 's', scope: 'project', transport: 'stdio', state: 'connected', toolCount: 2, tokens: 1234, deferred: false, changedTools: [], file: '/p/.mcp.json' };

describe('Connected tools words (issue 17 item 6)', () => {
  const states: Array<[McpServerInfo['state'], string | undefined, string]> = [
    ['connected', undefined, 'Connected'],
    ['pending', undefined, 'Starting…'],
    ['failed', 'spawn nope ENOENT', 'Could not start: spawn nope ENOENT'],
    ['failed', undefined, 'Could not start'],
    ['needs-auth', 'x', 'Needs you to sign in'],
    ['disabled', 'Turned off by you.', 'Turned off'],
  ];
  it.each(states)('issue 17 item 6: state %s (%s) reads "%s"', (state, lastError, words) => {
    expect(stateWords({ state, ...(lastError ? { lastError } : {}) })).toBe(words);
  });

  it('issue 17 item 4: a sign-in under way reads as waiting for the person; Sign in only where OAuth reaches', () => {
    expect(stateWords({ state: 'pending', signInUrl: 'https://login.example.com/authorize' })).toBe('Waiting for you to sign in');
    expect(canSignIn({ state: 'needs-auth', transport: 'http' })).toBe(true);
    expect(canSignIn({ state: 'needs-auth', transport: 'sse' })).toBe(true);
    expect(canSignIn({ state: 'needs-auth', transport: 'ws' })).toBe(false);
    expect(canSignIn({ state: 'connected', transport: 'http' })).toBe(false);
  });

  it('issue 17 item 6: the cost is always "about", and says when a deferred server costs it', () => {
    expect(tokenWords(base)).toBe('about 1,234 tokens per request');
    expect(tokenWords({ ...base, deferred: true })).toBe('about 1,234 tokens, only in requests after the assistant loads its tools');
    expect(tokenWords({ ...base, toolCount: 0 })).toBeNull();
    expect(toolCountWords(1)).toBe('1 tool');
    expect(toolCountWords(3)).toBe('3 tools');
  });

  it('issue 17 item 6: the last error is shown once (not again under a failed state)', () => {
    expect(errorWords({ state: 'pending', lastError: 'The server stopped; reconnecting.' })).toBe('The server stopped; reconnecting.');
    expect(errorWords({ state: 'failed', lastError: 'x' })).toBeNull();
    expect(errorWords({ state: 'connected' })).toBeNull();
  });

  it('issue 17 items 5, 6: servers with a changed tool or that could not start need the person', () => {
    expect(attentionCount([base, { ...base, changedTools: ['t'] }, { ...base, state: 'failed' }, { ...base, state: 'disabled' }])).toBe(2);
  });
});
