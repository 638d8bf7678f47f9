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
  it('BA5 offers the exact command first, then its stable prefix: never over a flag, a path or a wrapper', () => {
    expect(suggestRules('Bash', { command: 'npm test' })).toEqual(['Bash(npm test)', 'Bash(npm test:*)']);
    expect(suggestRules('Bash', { command: 'npm run test -- --watch' })).toEqual(['Bash(npm run test -- --watch)', 'Bash(npm run test:*)']);
    expect(suggestRules('Bash', { command: 'ls -la' })).toEqual(['Bash(ls -la)']);
    expect(suggestRules('Bash', { command: 'cat notes.txt' })).toEqual(['Bash(cat notes.txt)']);
    expect(suggestRules('Bash', { command: 'bash -c ls' })).toEqual(['Bash(bash -c ls)']);
    expect(suggestRules('Bash', { command: 'sudo apt update' })).toEqual(['Bash(sudo apt update)']);
    expect(suggestRules('Bash', { command: 'env FOO=1 make' })).toEqual(['Bash(env FOO=1 make)']);
    expect(suggestRules('Bash', { command: 'git commit -m wip' })).toEqual(['Bash(git commit -m wip)', 'Bash(git commit:*)']);
    expect(suggestRules('Bash', { command: 'ls' })).toEqual(['Bash(ls)']);
    expect(suggestRules('Bash', { command: 'a && b' })).toEqual(['Bash(a && b)']);
    expect(suggestRules('Bash', { command: 'echo (x)' })).toEqual(['Bash(echo \\(x\\))']);
    expect(suggestRules('Write', { file_path: '/x' })).toEqual(['Write']);
  });
});
