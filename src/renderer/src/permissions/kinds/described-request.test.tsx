// A tool that describes its own approval (request.described, e.g. Config): its question, summary and
// facts are what the person reads — in the panel, the dialog's name and the inbox line — instead of the
// generic "use the tool"; "Why am I asked?" says what kind of action asks first; a form kind keeps its form.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { ViewEnvContext } from '../../tools/view-env';
import { RequestPanel } from '../RequestPanel';
import { InfoIcon, WarningIcon } from '../../components/icons';
import { requestKindFor } from '../registry';

const described = {
  title: 'Allow the assistant to change a setting?',
  summary: 'Change the AI model from “claude-sonnet-5” to “claude-opus-4-1”',
  details: [
    { label: 'Setting', value: 'AI model' },
    { label: 'Now', value: 'claude-sonnet-5' },
    { label: 'After', value: 'claude-opus-4-1' },
    { label: 'File that will change', value: '/home/ana/.config/agent-desk/settings.json' },
  ],
};
const req = (over: Partial<PermissionRequestView> = {}): PermissionRequestView => ({
  requestId: 'r1',
  sessionId: 's',
  toolUseId: 't',
  toolName: 'Config',
  kind: 'other',
  input: { setting: 'model', value: 'claude-opus-4-1' },
  message: 'Set model to "claude-opus-4-1"',
  explanation: {
    decision: 'ask',
    reason: { kind: 'check', name: 'Config', detail: 'Set model to "claude-opus-4-1"' },
    text: 'Changing a setting always asks first. To let the assistant do it without asking, allow `Config` in the rules.',
  },
  suggestions: [],
  destructive: false,
  described,
  ...over,
});
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const render = (r: PermissionRequestView) =>
  text(
    renderToStaticMarkup(
      <ViewEnvContext.Provider value={{ projectDir: '/home/ana/shop' }}>
        <RequestPanel request={r} busy={false} fromOther={null} onAnswer={() => {}} />
      </ViewEnvContext.Provider>,
    ),
  );

describe("a tool's own words for its approval", () => {
  it('the title, summary and every fact are shown; the generic "use the tool" words are not', () => {
    const t = render(req());
    expect(t).toContain('Allow the assistant to change a setting?');
    expect(t).toContain('Change the AI model from “claude-sonnet-5” to “claude-opus-4-1”');
    expect(t).toContain('Setting AI model');
    expect(t).toContain('Now claude-sonnet-5');
    expect(t).toContain('After claude-opus-4-1');
    expect(t).toContain('File that will change /home/ana/.config/agent-desk/settings.json');
    expect(t).not.toContain('Allow Agent Desk to use');
    // Why: what kind of action always asks and the rule that stops it, not the tool's own message nor
    // the generic "not been allowed yet"; the exact input is one click away.
    expect(t).toContain('Why am I asked? Changing a setting always asks first. To let the assistant do it without asking, allow Config in the rules.');
    expect(t).not.toContain('Set model to');
    expect(t).not.toContain('has not been allowed yet');
    expect(t).toContain('Show the exact request');
  });

  it('the dialog and the inbox read the same words; without a description the kind speaks', () => {
    expect(requestKindFor(req()).question(req())).toBe(described.title);
    expect(requestKindFor(req()).summary(req())).toBe(described.summary);
    const plain = req({ described: undefined });
    expect(requestKindFor(plain).question(plain)).toBe('Allow Agent Desk to use Config?');
  });

  it('a described request that may destroy something wears the warning sign, not the info one', () => {
    expect(requestKindFor(req()).Icon).toBe(InfoIcon);
    expect(requestKindFor(req({ toolName: 'ExitWorktree', destructive: true })).Icon).toBe(WarningIcon);
    expect(render(req({ toolName: 'ExitWorktree', destructive: true }))).toContain('This may delete or overwrite things.');
  });

  it('a tool answered with a form keeps its form', () => {
    const q = req({ toolName: 'AskUserQuestion', input: { questions: [] } });
    expect(requestKindFor(q).Form).toBeDefined();
    expect(requestKindFor(q).question(q)).not.toBe(described.title);
  });
});
