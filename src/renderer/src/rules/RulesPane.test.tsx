// The rule workbench as rendered (issue 5 item 8): sources strongest first with label, file, whether it
// exists, read-only marks and warnings beside them; rules grouped Allow / Ask / Deny with their
// meaning; Edit / Delete only where the file can be written; the add form, test verdicts and the
// recent-commands list; every control named.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RuleListing } from '../../../shared/permissions/rule-store';
import { createStore } from 'zustand/vanilla';
import { createStores } from '../stores/create-stores';
import type { RulesState } from '../stores/rules-store';
import { StoresProvider } from '../stores/react';
import { createFakeBridge } from '../testing/fake-bridge';
import { ViewEnvContext } from '../tools/view-env';
import { RecentList, samplePlaceholder, TestOutcome } from './RuleChecks';
import { RuleEditor } from './RuleEditor';
import { RulesButton } from './RulesButton';
import { RulesPane } from './RulesPane';

const LISTING: RuleListing = {
  sources: [
    {
      source: 'policySettings',
      label: 'Managed policy',
      file: '/etc/claude-code/managed-settings.json',
      exists: true,
      writable: false,
      allow: [],
      deny: ['Bash(curl:*)'],
      ask: [],
      warnings: [],
    },
    { source: 'cliArg', label: 'Command line (--allowedTools / --disallowedTools)', file: null, exists: true, writable: false, allow: ['Read'], deny: [], ask: [], warnings: [] },
    {
      source: 'localSettings',
      label: 'Only me, in this project',
      file: '/p/.claude/settings.local.json',
      exists: true,
      writable: true,
      allow: ['Bash(npm test:*)'],
      deny: [],
      ask: ['Bash(git push:*)'],
      warnings: [],
    },
    {
      source: 'projectSettings',
      label: 'This project (shared with the team)',
      file: '/p/.claude/settings.json',
      exists: true,
      writable: true,
      allow: [],
      deny: [],
      ask: [],
      warnings: ['Settings file /p/.claude/settings.json is not valid JSON at line 4, column 3 (Unexpected token \'}\'); it was ignored.'],
    },
    { source: 'userSettings', label: 'All my projects', file: '/home/me/.claude/settings.json', exists: false, writable: true, allow: [], deny: [], ask: [], warnings: [] },
  ],
  defaultMode: 'acceptEdits',
  bypassDisabled: true,
  additionalDirectories: ['/shared/lib'],
};

function render(node: ReactNode, listing: RuleListing | null = LISTING): string {
  const base = createStores(createFakeBridge());
  // Server rendering reads a store's initial state, so the listing must be in it from the start.
  const rules = createStore<RulesState>()(() => ({ ...base.rules.getState(), listing, project: '/p' }));
  const stores = { ...base, rules };
  return renderToStaticMarkup(
    <StoresProvider stores={stores}>
      <ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>
    </StoresProvider>,
  );
}

const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The HTML of the <section> whose heading has this id (the source cards are siblings). */
function section(html: string, source: string): string {
  const at = html.indexOf(`data-source="${source}"`);
  expect(at, source).toBeGreaterThan(-1);
  const start = html.lastIndexOf('<section', at);
  const end = html.indexOf('<section', at);
  return html.slice(start, end === -1 ? undefined : end);
}

