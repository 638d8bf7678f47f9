import { describe, expect, it } from 'vitest';
import type { AgentData } from '../../../shared/tools/agent';
import { environmentText } from './environment';
import { formatAgentResult } from './result-text';

const base: AgentData = { agentId: 'a0123456789abcdef', agentType: 'general-purpose', description: 'Find it', model: 'm', status: 'completed', result: 'Found it.', toolUses: 2, durationMs: 1234.4 };

describe('AG7: what the model reads for an Agent call', () => {
  it('sync: the answer, the id and the usage', () => {
    expect(formatAgentResult(base)).toBe('Found it.\n\nagentId: a0123456789abcdef\n<usage>tool_uses: 2\nduration_ms: 1234</usage>');
  });

  it('async: Claude Code\'s launch words with the task id to read and the output file', () => {
    const text = formatAgentResult({ ...base, status: 'async_launched', result: '', taskId: 'a0123456789abcdef', outputFile: '/d/a.output' });
    expect(text.split('\n')[0]).toBe('Async agent launched successfully.');
    expect(text).toContain("Use TaskOutput with task_id: 'a0123456789abcdef'");
    expect(text).toContain('output_file: /d/a.output');
  });

  it.each<[string, Partial<AgentData>, string]>([
    ['stopped, with what it said', { status: 'stopped', result: 'half' }, 'The agent was stopped before it finished. What it said so far:\nhalf'],
    ['failed', { status: 'failed', result: 'no key' }, 'The agent failed: no key'],
    ['a worktree with changes', { worktree: { path: '/w', branch: 'agent/x', diffStat: ' a | 1 +', removed: false } }, 'committed on branch agent/x (worktree at /w)'],
    ['a worktree without changes', { worktree: { path: '/w', branch: 'agent/x', diffStat: '', removed: true } }, 'changed nothing; the worktree was removed'],
  ])('%s', (_what, over, words) => {
    expect(formatAgentResult({ ...base, ...over })).toContain(words);
  });
});

describe('AG6: the environment in a subagent\'s system prompt', () => {
  it('a git folder: cwd, platform, shell, branch and status', () => {
    const text = environmentText({ cwd: '/p', platform: 'linux', shell: '/bin/bash', gitStatus: ' M a.ts\n?? b.ts\n', branch: 'main' });
    expect(text).toContain('Working directory: /p');
    expect(text).toContain('Is directory a git repo: Yes');
    expect(text).toContain('Platform: linux');
    expect(text).toContain('Shell: /bin/bash');
    expect(text).toContain('Current branch: main');
    expect(text).toContain(' M a.ts\n?? b.ts');
  });

  it('not a git folder: no status part', () => {
    const text = environmentText({ cwd: '/p', platform: 'darwin', shell: 'zsh', gitStatus: null, branch: null });
    expect(text).toContain('Is directory a git repo: No');
    expect(text).not.toContain('Status:');
  });
});
