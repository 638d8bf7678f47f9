// The v0 system prompt: identity, tool guidance and the environment block.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, insideGitRepo } from './system-prompt';

describe('buildSystemPrompt', () => {
  it('names the agent, gives tool guidance and describes the environment', () => {
    const text = buildSystemPrompt({ projectDir: '/work/p', platform: 'linux', osVersion: 'Linux 6.1', shell: 'zsh', date: new Date('2026-03-04T10:00:00Z'), isGitRepo: true });
    expect(text).toMatch(/^You are Agent Desk/);
    expect(text).toContain('<persisted-output>');
    expect(text).toContain('ToolSearch');
    expect(text).toContain(['<env>', 'Working directory: /work/p', 'Is directory a git repo: Yes', 'Platform: linux', 'OS version: Linux 6.1', 'Shell: zsh', "Today's date: 2026-03-04", '</env>'].join('\n'));
    // Same inputs, same bytes: the prompt is a cached prefix.
    expect(buildSystemPrompt({ projectDir: '/work/p', platform: 'linux', osVersion: 'Linux 6.1', shell: 'zsh', date: new Date('2026-03-04T10:00:00Z'), isGitRepo: true })).toBe(text);
  });

  it('detects a git work tree in the folder or a parent', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-git-'));
    try {
      const inner = path.join(root, 'a', 'b');
      mkdirSync(inner, { recursive: true });
      expect(insideGitRepo(inner)).toBe(false);
      mkdirSync(path.join(root, '.git'));
      expect(insideGitRepo(inner)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
