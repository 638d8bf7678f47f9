// Config's card as static markup (issue 19): the setting and its values in words, before and after,
// the file that changed and what else decides; a refused change says it was not changed, with why.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { ToolCallCardView } from '../../transcript/ToolCallCard';
import { viewFor } from '../registry';
import { ViewEnvContext } from '../view-env';

const render = (node: ReactNode) => renderToStaticMarkup(<ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const call = (input: unknown, over: Partial<ToolCallView> = {}): ToolCallView => ({ id: 'c1', name: 'Config', userFacingName: 'Settings', messageId: 'm1', input, state: 'running', ...over });

describe('Config card (issue 19)', () => {
  it('a change: the setting in words, from what to what, and the file that changed', () => {
    const c = call(
      { setting: 'permissions.defaultMode', value: 'acceptEdits' },
      { state: 'succeeded', result: { text: 'Set …', isError: false, data: { operation: 'set', setting: 'permissions.defaultMode', previousValue: 'default', newValue: 'acceptEdits', file: '/home/ana/.claude/settings.json' } } },
    );
    expect(viewFor('Config').title(c)).toBe('Changed the setting “How the assistant works by default (permission mode)”');
    const t = text(render(<ToolCallCardView call={c} progress={undefined} />));
    expect(t).toContain('From Ask before changes to Edit files without asking');
    expect(t).toContain('Saved in /home/ana/.claude/settings.json');
  });

  it('waiting for approval it says what it would change; reading says what the value is and what else decides', () => {
    expect(viewFor('Config').title(call({ setting: 'model', value: 'opus' }, { state: 'awaiting_permission' }))).toBe('Change the setting “AI model”');
    expect(text(render(<ToolCallCardView call={call({ setting: 'model', value: 'opus' }, { state: 'awaiting_permission' })} progress={undefined} />))).toContain('To opus');
    const read = call(
      { setting: 'model' },
      { state: 'succeeded', result: { text: 'model = …', isError: false, data: { operation: 'get', setting: 'model', value: 'claude-haiku-4-5', note: 'The ANTHROPIC_MODEL environment variable chooses it.' } } },
    );
    expect(viewFor('Config').title(read)).toBe('Looked at the setting “AI model”');
    const t = text(render(<ToolCallCardView call={read} progress={undefined} />));
    expect(t).toContain('It is claude-haiku-4-5');
    expect(t).toContain('The ANTHROPIC_MODEL environment variable chooses it.');
  });

  it('a refused change says it was not changed, with the reason the model got', () => {
    const failed = call({ setting: 'theme', value: 'dark' }, { state: 'failed', result: { text: '"theme" is a Claude Code setting Agent Desk does not have', isError: true } });
    expect(viewFor('Config').title(failed)).toBe('The setting “theme” was not changed');
    expect(text(render(<ToolCallCardView call={failed} progress={undefined} />))).toContain('"theme" is a Claude Code setting Agent Desk does not have');
  });
});
