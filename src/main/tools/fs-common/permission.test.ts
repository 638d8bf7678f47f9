// The file tools' own permission opinion in plain words (PX2): outside the project folder a read or
// a write asks, saying "outside the project folder" (and the extra folders when there are some),
// never "working directories"; inside, Read is allowed and writes pass through.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allowedFoldersWords, filePermission } from './permission';

const root = mkdtempSync(path.join(os.tmpdir(), 'agent-desk-fs-permission-'));
const project = path.join(root, 'shop');
const extra = path.join(root, 'shared');
const other = path.join(root, 'lib');
const results = path.join(root, 'results');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the folders a file tool may use, in words', () => {
  const cases: [string[], string][] = [
    [[project], 'the project folder'],
    [[project, extra], 'the project folder and the extra folder it may use'],
    [[project, extra, other], 'the project folder and the 2 extra folders it may use'],
    [[], 'the project folder'],
  ];
  for (const [dirs, words] of cases) it(`${dirs.length} folder(s) → "${words}"`, () => expect(allowedFoldersWords(dirs)).toBe(words));
});

describe('filePermission (PL4, PX2)', () => {
  const cases: [string, string, 'read' | 'write', string[], { behavior: string; message?: string; reason?: string }][] = [
    ['a read outside', '/etc/hosts', 'read', [project], { behavior: 'ask', message: 'Read wants to read /etc/hosts, which is outside the project folder.', reason: '/etc/hosts is outside the project folder' }],
    ['a write outside', '/etc/motd', 'write', [project], { behavior: 'ask', message: 'Write wants to write /etc/motd, which is outside the project folder.' }],
    [
      'a read outside with an extra folder',
      '/etc/hosts',
      'read',
      [project, extra],
      { behavior: 'ask', message: 'Read wants to read /etc/hosts, which is outside the project folder and the extra folder it may use.' },
    ],
    ['a read inside the project', path.join(project, 'a.ts'), 'read', [project], { behavior: 'allow', reason: 'the file is inside the project folder' }],
    ['a read inside an extra folder', path.join(extra, 'b.ts'), 'read', [project, extra], { behavior: 'allow', reason: 'the file is inside the project folder and the extra folder it may use' }],
    ['a write inside', path.join(project, 'a.ts'), 'write', [project], { behavior: 'passthrough', message: `Write wants to write ${path.join(project, 'a.ts')}.` }],
  ];
  for (const [name, abs, access, dirs, expected] of cases) {
    it(name, async () => {
      const tool = access === 'read' ? 'Read' : 'Write';
      const result = await filePermission(tool, abs, { workingDirectories: dirs, toolResultsDir: results }, access);
      expect(result.behavior).toBe(expected.behavior);
      if (expected.message) expect((result as { message?: string }).message).toBe(expected.message);
      if (expected.reason) expect((result as { reason?: { reason: string } }).reason?.reason).toBe(expected.reason);
      expect(JSON.stringify(result)).not.toContain('working director');
    });
  }

  it('an ask suggests a rule for the folder, anchored at the root', async () => {
    const result = await filePermission('Read', '/etc/hosts', { workingDirectories: [project], toolResultsDir: results }, 'read');
    expect(result).toMatchObject({ suggestions: ['Read(//etc/**)', 'Read'] });
  });
});