describe('rule workbench view (issue 5 item 8)', () => {
  const html = render(<RulesPane onClose={() => undefined} />);

  it('is a named region with a close and a reload button', () => {
    expect(html).toContain('id="rules-pane"');
    expect(html).toContain('aria-labelledby="rules-pane-title"');
    expect(html).toMatch(/<h2 id="rules-pane-title"[^>]*>Permission rules<\/h2>/);
    expect(html).toContain('aria-label="Close permission rules"');
    expect(html).toContain('aria-label="Reload rules from the files"');
  });

  it('lists every source strongest first, each with its label and file (relative inside the project)', () => {
    const order = ['policySettings', 'cliArg', 'localSettings', 'projectSettings', 'userSettings'].map((s) => html.indexOf(`data-source="${s}"`));
    expect(order.every((at, i) => at > -1 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(text(section(html, 'policySettings'))).toContain('Managed policy');
    expect(text(section(html, 'policySettings'))).toContain('/etc/claude-code/managed-settings.json File exists');
    expect(text(section(html, 'localSettings'))).toContain('.claude/settings.local.json File exists');
    expect(section(html, 'localSettings')).toContain('title="/p/.claude/settings.local.json"');
    expect(text(section(html, 'userSettings'))).toContain('/home/me/.claude/settings.json Not created yet: adding a rule here creates it');
  });

  it('marks policy and command-line rules read-only with the reason, and offers no Edit or Delete there', () => {
    for (const s of ['policySettings', 'cliArg']) {
      const h = section(html, s);
      expect(text(h)).toContain('Read-only');
      expect(h).not.toContain('aria-label="Edit ');
      expect(h).not.toContain('aria-label="Delete ');
    }
    expect(text(section(html, 'policySettings'))).toContain('These rules always win and cannot be overridden.');
    expect(text(section(html, 'cliArg'))).toContain('given on the command line');
    expect(text(section(html, 'localSettings'))).not.toContain('Read-only');
  });

  it('shows a broken file’s warning beside its source', () => {
    const h = section(html, 'projectSettings');
    expect(h).toContain('aria-label="Problems in This project (shared with the team)"');
    expect(text(h)).toContain('is not valid JSON at line 4, column 3');
    expect(h).toContain('rules-source--warn');
    // Its rules were not read, which is not the same as having none.
    expect(text(h)).toContain('No rules could be read from this file.');
    expect(section(html, 'localSettings')).not.toContain('Problems in');
  });

  it('groups rules Allow / Ask / Deny, each with its meaning, and Edit / Delete named after the rule', () => {
    const h = section(html, 'localSettings');
    expect(h).toContain('aria-label="Allow rules"');
    expect(h).toContain('aria-label="Ask rules"');
    expect(h).not.toContain('aria-label="Deny rules"');
    expect(h.indexOf('aria-label="Allow rules"')).toBeLessThan(h.indexOf('aria-label="Ask rules"'));
    expect(text(h)).toContain('Bash(npm test:*) Any command that starts with “npm test”');
    expect(text(h)).toContain('Bash(git push:*) Any command that starts with “git push”');
    expect(h).toContain('aria-label="Edit Bash(npm test:*)"');
    expect(h).toContain('aria-label="Delete Bash(git push:*)"');
    // A deny rule reads as what it covers, not "without asking".
    expect(text(section(html, 'policySettings'))).toContain('Bash(curl:*) Any command that starts with “curl”');
    expect(text(section(html, 'cliArg'))).not.toContain('No rules');
    // A file that is not there says so once, beside its name.
    expect(text(section(html, 'userSettings'))).not.toContain('No rules here.');
    expect(text(section(html, 'userSettings'))).toContain('Not created yet');
  });

  it('shows defaultMode, the extra folders and whether the do-not-ask mode is turned off', () => {
    const t = text(html);
    expect(t).toContain('Starting mode Accept file changes in the project without asking (acceptEdits)');
    expect(t).toContain('Extra folders the assistant may work in /shared/lib');
    expect(t).toContain('(bypassPermissions) Turned off by a settings file');
  });

  it('offers the add form behind a named, collapsed button', () => {
    expect(html).toMatch(/<button type="button" class="button button--small" aria-expanded="false" aria-controls="[^"]+">New rule…<\/button>/);
  });

  it('says it is reading before the first listing', () => {
    expect(text(render(<RulesPane onClose={() => undefined} />, null))).toContain('Reading the settings files…');
  });

  it('the header button says what it opens and whether it is open', () => {
    const b = render(<RulesButton open={false} onToggle={() => undefined} />);
    expect(b).toContain('aria-expanded="false"');
    expect(b).toContain('aria-controls="rules-pane"');
    // The full name is what is read out; the short one shown in narrow windows is hidden from it.
    expect(b).toContain('<span class="pane-label__long">Permission rules</span><span class="pane-label__short" aria-hidden="true">Rules</span>');
  });
});

describe('rule editor (add and edit in place)', () => {
  const targets = [
    { source: 'localSettings' as const, label: 'Only me, in this project', file: '/p/.claude/settings.local.json' },
    { source: 'projectSettings' as const, label: 'This project (shared with the team)', file: '/p/.claude/settings.json' },
  ];
  const editor = (rule: string, behavior: 'allow' | 'ask' | 'deny' = 'allow', withTargets = true): string =>
    render(
      <RuleEditor
        idBase="t"
        initial={{ rule, behavior, source: 'localSettings' }}
        {...(withTargets ? { targets } : {})}
        submitLabel="Add rule"
        busy={false}
        onSubmit={async () => null}
      />,
    );

  it('a rule that parses: its meaning for the chosen list, and the save button enabled', () => {
    const h = editor('Bash(npm test:*)');
    expect(h).toMatch(/<label class="rules-label" for="t-rule">Rule<\/label>/);
    expect(h).toContain('aria-describedby="t-meaning"');
    expect(text(h)).toContain('Allowed without asking: any command that starts with “npm test”.');
    expect(h).toMatch(/<button type="submit" class="button button--primary button--small">Add rule<\/button>/);
    expect(text(editor('Bash(rm:*)', 'deny'))).toContain('Never allowed: any command that starts with “rm”.');
  });

  it('a rule that does not parse: the reason, marked invalid, and nothing to save', () => {
    const h = editor('Bash(npm test');
    expect(h).toContain('aria-invalid="true"');
    expect(text(h)).toContain('Rule "Bash(npm test" is missing its closing ")"');
    expect(text(h)).toContain('Fix the rule first, then it is compared here.');
    expect(h).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Add rule<\/button>/);
  });

  it('an empty rule shows how to write one and is not marked invalid', () => {
    const h = editor('');
    expect(h).toContain('aria-invalid="false"');
    expect(text(h)).toContain('For example Bash(npm test:*) for commands starting with npm test');
  });

  it('the list is a group of three radios, the file a group of the writable files (only when adding)', () => {
    const h = editor('Bash');
    expect(h).toMatch(/<legend class="rules-label">List<\/legend>/);
    for (const label of ['Allow', 'Ask', 'Deny']) expect(h).toMatch(new RegExp(`<input type="radio" name="t-list"[^>]* value="${label.toLowerCase()}"/>${label}</label>`));
    expect(h).toContain('<input type="radio" name="t-list" checked="" value="allow"/>');
    expect(h).toMatch(/<legend class="rules-label">Save in<\/legend>/);
    expect(text(h)).toContain('Only me, in this project ( .claude/settings.local.json )');
    expect(h).toContain('<input type="radio" name="t-file" checked="" value="localSettings"/>');
    expect(editor('Bash', 'allow', false)).not.toContain('Save in');
  });

  it('has the tester field and the recent commands section, both named', () => {
    const h = editor('Bash(npm test:*)');
    expect(h).toMatch(/<label class="rules-label" for="t-sample">Try it on a command, file or web address<\/label>/);
    expect(h).toContain('placeholder="For example: npm test -- --watch"');
    expect(h).toContain('role="status"');
    expect(h).toMatch(/<h4 id="t-recent" class="rules-label">Recent commands in this project<\/h4>/);
    expect(text(editor('Read(./src/**)'))).toContain('Recent commands are compared with command rules only');
  });

  it('placeholders fit the rule’s tool', () => {
    expect(samplePlaceholder('Read')).toBe('For example: src/app.ts');
    expect(samplePlaceholder('WebFetch')).toBe('For example: https://example.com/docs');
    expect(samplePlaceholder('mcp__github__create_issue')).toBe('What the tool would be given');
    expect(samplePlaceholder(null)).toBe('For example: npm test');
  });
});

describe('test verdicts and recent commands', () => {
  it('Matches / No match with main’s words, rules and commands as code', () => {
    const match = renderToStaticMarkup(
      <TestOutcome check={{ state: 'done', value: { matches: true, text: '`Bash(npm test:*)` would allow `npm test -- --watch`.' } }} />,
    );
    expect(text(match)).toBe('Matches Bash(npm test:*) would allow npm test -- --watch .');
    expect(match).toContain('<code>npm test -- --watch</code>');
    const miss = renderToStaticMarkup(<TestOutcome check={{ state: 'done', value: { matches: false, text: '`Bash(npm test:*)` does not match `rm -rf /`.' } }} />);
    expect(text(miss)).toBe('No match Bash(npm test:*) does not match rm -rf / .');
    expect(text(renderToStaticMarkup(<TestOutcome check={{ state: 'error', error: 'Connection lost' }} />))).toBe('Could not test the rule: Connection lost');
    expect(renderToStaticMarkup(<TestOutcome check={{ state: 'idle' }} />)).toBe('');
  });

  it('recent commands: the tally and each command, the covered ones marked in words', () => {
    const h = renderToStaticMarkup(
      <RecentList
        id="r"
        behavior="allow"
        check={{
          state: 'done',
          value: {
            commands: [
              { command: 'npm test -- --watch', sessionId: 's', at: 2, matches: true },
              { command: 'git status', sessionId: 's', at: 1, matches: false },
            ],
            matched: 1,
          },
        }}
      />,
    );
    expect(text(h)).toBe('This rule would have allowed 1 of 2 recent commands in this project. npm test -- --watch Covered git status Not covered');
    expect(h).toContain('<ul class="rules-recent__list" aria-labelledby="r">');
    const broken = renderToStaticMarkup(<RecentList id="r" behavior="allow" check={{ state: 'done', value: { commands: [], matched: 0, error: 'not a valid rule' } }} />);
    expect(text(broken)).toBe('not a valid rule');
  });
});
