// An attack corpus against the file tools' path permissions (PL2, PL4a–e, PL8, TL1–TL3; Claude Code's
// permissions page, "Read and Edit", and permission-modes, "Protected paths"): a real temp project with
// a denied secrets folder and `.env`, a `.git` folder, `.claude/settings.json` holding the rules,
// symlinks and a hard link, an extra working folder and folders outside; each attack goes through the
// real pipeline — settings loaded from disk, the real decider, the real tools (rg and the built-in
// search) — and the outcome is what the docs imply: denied, asked, run (and then nothing denied shows
// in the result), or a plain tool error for nonsense input.
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClaudeSettingsSync } from '../settings/claude-settings';
import { getAllBaseTools } from '../tools/builtin';
import type { AnyTool } from '../tools/core/tool';
import { createFileStateCache } from '../tools/file-state/file-state';
import { createGlobTool } from '../tools/glob/glob.tool';
import { createGrepTool } from '../tools/grep/grep.tool';
import { NO_HOOKS, NULL_CLASSIFIER } from '../tools/pipeline/deps';
import { createRunToolUse } from '../tools/pipeline/run-tool-use';
import { makeCtx, scriptedPrompter, toolUse } from '../tools/pipeline/test-helpers';
import { createAcceptEditsPolicy } from './accept-edits';
import { createPermissionDecider } from './decider';
import type { PermissionMode } from './types';

