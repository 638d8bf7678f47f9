// PL4c deny rules hold under path tricks — `..`, symlinks into a denied folder (dangling ones too), `~`,
// a trailing slash, repeated slashes, case on case-insensitive file systems, a relative path from
// another working directory — for Read, Edit and Write, through the real decider, the app's own tools
// and a real file system (temp folders with real symlinks).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAllBaseTools } from '../tools/builtin';
import type { AnyTool } from '../tools/core/tool';
import { makeCtx } from '../tools/pipeline/test-helpers';
import { createAcceptEditsPolicy } from './accept-edits';
import { createPermissionDecider } from './decider';
import type { PermissionMode, RuleSet } from './types';

let root: string;
let proj: string;
let home: string;
let outside: string;
const pool = getAllBaseTools();

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-path-tricks-')));
  proj = path.join(root, 'proj');
  home = path.join(root, 'home');
  outside = path.join(root, 'outside');
  for (const d of [path.join(proj, 'secrets'), path.join(proj, 'src'), path.join(home, '.ssh'), outside]) mkdirSync(d, { recursive: true });
  writeFileSync(path.join(proj, 'secrets', 'key.txt'), 'k');
  writeFileSync(path.join(proj, '.env'), 'X=1');
  writeFileSync(path.join(home, '.ssh', 'id_rsa'), 'k');
  writeFileSync(path.join(outside, 'data.txt'), 'd');
  // Links inside the project: to the denied folder, to a denied file in home, out of the project,
  // and a dangling one whose target (inside the denied folder) does not exist yet.
  symlinkSync(path.join(proj, 'secrets'), path.join(proj, 'docs'));
  symlinkSync(path.join(home, '.ssh', 'id_rsa'), path.join(proj, 'key'));
  symlinkSync(outside, path.join(proj, 'vendor'));
  symlinkSync(path.join(proj, 'secrets', 'new.txt'), path.join(proj, 'notes.txt'));
  symlinkSync('../secrets/also-new.txt', path.join(proj, 'src', 'relative-link.txt'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Opts {
  cwd?: string;
  mode?: PermissionMode;
  caseInsensitive?: boolean;
}

async function decide(toolName: string, input: Record<string, unknown>, set: Partial<RuleSet>, o: Opts = {}) {
  const cwd = o.cwd ?? proj;
  const rules: RuleSet = { allow: [], deny: [], ask: [], ...set };
  const d = createPermissionDecider({
    mode: () => o.mode ?? 'default',
    rules: () => rules,
    home,
    caseInsensitive: o.caseInsensitive ?? false,
    acceptEdits: createAcceptEditsPolicy(() => ({ cwd, workingDirectories: [proj] })),
  });
  const tool = pool.find((t) => t.name === toolName)!;
  const ctx = makeCtx(pool as AnyTool[], { projectDir: proj, workingDirectories: [proj], state: { cwd }, env: { HOME: home } });
  return (await d.decide({ tool, input, ctx, classifier: async () => ({ verdict: 'none' }) })).behavior;
}

const entry = (rule: string) => ({ rule, source: 'projectSettings' as const });
const deny = (...r: string[]): Partial<RuleSet> => ({ deny: r.map(entry) });
/** The same call for each file tool: Read reads it, Edit changes it, Write replaces it. */
const calls = (file: string): Array<[string, Record<string, unknown>]> => [
  ['Read', { file_path: file }],
  ['Edit', { file_path: file, old_string: 'k', new_string: 'K' }],
  ['Write', { file_path: file, content: 'x' }],
];

describe('PL4c deny rules hold under path tricks (Read, Edit, Write; real symlinks)', () => {
  const tricks: Array<[trick: string, file: () => string, opts?: () => Opts]> = [
    ['plain path (control)', () => path.join(proj, 'secrets', 'key.txt')],
    ['`..` through another folder', () => path.join(proj, 'src') + '/../secrets/key.txt'],
    ['`..` after a symlink that leads out of the project', () => path.join(proj, 'vendor') + '/../secrets/key.txt'],
    ['relative path', () => 'secrets/key.txt'],
    ['relative path with `./` and `..`', () => './src/../secrets/./key.txt'],
    ['trailing slash', () => path.join(proj, 'secrets', 'key.txt') + '/'],
    ['repeated slashes', () => `${proj}//secrets///key.txt`],
    ['a symlink to the denied folder', () => path.join(proj, 'docs', 'key.txt')],
    ['a dangling symlink whose target is in the denied folder', () => path.join(proj, 'notes.txt')],
    ['a relative dangling symlink into the denied folder', () => path.join(proj, 'src', 'relative-link.txt')],
    ['a relative path from a sub-folder', () => '../secrets/key.txt', () => ({ cwd: path.join(proj, 'src') })],
    ['a relative path from a directory outside the project', () => '../proj/secrets/key.txt', () => ({ cwd: outside })],
    ['upper case on a case-insensitive file system', () => path.join(proj, 'SECRETS', 'Key.txt'), () => ({ caseInsensitive: true })],
    ['the project folder itself in another case (case-insensitive)', () => path.join(root, 'PROJ', 'secrets', 'key.txt'), () => ({ caseInsensitive: true })],
  ];
  const rulesFor: Array<[string, Partial<RuleSet>]> = [
    ['Read(./secrets/**) (a Read deny blocks edits too)', deny('Read(./secrets/**)')],
    ['Read(secrets/**)', deny('Read(secrets/**)')],
    ['Read(/secrets/**) (project root)', deny('Read(/secrets/**)')],
  ];
  const cases = tricks.flatMap(([trick, file, opts]) => rulesFor.flatMap(([ruleName, set]) => calls('').map(([tool]) => [trick, ruleName, tool, file, set, opts] as const)));
  it.each(cases)('%s — deny %s — %s is denied', async (_trick, _rule, toolName, file, set, opts) => {
    const input = calls(file()).find(([t]) => t === toolName)![1];
    // acceptEdits and bypassPermissions would allow the edits otherwise: the deny must still win.
    for (const mode of ['default', 'acceptEdits', 'bypassPermissions'] as const) {
      expect(await decide(toolName, input, set, { ...opts?.(), mode }), mode).toBe('deny');
    }
  });

  it('~ in the path is the home folder; a symlink in the project to a denied home file is denied (Read, Edit, Write)', async () => {
    for (const file of ['~/.ssh/id_rsa', path.join(proj, 'key'), 'key']) {
      for (const [toolName, input] of calls(file)) expect(await decide(toolName, input, deny('Read(~/.ssh/**)')), `${toolName} ${file}`).toBe('deny');
    }
  });

  it('an absolute deny for a folder outside the project holds through a link into it', async () => {
    for (const [toolName, input] of calls(path.join(proj, 'vendor', 'data.txt'))) {
      expect(await decide(toolName, input, deny(`Read(/${outside}/**)`), { mode: 'acceptEdits' }), toolName).toBe('deny');
    }
  });

  it('Edit deny rules hold the same way for Edit and Write (Read is not an edit)', async () => {
    const file = path.join(proj, 'docs', 'key.txt');
    expect(await decide('Edit', calls(file)[1]![1], deny('Edit(./secrets/**)'), { mode: 'acceptEdits' })).toBe('deny');
    expect(await decide('Write', calls(file)[2]![1], deny('Edit(./secrets/**)'), { mode: 'bypassPermissions' })).toBe('deny');
    expect(await decide('Read', calls(file)[0]![1], deny('Edit(./secrets/**)'))).toBe('allow');
  });

  it('the control: the same tricks onto an ordinary file are not denied (Read runs; edits follow the mode)', async () => {
    const file = path.join(proj, 'src') + '/../.env.example';
    expect(await decide('Read', { file_path: file }, deny('Read(./secrets/**)'))).toBe('allow');
    expect(await decide('Write', { file_path: file, content: 'x' }, deny('Read(./secrets/**)'), { mode: 'acceptEdits' })).toBe('allow');
  });

  it('acceptEdits never writes through a dangling link that leads out of the working directories', async () => {
    symlinkSync(path.join(outside, 'created-by-write.txt'), path.join(proj, 'escape.txt'));
    expect(await decide('Write', { file_path: path.join(proj, 'escape.txt'), content: 'x' }, {}, { mode: 'acceptEdits' })).toBe('ask');
  });
});
