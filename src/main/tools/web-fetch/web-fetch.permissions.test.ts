// WebFetch's permission (TL, PL4c): the real tool through the decider — asked by default, allowed or denied
// by `WebFetch(domain:…)` rules for the address's host, with "Pages from <host>" offered to always allow.
import { describe, expect, it } from 'vitest';
import { createPermissionDecider } from '../../permissions/decider';
import type { RuleEntry, RuleSet } from '../../permissions/types';
import type { PermissionCheck } from '../pipeline/deps';
import { makeCtx } from '../pipeline/test-helpers';
import { createWebFetchTool } from './web-fetch.tool';

const tool = createWebFetchTool();
const r = (rule: string): RuleEntry => ({ rule, source: 'userSettings' });
const set = (x: Partial<RuleSet>): RuleSet => ({ allow: [], deny: [], ask: [], ...x });

async function decide(rules: RuleSet, url: string) {
  const decider = createPermissionDecider({ mode: () => 'default', rules: () => rules });
  const c: PermissionCheck = { tool, input: { url, prompt: 'p' }, ctx: makeCtx([tool]), classifier: async () => ({ verdict: 'none' }) };
  return decider.decide(c);
}

describe('WebFetch permissions (TL, PL4c)', () => {
  it('TL with no rule the person is asked, and "Pages from <host>" is the suggested rule', async () => {
    const v = await decide(set({}), 'https://docs.example.com/guide');
    expect(v.behavior).toBe('ask');
    expect(v).toMatchObject({ message: 'Asked because no rule allows fetching from docs.example.com.' });
    expect((v as { suggestions: string[] }).suggestions).toContain('WebFetch(domain:docs.example.com)');
  });

  it('TL WebFetch(domain:…) allows that host only; a subdomain rule covers subdomains', async () => {
    const rules = set({ allow: [r('WebFetch(domain:example.com)'), r('WebFetch(domain:*.python.org)')] });
    expect((await decide(rules, 'https://example.com/a')).behavior).toBe('allow');
    expect((await decide(rules, 'https://docs.python.org/3/')).behavior).toBe('allow');
    expect((await decide(rules, 'https://api.example.com/a')).behavior).toBe('ask');
    expect((await decide(rules, 'https://example.org/a')).behavior).toBe('ask');
  });

  it('TL a deny rule for the host wins over an allow for the whole tool', async () => {
    const v = await decide(set({ allow: [r('WebFetch')], deny: [r('WebFetch(domain:pastebin.com)')] }), 'https://pastebin.com/raw/x');
    expect(v.behavior).toBe('deny');
    expect((await decide(set({ allow: [r('WebFetch')], deny: [r('WebFetch(domain:pastebin.com)')] }), 'https://example.com/')).behavior).toBe('allow');
  });
});