let root = '';
let proj = '';
let home = '';
let outside = '';
let extra = '';
/** What no search and no read may show. */
const SECRETS = /MARK-(SECRET|ENV|PRIVATE|SSH)/;

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-path-attacks-')));
  proj = path.join(root, 'proj');
  home = path.join(root, 'home');
  outside = path.join(root, 'outside');
  extra = path.join(root, 'extra');
  for (const d of ['secrets', 'private', 'src', 'locked', '.git/hooks', '.claude', '.vscode', 'cafe\u0301']) mkdirSync(path.join(proj, d), { recursive: true });
  for (const d of [path.join(home, '.ssh'), path.join(root, 'home', 'home', '.ssh'), outside, extra]) mkdirSync(d, { recursive: true });
  const put = (file: string, text: string) => writeFileSync(file, text);
  put(path.join(proj, 'secrets', 'key.txt'), 'MARK-SECRET\n');
  put(path.join(proj, '.env'), 'MARK-ENV\n');
  put(path.join(proj, 'notes\u202fAM.txt'), 'MARK-SECRET (screenshot name)\n');
  put(path.join(proj, 'private', 'notes.txt'), 'MARK-PRIVATE\n');
  put(path.join(proj, 'cafe\u0301', 'menu.txt'), 'MARK-SECRET (decomposed name)\n');
  put(path.join(proj, 'src', 'app.ts'), 'MARK-OK\n');
  put(path.join(proj, '.git', 'config'), '[core]\n');
  put(path.join(proj, '.vscode', 'n.ipynb'), JSON.stringify({ cells: [], metadata: {}, nbformat: 4, nbformat_minor: 5 }));
  put(path.join(home, '.ssh', 'id_rsa'), 'MARK-SSH\n');
  put(path.join(root, 'home', 'home', '.ssh', 'id_rsa'), 'decoy\n');
  put(path.join(outside, 'data.txt'), 'MARK-OUT\n');
  put(path.join(extra, 'e.txt'), 'MARK-EXTRA\n');
  put(
    path.join(proj, '.claude', 'settings.json'),
    JSON.stringify({
      // Composed `é` in the rule; the folder on disk is decomposed.
      permissions: { deny: ['Read(./secrets/**)', 'Read(./.env)', 'Read(~/.ssh/**)', 'Edit(/locked/**)', 'Read(./caf\u00e9/**)', 'Read(./notes\u202fAM.txt)'], ask: ['Read(./private/**)'], additionalDirectories: ['../extra'] },
      // Only programs see a settings `env`; `~` in the file tools stays the person's home.
      env: { HOME: root },
    }),
  );
  symlinkSync(outside, path.join(proj, 'vendor'));
  symlinkSync(path.join(outside, 'data.txt'), path.join(proj, 'data-link.txt'));
  symlinkSync(path.join(proj, 'secrets'), path.join(proj, 'src', 'sec-link'));
  symlinkSync(path.join(proj, '.env'), path.join(proj, 'src', 'env-link'));
  symlinkSync(path.join(proj, '.git'), path.join(proj, 'gitlink'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Outcome = 'deny' | 'ask' | 'run' | 'error';
type Call = [tool: string, input: Record<string, unknown>];

/** One session over the temp project: calls run in order (a Read before a Write), the last one is judged. */
async function attack(calls: Call[], mode: PermissionMode = 'default', backend: 'auto' | 'builtin' = 'auto', answer: 'deny' | 'allow_once' = 'deny') {
  const engineEnv = { HOME: home, AGENT_DESK_MANAGED_SETTINGS: path.join(root, 'no-policy.json') };
  const settings = loadClaudeSettingsSync({ projectDir: proj, env: engineEnv });
  const tools = getAllBaseTools().map((t) =>
    t.name === 'Grep' ? createGrepTool({ launchers: false, backend }) : t.name === 'Glob' ? createGlobTool({ launchers: false, backend: backend === 'builtin' ? 'builtin' : 'auto' }) : t,
  ) as AnyTool[];
  const workingDirectories = [proj, ...settings.additionalDirectories];
  // As the session runtime builds it: programs' env from the settings, `home` the engine's.
  const ctx = makeCtx(tools, { projectDir: proj, workingDirectories, state: { cwd: proj }, env: settings.env, home, toolResultsDir: path.join(root, 'results'), fileState: createFileStateCache() });
  const prompter = scriptedPrompter(() => ({ decision: answer }));
  const permissions = createPermissionDecider({
    mode: () => mode,
    rules: () => settings.rules,
    home,
    caseInsensitive: false,
    acceptEdits: createAcceptEditsPolicy(() => ({ cwd: proj, workingDirectories })),
  });
  let n = 0;
  const run = createRunToolUse({ context: () => ctx, hooks: NO_HOOKS, classifier: NULL_CLASSIFIER, permissions, prompter, persister: { save: async () => undefined }, clock: () => 0, newId: () => `q${++n}`, publish: () => undefined });
  let out;
  for (const [i, [tool, input]] of calls.entries()) {
    prompter.requests.length = 0;
    out = await run(toolUse(`t${i}`, tool, input), new AbortController().signal, () => undefined);
  }
  const text = typeof out!.content === 'string' ? out!.content : JSON.stringify(out!.content);
  const outcome: Outcome = prompter.requests.length > 0 ? 'ask' : out!.state === 'rejected' ? 'deny' : out!.state === 'succeeded' ? 'run' : 'error';
  return { outcome, text, request: prompter.requests[0] };
}

const P = (rel: string) => path.join(proj, rel);

describe('PL4 Read deny rules hold against path tricks (Read; real links and files)', () => {
  const rows: Array<[attack: string, file: () => string]> = [
    ['the plain path (control)', () => 'secrets/key.txt'],
    ['`..` through another folder', () => 'src/../secrets/key.txt'],
    ['repeated slashes and `.`', () => `${proj}//secrets/./key.txt`],
    ['a symlink in the project to the denied folder', () => 'src/sec-link/key.txt'],
    ['a symlink in the project to the denied file', () => 'src/env-link'],
    ['/proc/self/root in front of the path', () => `/proc/self/root${P('.env')}`],
    ['`..` out of /dev/fd', () => `/dev/fd/../..${P('.env')}`],
    ['a trailing newline and blanks', () => ` ${P('.env')}\n`],
    ['~ for the home folder', () => '~/.ssh/id_rsa'],
    ['`..` inside the home folder', () => `${home}/.ssh/../.ssh/id_rsa`],
    ['a decomposed (NFD) spelling of a composed (NFC) rule (fixed: was allowed)', () => 'cafe\u0301/menu.txt'],
  ];
  it.each(rows)('%s → denied', async (_attack, file) => {
    const r = await attack([['Read', { file_path: file() }]]);
    expect(r.outcome).toBe('deny');
    expect(r.text).not.toMatch(SECRETS);
  });

  it('`~` is the person’s home for the tool as for the rules, whatever a settings `env.HOME` says (fixed: the tool used the settings’ HOME)', async () => {
    // With env.HOME = the temp root, `~/home/.ssh/id_rsa` used to open <root>/home/.ssh/id_rsa — the
    // denied key — while the rules judged <home>/home/.ssh/id_rsa and only asked, showing the key's path.
    const r = await attack([['Read', { file_path: '~/home/.ssh/id_rsa' }]]);
    expect(r.outcome).toBe('ask');
    expect(r.request?.input).toMatchObject({ file_path: path.join(home, 'home', '.ssh', 'id_rsa') });
  });

  it('a plain space for the U+202F of a denied screenshot-style name is never read through the retry, nor named (fixed: it was read)', async () => {
    const r = await attack([['Read', { file_path: 'notes AM.txt' }]]);
    expect(r.outcome).toBe('error');
    expect(r.text).toMatch(/File does not exist/);
    expect(r.text).not.toMatch(/MARK|notes\u202fAM/);
  });

  it('"Did you mean" never names a denied file (fixed: it named .env)', async () => {
    const r = await attack([['Read', { file_path: '.envv' }]]);
    expect(r.outcome).toBe('error');
    expect(r.text).not.toMatch(/\/\.env\b/);
  });

  it('a hard link is another name for the same file: left alone (Claude Code matches paths, not files)', async () => {
    const link = P('src/env-hard');
    linkSync(P('.env'), link);
    try {
      expect((await attack([['Read', { file_path: 'src/env-hard' }]])).outcome).toBe('run');
    } finally {
      rmSync(link);
    }
  });
});

describe('PL4 Read deny rules apply to Grep and Glob: denied files never show in their results (fixed: they did)', () => {
  const searches: Array<[attack: string, call: Call, shows: RegExp | null]> = [
    ['Grep over the whole project, content', ['Grep', { pattern: 'MARK', output_mode: 'content' }], /MARK-OK/],
    ['Grep over the whole project, file names', ['Grep', { pattern: 'MARK' }], /src\/app\.ts/],
    ['Grep over the whole project, counts', ['Grep', { pattern: 'MARK', output_mode: 'count' }], /src\/app\.ts/],
    ['Grep with glob `.env`', ['Grep', { pattern: 'MARK', glob: '.env', output_mode: 'content' }], null],
    ['Grep with glob `**/secrets/**`', ['Grep', { pattern: 'MARK', glob: '**/secrets/**', output_mode: 'content' }], null],
    ['Glob `**/*`', ['Glob', { pattern: '**/*' }], /src\/app\.ts/],
    ['Glob `**/.env`', ['Glob', { pattern: '**/.env' }], null],
    ['Glob `secrets/*` from the project', ['Glob', { pattern: 'secrets/*' }], null],
    ['Glob `../secrets/*` from src', ['Glob', { pattern: '../secrets/*', path: 'src' }], null],
    ['Glob through a symlink to the denied folder', ['Glob', { pattern: 'src/sec-link/*' }], null],
    ['Glob of the decomposed folder name', ['Glob', { pattern: 'cafe\u0301/*' }], null],
  ];
  const cases = searches.flatMap(([a, call, shows]) => (['auto', 'builtin'] as const).map((b) => [a, b, call, shows] as const));
  it.each(cases)('%s (%s search) runs and shows nothing denied', async (_a, backend, call, shows) => {
    const r = await attack([call], 'default', backend);
    expect(r.outcome).toBe('run');
    expect(r.text).not.toMatch(SECRETS);
    expect(r.text).not.toMatch(/secrets\/key\.txt|\/\.env\b|private\/notes/);
    if (shows) expect(r.text).toMatch(shows);
    else expect(r.text).toMatch(/^No (files|matches) found/);
  });

  it('a search of the denied folder itself is denied, through a symlink too; an ask rule’s folder asks', async () => {
    for (const p of ['secrets', 'src/sec-link']) {
      expect((await attack([['Grep', { pattern: 'MARK', path: p }]])).outcome, p).toBe('deny');
      expect((await attack([['Glob', { pattern: '*', path: p }]])).outcome, p).toBe('deny');
    }
    expect((await attack([['Grep', { pattern: 'MARK', path: 'private' }]])).outcome).toBe('ask');
  });

  it('our reading: a search the person said yes to under an ask rule shows what that rule asked about', async () => {
    const r = await attack([['Grep', { pattern: 'MARK', path: 'private', output_mode: 'content' }]], 'default', 'auto', 'allow_once');
    expect(r.outcome).toBe('ask');
    expect(r.text).toMatch(/MARK-PRIVATE/);
  });
});

describe('PL4 the working folders: outside asks, through symlinks too; additionalDirectories are inside', () => {
  // Paths under the temp root are known only once it exists: each call is made when its row runs.
  const rows: Array<[attack: string, outcome: Outcome, mode: PermissionMode, call: () => Call]> = [
    ['Read through a symlinked folder that leads outside', 'ask', 'default', () => ['Read', { file_path: 'vendor/data.txt' }]],
    ['Read through a symlinked file that leads outside', 'ask', 'default', () => ['Read', { file_path: 'data-link.txt' }]],
    ['Read an absolute path outside, with `..`', 'ask', 'default', () => ['Read', { file_path: `${proj}/../outside/data.txt` }]],
    ['Grep a symlinked folder that leads outside', 'ask', 'default', () => ['Grep', { pattern: 'MARK', path: 'vendor' }]],
    ['Glob a pattern that climbs out', 'ask', 'default', () => ['Glob', { pattern: '../outside/*' }]],
    ['Write through a symlinked folder that leads outside (acceptEdits)', 'ask', 'acceptEdits', () => ['Write', { file_path: 'vendor/new.txt', content: 'x' }]],
    ['Write outside with `..` (acceptEdits)', 'ask', 'acceptEdits', () => ['Write', { file_path: '../outside/new.txt', content: 'x' }]],
    ['Read in an additional directory', 'run', 'default', () => ['Read', { file_path: path.join(extra, 'e.txt') }]],
    ['Write in an additional directory (acceptEdits)', 'run', 'acceptEdits', () => ['Write', { file_path: path.join(extra, 'new.txt'), content: 'x' }]],
    ['Write inside the project (acceptEdits, control)', 'run', 'acceptEdits', () => ['Write', { file_path: 'src/new.ts', content: 'x' }]],
  ];
  it.each(rows)('%s → %s', async (_a, outcome, mode, call) => {
    const r = await attack([call()], mode);
    expect(r.outcome, r.text).toBe(outcome);
  });
});

describe('PL4 edits: deny rules beat every mode; protected paths ask even in acceptEdits and bypassPermissions', () => {
  const denied: Array<[attack: string, call: Call]> = [
    ['Write under an Edit(/locked/**) deny', ['Write', { file_path: 'locked/a.ts', content: 'x' }]],
    ['Write there with `..`', ['Write', { file_path: 'src/../locked/b.ts', content: 'x' }]],
    ['Write a new file into a Read-denied folder (docs: "including creating a new file there")', ['Write', { file_path: 'secrets/new.txt', content: 'x' }]],
    ['Write a new file there through a symlink', ['Write', { file_path: 'src/sec-link/new.txt', content: 'x' }]],
  ];
  const modes: PermissionMode[] = ['default', 'acceptEdits', 'bypassPermissions'];
  it.each(denied.flatMap(([a, c]) => modes.map((m) => [a, m, c] as const)))('%s (%s) → denied', async (_a, mode, call) => {
    expect((await attack([call], mode)).outcome).toBe('deny');
  });

  const guarded: Array<[attack: string, calls: Call[]]> = [
    ['a new git hook', [['Write', { file_path: '.git/hooks/pre-commit', content: 'x' }]]],
    ['a git hook through a symlink to .git', [['Write', { file_path: 'gitlink/hooks/post-checkout', content: 'x' }]]],
    ['.git reached with `..`', [['Write', { file_path: 'src/../.git/info-new', content: 'x' }]]],
    ['.claude/settings.json after reading it', [['Read', { file_path: '.claude/settings.json' }], ['Write', { file_path: '.claude/settings.json', content: '{}' }]]],
    ['.claude/settings.local.json', [['Write', { file_path: '.claude/settings.local.json', content: '{}' }]]],
    ['a project .bashrc', [['Write', { file_path: '.bashrc', content: 'x' }]]],
    ['~/.bashrc', [['Write', { file_path: '~/.bashrc', content: 'x' }]]],
    ['a notebook in .vscode (NotebookEdit)', [['Read', { file_path: '.vscode/n.ipynb' }], ['NotebookEdit', { notebook_path: '.vscode/n.ipynb', new_source: 'x', cell_type: 'code', edit_mode: 'insert' }]]],
  ];
  it.each(guarded.flatMap(([a, c]) => (['acceptEdits', 'bypassPermissions'] as const).map((m) => [a, m, c] as const)))('%s (%s) → asks', async (_a, mode, calls) => {
    expect((await attack(calls, mode)).outcome).toBe('ask');
  });
});

describe('PL2/PL8 nonsense paths get a plain tool error before any prompt, never a crash (fixed: Node’s own words)', () => {
  const long = 'a'.repeat(10_000);
  const rows: Array<[attack: string, call: Call, says: RegExp]> = [
    ['Read of an empty path', ['Read', { file_path: '' }], /file_path is empty/],
    ['Read with a null byte', ['Read', { file_path: '.env\0.txt' }], /null character/],
    ['Read of a 10,000-character path', ['Read', { file_path: long }], /10000 characters long/],
    ['Read of 5,000 short folders', ['Read', { file_path: 'x/'.repeat(5_000) }], /characters long/],
    ['Read of a 300-byte name', ['Read', { file_path: `src/${'n'.repeat(300)}.txt` }], /name of 304 bytes/],
    ['Write of an empty path', ['Write', { file_path: '', content: 'x' }], /file_path is empty/],
    ['Write with a null byte', ['Write', { file_path: 'a\0b', content: 'x' }], /null character/],
    ['Write of a 10,000-character path', ['Write', { file_path: long, content: 'x' }], /characters long/],
    ['Edit with a null byte', ['Edit', { file_path: 'src/app.ts\0', old_string: 'a', new_string: 'b' }], /null character/],
    ['NotebookEdit with a null byte', ['NotebookEdit', { notebook_path: 'n\0.ipynb', new_source: 'x' }], /null character/],
    ['Grep of a path with a null byte', ['Grep', { pattern: 'x', path: 'src\0' }], /null character/],
    ['Grep of a pattern with a null byte', ['Grep', { pattern: 'MA\0RK' }], /null character; write \\x00/],
    ['Grep of a 10,000-character path', ['Grep', { pattern: 'x', path: long }], /characters long/],
    ['Glob of a pattern with a null byte', ['Glob', { pattern: '*\0' }], /null character/],
    ['Glob of a 10,000-character path', ['Glob', { pattern: '*', path: long }], /characters long/],
  ];
  it.each(rows)('%s', async (_a, call, says) => {
    const r = await attack([call], 'bypassPermissions');
    expect(r.outcome).toBe('error');
    expect(r.text).toMatch(/^<tool_use_error>/);
    expect(r.text).toMatch(says);
    expect(r.text).not.toMatch(/ERR_INVALID_ARG|ENAMETOOLONG|Received/);
  });
});
