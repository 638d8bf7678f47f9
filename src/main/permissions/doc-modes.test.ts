// PL4 plan mode and protected paths against Claude Code's docs (permission-modes, "Analyze before you
// edit with plan mode", "Protected paths", "Available modes"), decided by the real decider over the
// app's own tools: what plan mode refuses and what it asks, the exact protected list, and what default,
// acceptEdits, plan and bypassPermissions do with a write to each entry.
import { describe, expect, it } from 'vitest';
import { createAcceptEditsPolicy } from './accept-edits';
import { cite, decide, PROJECT, rules, type Cite, type DecideOptions } from './test-doc-rows';
import type { PermissionMode } from './types';

const PM = (section: string, says: string, ours?: string): Cite => ({ page: 'modes', section, says, ...(ours ? { ours } : {}) });
const PLAN = 'Analyze before you edit with plan mode';
const PROT = 'Protected paths';
const P = (rel: string) => `${PROJECT}/${rel}`;
const acceptEdits = createAcceptEditsPolicy(() => ({ cwd: PROJECT, workingDirectories: [PROJECT] }));
const inMode = (mode: PermissionMode, o: DecideOptions = {}): DecideOptions => ({ mode, acceptEdits, ...o });

describe('PL4 plan mode: which calls it refuses and which it asks about', () => {
  const says = 'Claude reads files, runs shell commands to explore, and writes a plan, but does not edit your source';
  type Row = [Cite, tool: string, input: unknown, opts: DecideOptions, expected: 'allow' | 'ask' | 'deny'];
  const rows: Row[] = [
    [PM(PLAN, says), 'Read', { file_path: P('src/a.ts') }, {}, 'allow'],
    [PM(PLAN, says), 'Grep', { pattern: 'TODO' }, {}, 'allow'],
    [PM(PLAN, says), 'Glob', { pattern: '**/*.ts' }, {}, 'allow'],
    [PM(PLAN, 'edits stay blocked until you approve the plan'), 'Edit', { file_path: P('src/a.ts'), old_string: 'a', new_string: 'b' }, {}, 'deny'],
    [PM(PLAN, 'edits stay blocked until you approve the plan'), 'Write', { file_path: P('src/new.ts'), content: 'x' }, {}, 'deny'],
    [PM(PLAN, 'edits stay blocked until you approve the plan'), 'NotebookEdit', { notebook_path: P('a.ipynb'), new_source: 'x' }, {}, 'deny'],
    [PM(PLAN, 'edits stay blocked until you approve the plan', 'even with an allow rule (Claude Code fixed the same in v2.1.136, issue 57439)'), 'Edit', { file_path: P('src/a.ts'), old_string: 'a', new_string: 'b' }, { set: rules({ allow: ['Edit'] }) }, 'deny'],
    [PM(PLAN, 'commands outside the built-in read-only set prompt for approval'), 'Bash', { command: 'make' }, {}, 'ask'],
    [
      PM(PLAN, 'commands outside the built-in read-only set prompt for approval', 'the permissions page says such commands go "through the regular permission flow"; we ask even when an allow rule matches'),
      'Bash', { command: 'make' }, { set: rules({ allow: ['Bash'] }) }, 'ask',
    ],
    [PM(PLAN, 'commands outside the built-in read-only set prompt for approval', 'a PreToolUse hook allow does not skip the prompt either'), 'Bash', { command: 'make' }, { hook: { decision: 'allow' } }, 'ask'],
    [PM('Available modes', 'Deny rules block in every mode, including bypassPermissions'), 'Bash', { command: 'make' }, { set: rules({ deny: ['Bash(make)'] }) }, 'deny'],
    [PM('Actions no mode auto-approves', 'Tools matched by an explicit ask rule'), 'Read', { file_path: P('src/a.ts') }, { set: rules({ ask: ['Read(/src/**)'] }) }, 'ask'],
  ];
  it.each(rows.map(([c, ...rest]) => [cite('PL4', c), ...rest] as const))('%s — %s', async (_name, tool, input, opts, expected) => {
    const v = await decide(tool, input, inMode('plan', opts));
    expect(v.behavior).toBe(expected);
  });

  it(cite('PL4', PM(PLAN, 'edits stay blocked until you approve the plan')) + ' — the model is told why; the person is asked without "always allow" choices', async () => {
    const denied = await decide('Write', { file_path: P('a.ts'), content: 'x' }, inMode('plan'));
    expect(denied).toMatchObject({ behavior: 'deny', reason: { type: 'mode', mode: 'plan' }, message: expect.stringContaining('plan mode') });
    const asked = await decide('Bash', { command: 'make' }, inMode('plan'));
    expect(asked).toMatchObject({ behavior: 'ask', suggestions: [], explanation: { reason: { kind: 'mode', mode: 'plan' } } });
  });
});

