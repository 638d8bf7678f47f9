// Agent Desk's `agentDesk.budget` keys (issue 20 item 4): read leniently per file, the strictest wins
// across files (a budget only narrows), so a folder not yet trusted keeps its budget too.
import { describe, expect, it } from 'vitest';
import { mergeBudgetSettings, parseBudgetBlock } from './budget-settings';
import { mergeSettings } from './claude-settings';
import type { SettingsFile } from './settings-files';

describe('agentDesk.budget', () => {
  it('reads a conversation and a task budget; a bad entry is a warning naming the file, the rest kept', () => {
    const warnings: string[] = [];
    expect(parseBudgetBlock('/p/s.json', { budget: { conversation: { usd: 5 }, task: { usd: 2, tokens: 2_000_000 } } }, warnings)).toEqual({ conversation: { usd: 5 }, task: { usd: 2, tokens: 2_000_000 } });
    expect(parseBudgetBlock('/p/s.json', { budget: { conversation: { usd: -1 }, task: { tokens: 100 } } }, warnings)).toEqual({ task: { tokens: 100 } });
    expect(parseBudgetBlock('/p/s.json', { budget: { conversation: {} } }, warnings)).toBeUndefined();
    expect(parseBudgetBlock('/p/s.json', 'five dollars', warnings)).toBeUndefined();
    expect(parseBudgetBlock('/p/s.json', { other: true }, warnings)).toBeUndefined();
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^\/p\/s\.json: agentDesk\.budget\.conversation must be/);
  });

  it('the strictest of each part wins across files', () => {
    expect(mergeBudgetSettings([{ conversation: { usd: 5, tokens: 100 } }, undefined, { conversation: { usd: 2 }, task: { tokens: 50 } }])).toEqual({ conversation: { usd: 2, tokens: 100 }, task: { tokens: 50 } });
    expect(mergeBudgetSettings([])).toEqual({});
  });

  it('a folder not yet trusted keeps its budget (it only narrows); a larger one elsewhere does not loosen it', () => {
    const file = (source: SettingsFile['source'], name: string): SettingsFile => ({ source, file: `/x/${name}` }) as SettingsFile;
    const merged = mergeSettings(
      [
        { sf: file('userSettings', 'user.json'), result: { kind: 'ok', value: { agentDesk: { budget: { conversation: { usd: 10 } } } } } },
        { sf: file('projectSettings', 'project.json'), result: { kind: 'ok', value: { agentDesk: { budget: { conversation: { usd: 1 } } }, env: { A: '1' } } } },
      ],
      '/x',
      undefined,
      { trust: () => false },
    );
    expect(merged.folder?.trusted).toBe(false);
    expect(merged.env).toEqual({});
    expect(merged.budget).toEqual({ conversation: { usd: 1 } });
  });
});
