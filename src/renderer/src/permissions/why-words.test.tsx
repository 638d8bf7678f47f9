// "Why was I asked?" in the approval dialog (issue 5, PL4e): the engine's explanation with rules as
// code, the deciding rule with its file relative to the project, the old message as fallback; and the
// three places "Always allow" can save to, with Claude Code's file names.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { ViewEnvContext } from '../tools/view-env';
import { RequestPanel } from './RequestPanel';
import { DEFAULT_DESTINATION, DESTINATIONS, splitCode, whyWords } from './why-words';

const req = (over: Partial<PermissionRequestView> = {}): PermissionRequestView => ({
  requestId: 'r1',
  sessionId: 's',
  toolUseId: 't',
  toolName: 'Bash',
  input: { command: 'rm -rf build' },
  message: 'Bash wants to run rm -rf build.',
  reason: 'No rule allows it.',
  suggestions: ['Bash(rm -rf build)'],
  destructive: false,
  ...over,
});

const askRule = req({
  explanation: {
    decision: 'ask',
    reason: { kind: 'rule', rule: 'Bash(rm:*)', behavior: 'ask', source: 'projectSettings', file: '/p/.claude/settings.json' },
    text: 'Asked because the rule `Bash(rm:*)` in .claude/settings.json says to ask first.',
  },
});

const text = (html: string): string => html.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

describe('why words', () => {
  it('splits backticked rules and commands out as code; a lone backtick stays text', () => {
    expect(splitCode('Asked because `npm publish` matched no rule.')).toEqual([
      { text: 'Asked because ', code: false },
      { text: 'npm publish', code: true },
      { text: ' matched no rule.', code: false },
    ]);
    expect(splitCode('a ` b')).toEqual([{ text: 'a ` b', code: false }]);
    expect(splitCode('`x`')).toEqual([{ text: 'x', code: true }]);
  });

  it('a rule decided: its text, and the rule with its file relative to the project', () => {
    const why = whyWords(askRule, '/p');
    expect(why.parts.map((p) => p.text).join('')).toBe('Asked because the rule Bash(rm:*) in .claude/settings.json says to ask first.');
    expect(why.rule).toEqual({ rule: 'Bash(rm:*)', where: 'in .claude/settings.json' });
    // Outside the project (or no project), the file as it is.
    expect(whyWords(askRule, null).rule).toEqual({ rule: 'Bash(rm:*)', where: 'in /p/.claude/settings.json' });
  });

  it('a rule from a source without a file is named by its source', () => {
    const r = req({
      explanation: { decision: 'ask', reason: { kind: 'rule', rule: 'Bash', behavior: 'ask', source: 'cliArg' }, text: 'Asked because the rule `Bash` says so.' },
    });
    expect(whyWords(r, '/p').rule).toEqual({ rule: 'Bash', where: 'given on the command line' });
  });

  it('no rule matched: the text names the part, and no rule line', () => {
    const r = req({
      explanation: {
        decision: 'ask',
        reason: { kind: 'no-rule', tool: 'Bash', unmatched: 'rm -rf build', nearby: [] },
        text: 'Asked because no rule allows running `rm -rf build`.',
      },
    });
    const why = whyWords(r, '/p');
    expect(why.rule).toBeNull();
    expect(why.parts).toContainEqual({ text: 'rm -rf build', code: true });
  });

  it('without an explanation (an older main), the message and reason as before', () => {
    expect(whyWords(req(), '/p')).toEqual({ parts: [{ text: 'Bash wants to run rm -rf build. No rule allows it.', code: false }], rule: null });
    expect(whyWords(req({ reason: 'Bash wants to run rm -rf build.' }), '/p').parts.map((p) => p.text).join('')).toBe('Bash wants to run rm -rf build.');
    // An empty explanation text falls back too.
    const empty = req({ explanation: { decision: 'ask', reason: { kind: 'mode', mode: 'default' }, text: '  ' } });
    expect(whyWords(empty, '/p').parts[0]!.text).toContain('Bash wants to run');
  });

  it('three places to save, in Claude Code file names; only me in this project by default', () => {
    expect(DESTINATIONS.map((d) => [d.value, `${d.label} (${d.file})`])).toEqual([
      ['projectSettings', 'This project, for everyone (.claude/settings.json)'],
      ['localSettings', 'Only me, in this project (.claude/settings.local.json)'],
      ['userSettings', 'All my projects (~/.claude/settings.json)'],
    ]);
    expect(DEFAULT_DESTINATION).toBe('localSettings');
  });

  it('the dialog shows "Why am I asked?" with the explanation and the rule with its file', () => {
    const html = renderToStaticMarkup(
      <ViewEnvContext.Provider value={{ projectDir: '/p' }}>
        <RequestPanel request={askRule} busy={false} fromOther={null} onAnswer={() => {}} />
      </ViewEnvContext.Provider>,
    );
    const t = text(html);
    expect(t).toContain('Why am I asked?');
    expect(t).toContain('Asked because the rule Bash(rm:*) in .claude/settings.json says to ask first.');
    expect(html).toContain('Rule <code>Bash(rm:*)</code> in .claude/settings.json');
    // The engine's words replace the generic message.
    expect(t).not.toContain('Bash wants to run rm -rf build.');
  });
});
