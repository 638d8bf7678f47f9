// Issue 12 item 8 as rendered: the ready-made rules with their exact rules, list and file and a named
// button each; open for someone with no rules yet; the rule box's "Did you mean" for plain words and
// its explanation of what a rule is when nothing fits; the risky-rule warning in the editor before
// saving and on the rule's row. Every control named.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RuleListing, RuleSourceListing } from '../../../shared/permissions/rule-store';
import { createStore } from 'zustand/vanilla';
import { createStores } from '../stores/create-stores';
import type { RulesState } from '../stores/rules-store';
import { StoresProvider } from '../stores/react';
import { createFakeBridge } from '../testing/fake-bridge';
import { ViewEnvContext } from '../tools/view-env';
import { PresetCard, Presets } from './Presets';
import { rulePresets } from './presets';
import { RuleEditor } from './RuleEditor';
import { RulesBody } from './RulesPane';

const local = (rules: Partial<Pick<RuleSourceListing, 'allow' | 'ask' | 'deny'>> = {}): RuleSourceListing => ({
  source: 'localSettings',
  label: 'Only me, in this project',
  file: '/p/.claude/settings.local.json',
  exists: true,
  writable: true,
  allow: [],
  ask: [],
  deny: [],
  warnings: [],
  ...rules,
});
const shared: RuleSourceListing = { ...local(), source: 'projectSettings', label: 'This project (shared with the team)', file: '/p/.claude/settings.json' };
const listingWith = (l: RuleSourceListing, extra: Partial<RuleListing> = {}): RuleListing => ({
  sources: [l, shared],
  defaultMode: null,
  bypassDisabled: false,
  additionalDirectories: [],
  ...extra,
});

function render(node: ReactNode, listing: RuleListing): string {
  const base = createStores(createFakeBridge());
  const rules = createStore<RulesState>()(() => ({ ...base.rules.getState(), listing, project: '/p' }));
  return renderToStaticMarkup(
    <StoresProvider stores={{ ...base, rules }}>
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

/** The HTML of the list item whose title has this id. */
function item(html: string, id: string): string {
  const at = html.indexOf(`id="rules-preset-${id}-title"`);
  expect(at, id).toBeGreaterThan(-1);
  const next = html.indexOf('<li class="rules-preset"', at);
  return html.slice(html.lastIndexOf('<li class="rules-preset"', at), next === -1 ? undefined : next);
}

describe('ready-made rules (issue 12 item 8)', () => {
  const fresh = listingWith(local({ deny: [] }), { testCommands: ['npm test'] });
  const html = render(<Presets listing={fresh} />, fresh);

  it('a named section, open for someone with no rules of their own, with a named toggle', () => {
    expect(html).toContain('aria-labelledby="rules-presets-title"');
    expect(html).toMatch(/<h3 id="rules-presets-title"[^>]*>Ready-made rules<\/h3>/);
    expect(html).toMatch(/<button type="button" class="button button--small" aria-expanded="true" aria-controls="[^"]+">Hide them<\/button>/);
    expect(html).toContain('aria-label="Ready-made rules"');
  });

  it('each shows its exact rules, its list and its file before anything is added, and its button names it', () => {
    const h = item(html, 'never-delete');
    expect(text(h)).toContain('Never delete files Deny');
    expect(h).toContain('aria-label="Rules “Never delete files” adds"');
    for (const r of ['Bash(rm:*)', 'Bash(rmdir:*)', 'Bash(git clean:*)']) expect(h).toContain(`<code>${r}</code>`);
    expect(text(h)).toContain('They will be saved in the Deny list in .claude/settings.local.json.');
    expect(h).toMatch(/<button type="button" class="button button--small rules-preset__add" aria-label="Add these 6 rules: Never delete files" aria-describedby="rules-preset-never-delete-place">Add these 6 rules<\/button>/);
    expect(h).toContain('<p id="rules-preset-never-delete-place"');
    expect(text(item(html, 'ask-network'))).toContain('They will be saved in the Ask list in .claude/settings.local.json.');
    // The test rule follows this project's package.json.
    expect(text(item(html, 'allow-tests'))).toContain('Bash(npm test:*) Bash(npm run test:*)');
    expect(text(item(html, 'allow-tests'))).toContain('These are the test commands in its package.json.');
  });

  it('where to save them is a group of the writable files, “Only me, in this project” first', () => {
    expect(html).toMatch(/<legend class="rules-label">Save ready-made rules in<\/legend>/);
    expect(html).toContain('<input type="radio" name="rules-presets-file" checked="" value="localSettings"/>');
    expect(html).toContain('<input type="radio" name="rules-presets-file" value="projectSettings"/>');
  });

  it('someone with rules of their own finds the list folded behind “Show them”', () => {
    const all = ['Bash(rm:*)', 'Bash(rmdir:*)', 'Bash(unlink:*)', 'Bash(shred:*)', 'Bash(git clean:*)', 'Bash(git rm:*)'];
    const done = listingWith(local({ deny: all }));
    // Someone with rules sees the list folded; opened, it shows what is there.
    expect(render(<Presets listing={done} />, done)).toMatch(/aria-expanded="false"[^>]*>Show them<\/button>/);
    const part = listingWith(local({ deny: all.slice(0, 2) }));
    expect(render(<Presets listing={part} />, part)).not.toContain('rules-preset-never-delete-title');
  });

  it('a preset already in the chosen file says so and cannot be added again; part of one adds the rest', () => {
    const preset = rulePresets().find((p) => p.id === 'never-delete')!;
    const target = { source: 'localSettings' as const, label: 'Only me, in this project', file: '/p/.claude/settings.local.json' };
    const card = (deny: string[]): string => {
      const l = listingWith(local({ deny }));
      return render(
        <ul>
          <PresetCard preset={preset} target={target} listing={l} />
        </ul>,
        l,
      );
    };
    const done = card([...preset.rules]);
    expect(done).toMatch(/aria-label="Already added: Never delete files"[^>]*disabled=""[^>]*>Already added<\/button>/);
    expect(text(done)).toContain('All of them are in the Deny list in .claude/settings.local.json already.');
    expect(text(done)).toContain('Bash(rm:*) (already there)');
    const part = card(preset.rules.slice(0, 2));
    expect(part).toContain('aria-label="Add the 4 missing rules: Never delete files"');
    expect(part.match(/\(already there\)/g)).toHaveLength(2);
  });

  it('is in the workbench above the add form', () => {
    const body = render(<RulesBody listing={fresh} />, fresh);
    expect(body.indexOf('rules-presets-title')).toBeGreaterThan(-1);
    expect(body.indexOf('rules-presets-title')).toBeLessThan(body.indexOf('rules-add-title'));
  });
});

describe('the rule box with plain words', () => {
  const targets = [{ source: 'localSettings' as const, label: 'Only me, in this project', file: '/p/.claude/settings.local.json' }];
  const listing = listingWith(local());
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
      listing,
    );

  it('“never delete my files”: Did you mean Never delete files, with its rules, its file and one button; nothing to save', () => {
    const h = editor('never delete my files');
    expect(h).toContain('role="group" aria-labelledby="t-meaning-lead"');
    expect(text(h)).toContain('Not a rule yet. Did you mean: Never delete files Deny The assistant may not run commands that delete files or folders');
    expect(text(h)).toContain('Bash(rm:*) Bash(rmdir:*)');
    expect(text(h)).toContain('They will be saved in the Deny list in .claude/settings.local.json.');
    expect(h).toContain('aria-label="Add these 6 rules: Never delete files"');
    expect(text(h)).not.toContain('is not a valid tool name');
    // Plain words are not an error to be marked red, but not a rule to save either.
    expect(h).toContain('aria-invalid="false"');
    expect(h).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Add rule<\/button>/);
  });

  it('a sentence naming a command: the rule it means, one click to put it in the form', () => {
    const h = editor('ask before running docker compose up');
    expect(text(h)).toContain('Ask Bash(docker compose up:*) Asks you first: any command that starts with “docker compose up”.');
    expect(h).toContain('aria-label="Use this rule: Ask Bash(docker compose up:*)"');
  });

  it('editing one rule in place: a preset is pointed to, not added from here', () => {
    const h = editor('never delete my files', 'allow', false);
    expect(text(h)).toContain('Add it from “Ready-made rules” at the top of this pane.');
    expect(h).not.toContain('aria-label="Add these 6 rules');
  });

  it('an unknown word: what a rule looks like in plain words, with two examples', () => {
    const t = text(editor('banana'));
    expect(t).toContain('“banana” is not a rule. A rule names a tool (Bash runs commands, Read opens files, Edit changes them) and, in brackets, what it may do. For example:');
    expect(t).toContain('Bash(npm test:*) — running the tests');
    expect(t).toContain('Read(./docs/**) — reading any file in the docs folder');
  });

  it('a rule with a typo keeps the reason; a capitalised unknown tool is a rule, with a note', () => {
    expect(text(editor('Bash(npm test'))).toContain('Rule "Bash(npm test" is missing its closing ")"');
    expect(text(editor('MyTool'))).toContain('No tool of Agent Desk or Claude Code is called “MyTool”');
  });
});

