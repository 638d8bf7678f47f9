import { describe, expect, it } from 'vitest';
import { createHeadlessPrompter, headlessDenialMessage } from './headless-prompter';
import { suggestRules } from './suggest';

describe('PL4e headless prompter', () => {
  it('turns every ask into a denial naming the flag that would allow it', async () => {
    const p = createHeadlessPrompter();
    const answer = await p.prompt(
      {
        requestId: 'r1',
        sessionId: 's1',
        toolUseId: 't1',
        toolName: 'Bash',
        input: { command: 'npm test' },
        message: 'ask',
        suggestions: suggestRules('Bash', { command: 'npm test' }),
        destructive: false,
      },
      new AbortController().signal,
    );
    expect(answer.decision).toBe('deny');
    expect(answer.denial?.message).toBe(
      'Permission to use Bash was not granted: agent-desk ran headless and no rule allowed it. ' +
        'Allow it with --allowedTools "Bash(npm test)" or a permissions.allow rule.',
    );
    expect(answer.denial?.reason.type).toBe('headless');
  });
});

describe('PL4e headless denial text', () => {
  it('tells the model why when the explanation says more than "no rule allows it"', () => {
    const why = 'Asked because `a && curl x` runs several commands and allow rules only cover one command at a time: `curl x` matched no rule.';
    expect(headlessDenialMessage('Bash', 'Bash(a && curl x)', why)).toBe(
      `Permission to use Bash was not granted: agent-desk ran headless, so nobody could approve it. ${why} Allow it with --allowedTools "Bash(a && curl x)" or a permissions.allow rule.`,
    );
    expect(headlessDenialMessage('Bash', 'Bash(ls)', 'Asked because no rule allows `ls`.')).toContain('ran headless and no rule allowed it.');
  });
});

describe('rule suggestions', () => {
  it('offers the exact command first, then a prefix over its command word(s)', () => {
    expect(suggestRules('Bash', { command: 'npm test' })).toEqual(['Bash(npm test)', 'Bash(npm:*)']);
    expect(suggestRules('Bash', { command: 'git commit -m wip' })).toEqual(['Bash(git commit -m wip)', 'Bash(git commit:*)']);
    expect(suggestRules('Bash', { command: 'ls' })).toEqual(['Bash(ls)']);
    expect(suggestRules('Bash', { command: 'a && b' })).toEqual(['Bash(a && b)']);
    expect(suggestRules('Bash', { command: 'echo (x)' })).toEqual(['Bash(echo \\(x\\))', 'Bash(echo:*)']);
    expect(suggestRules('Write', { file_path: '/x' })).toEqual(['Write']);
  });
});
