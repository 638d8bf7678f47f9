// PL4c which rule families cover which tools, row by row against Claude Code's docs (permissions, "Read
// and Edit" and "Match by input parameter"; tools-reference, "Configure tools with permission rules and
// hooks"): Edit rules and the editing tools, the read an Edit allow grants, what a Read deny blocks, what
// a Write(path) rule does, and `param:value` rules.
import { describe, expect, it } from 'vitest';
import { parseSettingsJson } from '../settings/parse-settings';
import { behaviours, cite, decide, HOME, PROJECT, rules, type Cite, type MatchRow } from './test-doc-rows';

const RE = (says: string, ours?: string): Cite => ({ page: 'permissions', section: 'Read and Edit', says, ...(ours ? { ours } : {}) });
const TR = (says: string, ours?: string): Cite => ({ page: 'tools', section: 'Configure tools with permission rules and hooks', says, ...(ours ? { ours } : {}) });
const MP = (says: string, ours?: string): Cite => ({ page: 'permissions', section: 'Match by input parameter', says, ...(ours ? { ours } : {}) });
const P = (rel: string) => `${PROJECT}/${rel}`;

const rows: MatchRow[] = [
  // ── Read rules: Read, Grep, Glob ──
  { cite: TR('Read(~/secrets/**) applies to Read, Grep, Glob'), rule: 'Read(~/secrets/**)', tool: 'Grep', input: { pattern: 'x', path: `${HOME}/secrets` }, expect: [true, true, true] },
  { cite: TR('Read(~/secrets/**) applies to Read, Grep, Glob'), rule: 'Read(~/secrets/**)', tool: 'Glob', input: { pattern: '*', path: `${HOME}/secrets` }, expect: [true, true, true] },
  // ── Edit rules: every editing tool ──
  { cite: RE('Edit rules apply to all built-in tools that edit files'), rule: 'Edit(/src/**)', tool: 'Write', input: { file_path: P('src/new.ts') }, expect: [true, true, true] },
  { cite: TR('Edit(/src/**) applies to Edit, Write, NotebookEdit'), rule: 'Edit(/nb/**)', tool: 'NotebookEdit', input: { notebook_path: P('nb/a.ipynb') }, expect: [true, true, true] },
  // ── an Edit allow grants reading ──
  { cite: TR("An Edit(...) allow rule also grants read access to the same path, so you don't need a matching Read(...) rule"), rule: 'Edit(/src/**)', tool: 'Read', input: { file_path: P('src/a.ts') }, expect: [true, false, false] },
  { cite: TR('An Edit(...) allow rule also grants read access to the same path'), rule: 'Edit(/src/**)', tool: 'Grep', input: { pattern: 'x', path: P('src') }, expect: [true, false, false] },
  { cite: TR('An Edit(...) allow rule also grants read access to the same path'), rule: 'Edit(/src/**)', tool: 'Read', input: { file_path: P('docs/a.md') }, expect: [false, false, false] },
  { cite: TR('An Edit(...) allow rule also grants read access', 'a bare Edit allow grants every read; Edit deny and ask rules stay about edits'), rule: 'Edit', tool: 'Read', input: { file_path: '/etc/hosts' }, expect: [true, false, false] },
  // ── a Read deny blocks editing ──
  { cite: RE('A Read deny rule also blocks the Edit and Write tools on the same path, including creating a new file there'), rule: 'Read(./secrets/**)', tool: 'Edit', input: { file_path: P('secrets/a') }, expect: [false, true, true] },
  { cite: RE('A Read deny rule also blocks the Edit and Write tools on the same path, including creating a new file there'), rule: 'Read(./secrets/**)', tool: 'Write', input: { file_path: P('secrets/new') }, expect: [false, true, true] },
  {
    cite: RE("NotebookEdit isn't covered, so add an Edit deny rule for paths no tool may change", 'a Read deny (and ask) covers NotebookEdit too: a path you may not read, no tool may change'),
    rule: 'Read(./secrets/**)', tool: 'NotebookEdit', input: { notebook_path: P('secrets/n.ipynb') }, expect: [false, true, true],
  },
  // ── Write(path) and other file tools' path rules ──
  {
    cite: RE('If you write a path rule for Write, NotebookEdit, Glob, or the legacy MultiEdit tool instead, Claude Code accepts the rule but never consults it', 'an allow allows nothing (as in Claude Code); a deny or ask applies as the Edit(path) / Read(path) rule the docs say to write'),
    rule: 'Write(/docs/**)', tool: 'Write', input: { file_path: P('docs/a.md') }, expect: [false, true, true],
  },
  { cite: RE('Use Edit(docs/**) in place of Write(docs/**)', 'a Write(path) deny covers every editing tool, as Edit(path) would'), rule: 'Write(/docs/**)', tool: 'Edit', input: { file_path: P('docs/a.md') }, expect: [false, true, true] },
  { cite: RE('Use Edit(docs/**) in place of … NotebookEdit(docs/**)'), rule: 'NotebookEdit(/nb/**)', tool: 'NotebookEdit', input: { notebook_path: P('nb/a.ipynb') }, expect: [false, true, true] },
  { cite: RE('Use Edit(docs/**) in place of … MultiEdit(docs/**)'), rule: 'MultiEdit(/docs/**)', tool: 'Write', input: { file_path: P('docs/a.md') }, expect: [false, true, true] },
  { cite: RE('Use … Read(docs/**) in place of Glob(docs/**)'), rule: 'Glob(/docs/**)', tool: 'Glob', input: { pattern: '*', path: P('docs') }, expect: [false, true, true] },
  { cite: RE('Use … Read(docs/**) in place of Glob(docs/**)', 'a Glob(path) deny is the Read(path) deny'), rule: 'Glob(/docs/**)', tool: 'Read', input: { file_path: P('docs/a.md') }, expect: [false, true, true] },
  { cite: RE("Claude Code doesn't warn about a tool-name rule with no path, such as a deny rule for Write; it matches that rule at the tool level everywhere"), rule: 'Write', tool: 'Write', input: { file_path: '/anywhere' }, expect: [true, true, true] },
  { cite: RE('it matches that rule at the tool level'), rule: 'Write', tool: 'Edit', input: { file_path: '/anywhere' }, expect: [false, false, false] },
  // ── param:value ──
  { cite: MP('Deny and ask rules can match a top-level input parameter on any tool with Tool(param:value) — Bash(run_in_background:true)'), rule: 'Bash(run_in_background:true)', tool: 'Bash', input: { command: 'npm run dev', run_in_background: true }, expect: [false, true, true] },
  { cite: MP('A parameter the model omits is never matched'), rule: 'Bash(run_in_background:true)', tool: 'Bash', input: { command: 'npm run dev' }, expect: [false, false, false] },
  { cite: MP('Agent(model:opus) matches Agent calls that request the Opus model tier'), rule: 'Agent(model:opus)', tool: 'Agent', input: { prompt: 'x', model: 'opus' }, expect: [false, true, true] },
  { cite: MP('Agent(model:opus) matches the alias opus but not a full model ID'), rule: 'Agent(model:opus)', tool: 'Agent', input: { prompt: 'x', model: 'claude-opus-4-7' }, expect: [false, false, false] },
  { cite: MP('The value supports * as a wildcard … Agent(isolation:*) matches any explicit isolation value'), rule: 'Agent(isolation:*)', tool: 'Agent', input: { prompt: 'x', isolation: 'worktree' }, expect: [false, true, true] },
  { cite: MP("Agent(model:*) doesn't match a call that leaves model unset"), rule: 'Agent(model:*)', tool: 'Agent', input: { prompt: 'x' }, expect: [false, false, false] },
  { cite: MP('Fields nested inside an object or array are not matchable'), rule: 'Agent(options:x)', tool: 'Agent', input: { prompt: 'x', options: { a: 'x' } }, expect: [false, false, false] },
  { cite: MP('Whitespace around the colon is ignored'), rule: 'Agent(model : opus)', tool: 'Agent', input: { prompt: 'x', model: 'opus' }, expect: [false, true, true] },
  {
    cite: MP("A rule like Bash(command:rm *) would be bypassable by a compound command, so Claude Code ignores it and emits a startup warning", 'a deny or ask rule on the primary field applies as the tool\'s own specifier, Bash(rm *)'),
    rule: 'Bash(command:rm *)', tool: 'Bash', input: { command: 'ls && rm -rf tmp' }, expect: [false, true, true],
  },
  { cite: MP('An allow rule for one parameter value wouldn\'t establish that the call is safe overall, so allow rules continue to use each tool\'s own specifier syntax'), rule: 'Bash(run_in_background:true)', tool: 'Bash', input: { command: 'x', run_in_background: true }, expect: [false, true, true] },
];