describe('the risky-rule warning', () => {
  const listing = listingWith(local());
  const editor = (rule: string, behavior: 'allow' | 'ask' | 'deny'): string =>
    render(<RuleEditor idBase="t" initial={{ rule, behavior, source: 'localSettings' }} submitLabel="Add rule" busy={false} onSubmit={async () => null} />, listing);

  it('in the editor before saving: in words, tied to the rule box, with a one-click safer list', () => {
    const h = editor('Bash(rm:*)', 'allow');
    expect(h).toContain('<div id="t-risk" class="rules-risk" role="note" aria-label="Risky rule">');
    expect(text(h)).toContain('Risky. This lets the assistant delete any file without asking.');
    expect(h).toContain('aria-describedby="t-meaning t-risk"');
    expect(h).toMatch(/<button type="button" class="button button--small">Ask me first instead<\/button>/);
    // Still allowed to save: it is the person's choice.
    expect(h).toMatch(/<button type="submit" class="button button--primary button--small">Add rule<\/button>/);
  });

  it('only for allow rules that are risky', () => {
    expect(editor('Bash(rm:*)', 'deny')).not.toContain('rules-risk');
    expect(editor('Bash(npm test:*)', 'allow')).not.toContain('rules-risk');
    expect(text(editor('WebFetch', 'allow'))).toContain('open any website');
    expect(text(editor('Read(//**)', 'allow'))).toContain('read any file on your computer');
  });

  it('on the rule’s row once saved', () => {
    const withRisky = listingWith(local({ allow: ['Bash(rm:*)', 'Bash(npm test:*)'], deny: ['Bash(sudo:*)'] }));
    const h = render(<RulesBody listing={withRisky} />, withRisky);
    const rows = h.split('<li class="rules-row').slice(1);
    const row = (rule: string) => rows.find((r) => r.includes(`>${rule}</code>`))!;
    expect(text(row('Bash(rm:*)'))).toContain('Risky. This lets the assistant delete any file without asking.');
    expect(row('Bash(npm test:*)')).not.toContain('rules-risk');
    expect(row('Bash(sudo:*)')).not.toContain('rules-risk');
  });
});
