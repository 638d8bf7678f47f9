// Issue 12 item 8: which allow rules are risky and the words a person reads about them, and that the
// command table keeps its word boundaries.
import { describe, expect, it } from 'vitest';
import { allowRuleRisk, COMMAND_RISKS, commandRisk } from './rule-risks';
import { parseRule } from './rule';

describe('allowRuleRisk', () => {
  it.each([
    ['Bash(rm:*)', 'This lets the assistant delete any file without asking.'],
    ['Bash(rm -rf:*)', 'This lets the assistant delete any file without asking.'],
    ['Bash(rm *)', 'This lets the assistant delete any file without asking.'],
    ['Bash(git push:*)', 'This lets the assistant publish your work to others (git push) without asking.'],
    ['Bash(npm publish:*)', 'This lets the assistant publish a package for everyone to download without asking.'],
    ['Bash(sudo:*)', 'This lets the assistant run any command as the computer’s administrator without asking.'],
    ['Bash(bash -c:*)', 'This lets the assistant run any command at all without asking.'],
    ['Bash(curl:*)', 'This lets the assistant send your files anywhere on the internet and download anything without asking.'],
  ])('%s, a risky command prefix, in words', (rule, words) => {
    expect(allowRuleRisk(rule)).toBe(words);
  });

  it('every command: the bare tool, Bash(*) and a lone wildcard', () => {
    for (const rule of ['Bash', 'Bash(*)', 'Bash()', 'Bash(* *)']) expect(allowRuleRisk(rule), rule).toMatch(/^This lets the assistant run any command at all without asking/);
  });

  it('a prefix wider than a risky command names what it reaches', () => {
    expect(allowRuleRisk('Bash(git:*)')).toBe(
      'This lets the assistant run any command that starts with “git” without asking, including ones that delete or overwrite files, publish your work to others or throw away your work.',
    );
    expect(allowRuleRisk('Bash(npm:*)')).toContain('publish a package for everyone');
    expect(allowRuleRisk('Bash(git *)')).toContain('including ones that');
    expect(allowRuleRisk('Bash(r*)')).toContain('delete or overwrite files');
  });

  it('one exact risky command is named as it is', () => {
    expect(allowRuleRisk('Bash(rm -rf build)')).toBe('This lets the assistant run “rm -rf build” without asking, a command that can delete or overwrite files.');
    expect(allowRuleRisk('Bash(git push origin main)')).toContain('publish your work');
  });

  it('keeps word boundaries: similar names and everyday commands are not risky', () => {
    for (const rule of ['Bash(npm test:*)', 'Bash(npm run test:*)', 'Bash(git status)', 'Bash(git pushx:*)', 'Bash(rmate:*)', 'Bash(ls *)', 'Bash(npm test)', 'Bash(git log:*)']) {
      expect(allowRuleRisk(rule), rule).toBeNull();
    }
  });

  it('reading any file: the bare tool, Read(**), Read(//**), the home folder; not the project', () => {
    expect(allowRuleRisk('Read')).toBe('This lets the assistant read any file on your computer, passwords and keys included, without asking.');
    expect(allowRuleRisk('Read(//**)')).toBe('This lets the assistant read any file on your computer, passwords and keys included, without asking.');
    expect(allowRuleRisk('Read(**)')).toContain('read any file in whatever folder it works in, not only this project');
    expect(allowRuleRisk('Read(~/**)')).toContain('read any file in your home folder');
    expect(allowRuleRisk('Glob')).toContain('read any file on your computer');
    expect(allowRuleRisk('Read(//etc/**)')).toBe('This lets the assistant read files outside this project (“//etc/**”) without asking.');
    for (const rule of ['Read(/**)', 'Read(./src/**)', 'Read(src/app.ts)', 'Grep(//**)']) expect(allowRuleRisk(rule), rule).toBeNull();
  });

  it('editing outside the project; editing inside it is not flagged', () => {
    expect(allowRuleRisk('Edit')).toBe('This lets the assistant change or create any file on your computer without asking.');
    expect(allowRuleRisk('Write')).toContain('any file on your computer');
    expect(allowRuleRisk('Edit(~/.bashrc)')).toBe('This lets the assistant change or create files outside this project (“~/.bashrc”) without asking.');
    expect(allowRuleRisk('Edit(../other/**)')).toContain('outside this project');
    expect(allowRuleRisk('Edit(//**)')).toContain('any file on your computer');
    for (const rule of ['Edit(/**)', 'Edit(./src/**)', 'Edit(docs/*.md)']) expect(allowRuleRisk(rule), rule).toBeNull();
  });

  it('any website; one site is fine', () => {
    expect(allowRuleRisk('WebFetch')).toBe('This lets the assistant open any website without asking, and a web address can carry your data away.');
    expect(allowRuleRisk('WebFetch(domain:*)')).toContain('any website');
    expect(allowRuleRisk('WebFetch(domain:docs.example.com)')).toBeNull();
    expect(allowRuleRisk('WebSearch')).toBeNull();
  });

  it('a whole MCP server; one of its tools is fine', () => {
    expect(allowRuleRisk('mcp__github')).toBe('This lets the assistant use every tool of the “github” server without asking, including ones that change or delete things.');
    expect(allowRuleRisk('mcp__github__*')).toContain('every tool of the “github” server');
    expect(allowRuleRisk('mcp__github__get_issue')).toBeNull();
  });

  it('rules that do not parse are not judged', () => {
    expect(allowRuleRisk('Bash(rm')).toBeNull();
    expect(allowRuleRisk('never delete my files')).toBeNull();
  });
});

describe('COMMAND_RISKS', () => {
  it('commandRisk keeps word boundaries and a trailing * continues the word', () => {
    expect(commandRisk('rm -rf x')?.lets).toBe('delete any file');
    expect(commandRisk('rmate')).toBeNull();
    expect(commandRisk('mkfs.ext4 /dev/sda1')?.does).toBe('delete or overwrite files');
    expect(commandRisk('git  push  origin')?.does).toBe('publish your work to others');
    expect(commandRisk('git status')).toBeNull();
  });

  it('every entry’s commands make valid prefix rules, and its words fit both sentences', () => {
    for (const r of COMMAND_RISKS) {
      expect(r.lets).not.toMatch(/[.]$/);
      expect(r.does).toMatch(/^[a-z]/);
      for (const c of r.commands) expect(parseRule(`Bash(${c.replace(/\*$/, '')}:*)`).ok, c).toBe(true);
    }
  });
});