describe('PL4c rule families and parameters (allow / deny / ask)', () => {
  it.each(rows.map((r) => [cite('PL4c', r.cite), r] as const))('%s', (_name, row) => {
    expect(behaviours(row), `${row.rule} on ${row.tool} ${JSON.stringify(row.input)} as [allow, deny, ask]`).toEqual(row.expect);
  });
});

describe('PL4c what the person is told about rules Claude Code does not consult', () => {
  const sf = { source: 'projectSettings' as const, file: `${PROJECT}/.claude/settings.json` };
  const at = `${PROJECT}/.claude/settings.json`;

  it(cite('PL4c', RE('Claude Code accepts the rule but never consults it, and warns at startup', 'the allow is skipped; the deny is kept and applied as Edit(path); both are warned about')), () => {
    const p = parseSettingsJson(sf, { permissions: { allow: ['Write(docs/**)', 'Edit(src/**)'], deny: ['Write(docs/**)'], ask: ['Glob(/dist/**)'] } }, PROJECT);
    expect(p.rules.allow.map((e) => e.rule)).toEqual(['Edit(src/**)']);
    expect(p.rules.deny.map((e) => e.rule)).toEqual(['Write(docs/**)']);
    expect(p.rules.ask.map((e) => e.rule)).toEqual(['Glob(/dist/**)']);
    expect(p.warnings).toEqual([
      `${at}: permissions.allow[0] "Write(docs/**)": file permission checks consult only Read(path) and Edit(path) rules, so this rule allows nothing; write Edit(docs/**) instead; ignored.`,
      `${at}: permissions.deny[0] "Write(docs/**)": Claude Code does not consult Write(path) rules (only Read(path) and Edit(path)); Agent Desk applies it as Edit(docs/**), so write Edit(docs/**) instead.`,
      `${at}: permissions.ask[0] "Glob(/dist/**)": Claude Code does not consult Glob(path) rules (only Read(path) and Edit(path)); Agent Desk applies it as Read(/dist/**), so write Read(/dist/**) instead.`,
    ]);
  });

  it(cite('PL4c', MP('Claude Code ignores it and emits a startup warning. Use Bash(rm *) … instead')), () => {
    const p = parseSettingsJson(sf, { permissions: { deny: ['Bash(command:rm *)'], allow: ['Bash(command:npm test)'] } }, PROJECT);
    expect(p.rules.deny.map((e) => e.rule)).toEqual(['Bash(command:rm *)']);
    expect(p.rules.allow).toEqual([]);
    expect(p.warnings).toEqual([
      expect.stringContaining('permissions.allow[0] "Bash(command:npm test)": an allow rule cannot name Bash\'s command as a parameter; write Bash(npm test) instead; ignored.'),
      expect.stringContaining('permissions.deny[0] "Bash(command:rm *)": Claude Code ignores a rule on Bash\'s command parameter'),
    ]);
  });

  it(cite('PL4', RE('A Read deny rule also blocks the Edit and Write tools on the same path, including creating a new file there')), async () => {
    const set = rules({ deny: ['Read(./.env)'], allow: ['Edit'] });
    expect(await decide('Write', { file_path: P('.env'), content: 'X=1' }, { set })).toMatchObject({ behavior: 'deny', reason: { rule: 'Read(./.env)' } });
    expect((await decide('Read', { file_path: P('src/a.ts') }, { set: rules({ allow: ['Edit(/src/**)'] }), workingDirectories: ['/elsewhere'] })).behavior).toBe('allow');
  });
});