/** The docs' list, as written (permission-modes §Protected paths). */
const DIRS = ['.git', '.config/git', '.vscode', '.idea', '.husky', '.cargo', '.devcontainer', '.yarn', '.mvn', '.claude'];
const FILES = [
  '.gitconfig', '.gitmodules',
  '.bashrc', '.bash_profile', '.bash_login', '.bash_aliases', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.zlogout', '.profile', '.envrc',
  '.npmrc', '.yarnrc', '.yarnrc.yml', '.pnp.cjs', '.pnp.loader.mjs', '.pnpmfile.cjs', 'bunfig.toml', '.bunfig.toml',
  '.bazelrc', '.bazelversion', '.bazeliskrc',
  '.pre-commit-config.yaml', 'lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml',
  'gradle-wrapper.properties', 'maven-wrapper.properties',
  '.devcontainer.json',
  '.ripgreprc', 'pyrightconfig.json',
  '.mcp.json', '.claude.json',
];
const PROTECTED = [...DIRS.map((d) => `${d}/x`), ...FILES];
const write = (rel: string) => ({ file_path: P(rel), content: 'x' });

describe('PL4 protected paths: the exact list, in every mode', () => {
  const modes: Array<[PermissionMode, 'ask' | 'deny', Cite]> = [
    ['default', 'ask', PM(PROT, 'default, acceptEdits: Prompted')],
    ['acceptEdits', 'ask', PM(PROT, 'default, acceptEdits: Prompted')],
    ['bypassPermissions', 'ask', PM(PROT, 'bypassPermissions: Allowed', 'the earlier docs (and the zh-TW page) prompt for these writes in bypassPermissions too; we keep asking')],
    ['plan', 'deny', PM(PROT, 'plan: … prompted when [auto mode] isn\'t [available]', 'plan mode refuses every edit, protected or not')],
  ];
  const cases = modes.flatMap(([mode, expected, c]) => PROTECTED.map((rel) => [cite('PL4', c), mode, rel, expected] as const));
  it.each(cases)('%s — %s: write %s → %s', async (_name, mode, rel, expected) => {
    const v = await decide('Write', write(rel), inMode(mode));
    expect(v.behavior).toBe(expected);
    if (expected === 'ask') expect(v.explanation?.reason).toMatchObject({ kind: 'check', name: 'protected-path' });
  });

  it.each(PROTECTED)(
    cite('PL4', PM(PROT, 'permissions.allow rules in settings files do not pre-approve protected-path writes … an entry such as Edit(.claude/**) … does not change the per-mode outcome')) + ' — %s',
    async (rel) => {
      for (const mode of ['default', 'acceptEdits'] as const) {
        expect((await decide('Write', write(rel), inMode(mode, { set: rules({ allow: ['Edit', 'Write', 'Edit(/**)'] }) }))).behavior, mode).toBe('ask');
      }
    },
  );

  it(cite('PL4', PM(PROT, 'In modes that prompt, the prompt for a .claude/ write offers Yes, and allow Claude to edit its own settings for this session, which approves later .claude/ writes in that session', 'a session rule ("always allow") or --allowedTools approves it; settings rules never do')), async () => {
    const session = rules({ allow: [{ rule: 'Edit(/.claude/**)', source: 'session' }] });
    expect((await decide('Write', write('.claude/settings.json'), inMode('acceptEdits', { set: session }))).behavior).toBe('allow');
    const cli = rules({ allow: [{ rule: 'Edit(/.npmrc)', source: 'cliArg' }] });
    expect((await decide('Write', write('.npmrc'), { set: cli })).behavior).toBe('allow');
    // A deny still wins over the person's own allow.
    expect((await decide('Write', write('.npmrc'), { set: rules({ allow: [{ rule: 'Edit', source: 'session' }], deny: ['Edit(/.npmrc)'] }) })).behavior).toBe('deny');
  });

  type Row = [Cite, rel: string, expected: 'allow' | 'ask', opts?: DecideOptions];
  const edges: Row[] = [
    [PM(PROT, '.claude, except for .claude/worktrees where Claude stores its own git worktrees'), '.claude/worktrees/feature/src/a.ts', 'allow'],
    [PM(PROT, '.claude, except for .claude/worktrees'), '.claude/worktrees/notes.txt', 'ask'],
    [PM(PROT, '.claude, except for .claude/worktrees', 'inside a worktree every other entry still protects: its own .git'), '.claude/worktrees/feature/.git/config', 'ask'],
    [PM(PROT, 'Protected directories: .claude', 'the earlier docs exempted .claude/commands, agents and skills; the current list does not, so they ask'), '.claude/commands/deploy.md', 'ask'],
    [PM(PROT, 'Protected directories: .claude'), '.claude/skills/x/SKILL.md', 'ask'],
    [PM(PROT, 'Protected directories: .git', 'a protected folder anywhere in the path'), 'packages/app/.git/hooks/pre-commit', 'ask'],
    [PM(PROT, 'Protected files: gradle-wrapper.properties', 'a protected file by its name, in any folder'), 'gradle/wrapper/gradle-wrapper.properties', 'ask'],
    [PM(PROT, 'Protected files: maven-wrapper.properties'), '.mvn/wrapper/maven-wrapper.properties', 'ask'],
    [PM(PROT, 'Protected directories: .config/git'), '.config/git/ignore', 'ask'],
    [PM(PROT, 'Writes to a small set of paths are never auto-approved', 'only the listed names: .config elsewhere is an ordinary folder'), '.config/app.toml', 'allow'],
    [PM(PROT, 'Writes to a small set of paths are never auto-approved'), '.gitignore', 'allow'],
    [PM(PROT, 'Writes to a small set of paths are never auto-approved'), '.github/workflows/ci.yml', 'allow'],
    [PM(PROT, 'Writes to a small set of paths are never auto-approved'), 'src/npmrc.ts', 'allow'],
    [PM(PROT, 'Protected directories: .git', 'on a case-insensitive file system .GIT is .git'), '.GIT/config', 'ask', { caseInsensitive: true }],
    [PM(PROT, 'Protected directories: .git', 'on a case-sensitive file system .GIT is another folder'), '.GIT/config', 'allow'],
    [
      PM(PROT, 'Protected directories: .git', 'judged where a symlink really leads as well as on the path as written'),
      'hooks-link/pre-commit', 'ask', { realpath: (p) => p.replace(P('hooks-link'), P('.git/hooks')) },
    ],
  ];
  it.each(edges.map(([c, rel, expected, opts]) => [cite('PL4', c), rel, expected, opts] as const))('%s — acceptEdits: write %s → %s', async (_name, rel, expected, opts) => {
    expect((await decide('Write', write(rel), inMode('acceptEdits', opts))).behavior).toBe(expected);
  });

  it(cite('PL4', PM(PROT, 'Writes to a small set of paths are never auto-approved', 'reading them is not affected')), async () => {
    expect((await decide('Read', { file_path: P('.git/config') })).behavior).toBe('allow');
    expect((await decide('Read', { file_path: P('.npmrc') }, inMode('plan'))).behavior).toBe('allow');
  });
});
