// Rule edits to a settings file keep every other key, the key order and the file's indent; a broken
// file is never overwritten; a bad rule is refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRuleEdit, detectIndent, editRuleFile, RuleFileError } from './rule-file';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-rule-file-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('rule-file', () => {
  it('adds a rule to a new file (creating .claude/), 2-space indent, trailing newline', async () => {
    const file = path.join(dir, '.claude', 'settings.local.json');
    expect(await editRuleFile(file, { op: 'add', behavior: 'allow', rule: ' Edit(/src/**) ' })).toEqual({ changed: true });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "permissions": {\n    "allow": [\n      "Edit(/src/**)"\n    ]\n  }\n}\n');
    expect(await editRuleFile(file, { op: 'add', behavior: 'allow', rule: 'Edit(/src/**)' })).toEqual({ changed: false });
  });

  it('keeps other keys, their order and a 4-space indent', async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ model: 'x', permissions: { deny: ['Bash(rm:*)'], defaultMode: 'plan' }, hooks: { Stop: [] } }, null, 4));
    await editRuleFile(file, { op: 'add', behavior: 'ask', rule: 'Bash(git push:*)' });
    const text = readFileSync(file, 'utf8');
    expect(Object.keys(JSON.parse(text))).toEqual(['model', 'permissions', 'hooks']);
    expect(JSON.parse(text).permissions).toEqual({ deny: ['Bash(rm:*)'], defaultMode: 'plan', ask: ['Bash(git push:*)'] });
    expect(text).toContain('\n    "model"');
  });

  it('removes and updates, also moving a rule to another list', async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ permissions: { allow: ['Bash(ls)', 'Bash(pwd)'], deny: [] } }, null, 2));
    await editRuleFile(file, { op: 'update', behavior: 'allow', rule: 'Bash(ls)', newRule: 'Bash(ls:*)' });
    await editRuleFile(file, { op: 'update', behavior: 'allow', rule: 'Bash(pwd)', newRule: 'Bash(pwd)', newBehavior: 'deny' });
    expect(JSON.parse(readFileSync(file, 'utf8')).permissions).toEqual({ allow: ['Bash(ls:*)'], deny: ['Bash(pwd)'] });
    await editRuleFile(file, { op: 'remove', behavior: 'deny', rule: 'Bash(pwd)' });
    expect(JSON.parse(readFileSync(file, 'utf8')).permissions).toEqual({ allow: ['Bash(ls:*)'], deny: [] });
    await expect(editRuleFile(file, { op: 'remove', behavior: 'deny', rule: 'Bash(pwd)' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('never overwrites a broken file and refuses a rule that does not parse', async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, '{\n  "permissions": {,\n}');
    await expect(editRuleFile(file, { op: 'add', behavior: 'allow', rule: 'Bash(ls)' })).rejects.toMatchObject({ code: 'broken_file', message: expect.stringContaining('line 2') });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "permissions": {,\n}');
    expect(() => applyRuleEdit({}, { op: 'add', behavior: 'allow', rule: 'Bash(oops' }, 'f')).toThrow(RuleFileError);
    expect(() => applyRuleEdit({ permissions: { allow: 'Bash' } }, { op: 'add', behavior: 'allow', rule: 'Read' }, 'f')).toThrow(/not a list/);
  });

  it('serialises concurrent edits to one file (none is lost)', async () => {
    const file = path.join(dir, 'settings.json');
    await Promise.all(['A', 'B', 'C', 'D'].map((t) => editRuleFile(file, { op: 'add', behavior: 'allow', rule: `Bash(echo ${t})` })));
    expect(JSON.parse(readFileSync(file, 'utf8')).permissions.allow).toEqual(['Bash(echo A)', 'Bash(echo B)', 'Bash(echo C)', 'Bash(echo D)']);
  });

  it('detects the indent a file uses', () => {
    expect(detectIndent('{\n\t"a": 1\n}')).toBe('\t');
    expect(detectIndent('{"a":1}')).toBe(2);
  });
});
