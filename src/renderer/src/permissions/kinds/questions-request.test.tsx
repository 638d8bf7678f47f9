// Issue 19: AskUserQuestion's approval is a form — each question a labelled group of choices with
// their descriptions, "Other" with a box of its own, Send answers — and the choices become the
// answers the tool sends back (one label, several joined by ", ", or the person's own words).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import type { AskQuestion } from '../../../../shared/tools/ask-user-question';
import { RequestPanel } from '../RequestPanel';
import { requestKindFor } from '../registry';
import { answerOf, answersOf, NO_CHOICE, pick, pickOther } from './questions-answers';

const db: AskQuestion = { question: 'Which database?', header: 'Database', multiSelect: false, options: [{ label: 'SQLite', description: 'One file, nothing to install' }, { label: 'Postgres', description: 'A server' }] };
const checks: AskQuestion = { question: 'Which checks?', header: 'Checks', multiSelect: true, options: [{ label: 'Lint', description: '' }, { label: 'Types', description: '' }] };
const req: PermissionRequestView = {
  requestId: 'r1',
  sessionId: 's',
  toolUseId: 't',
  toolName: 'AskUserQuestion',
  kind: 'other',
  input: { questions: [db, checks] },
  message: 'The assistant has 2 questions for you.',
  suggestions: [],
  destructive: false,
};

describe('issue 19 the question form', () => {
  const html = renderToStaticMarkup(<RequestPanel request={req} busy={false} fromOther={null} onAnswer={() => {}} />);

  it('issue 19 each question is a group named by its question, with radio buttons or checkboxes', () => {
    expect(html).toContain('The assistant has some questions for you');
    expect(html.match(/<fieldset/g)).toHaveLength(2);
    expect(html).toMatch(/<legend[^>]*>.*Database.*Which database\?.*<\/legend>/);
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html.match(/type="checkbox"/g)).toHaveLength(3);
    expect(html).toContain('Choose one or more.');
  });

  it('issue 19 descriptions describe their choice; "Other" has a named box of its own', () => {
    const id = /aria-describedby="([^"]+)"[^>]*\/?>\s*<span class="questions__text"><span class="questions__label">SQLite/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`id="${id}" class="questions__description">One file, nothing to install`);
    expect(html).toContain('aria-label="Your own answer: Which database?"');
  });

  it('issue 19 answers wait for every question; no Allow / Deny buttons, and no 1/2/3', () => {
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Send answers/);
    expect(html).toContain('2 questions still need an answer');
    expect(html).not.toContain('Allow once');
    expect(html).not.toContain('Always allow');
    expect(html).toContain('Esc twice to skip');
  });

  it('issue 19 the registry gives AskUserQuestion its own kind', () => {
    expect(requestKindFor(req).Form).toBeDefined();
    expect(requestKindFor({ ...req, toolName: 'Bash', kind: 'exec' }).Form).toBeUndefined();
  });
});

describe('issue 19 choices become answers', () => {
  it('one choice, a new one replaces it; "Other" with words replaces both', () => {
    let c = pick(db, NO_CHOICE, 'SQLite');
    expect(answerOf(db, c)).toBe('SQLite');
    c = pick(db, c, 'Postgres');
    expect(answerOf(db, c)).toBe('Postgres');
    c = pickOther(db, c, true, '  MySQL ');
    expect(answerOf(db, c)).toBe('MySQL');
    expect(answerOf(db, pickOther(db, NO_CHOICE, true, '   '))).toBe('');
  });

  it('several choices in the order offered, then the own words', () => {
    let c = pick(checks, NO_CHOICE, 'Types');
    c = pick(checks, c, 'Lint');
    c = pickOther(checks, c, true, 'Tests');
    expect(answerOf(checks, c)).toBe('Lint, Types, Tests');
    expect(answerOf(checks, pick(checks, c, 'Lint'))).toBe('Types, Tests');
  });

  it('all answers by question, or null while one is missing', () => {
    expect(answersOf([db, checks], [pick(db, NO_CHOICE, 'SQLite'), NO_CHOICE])).toBeNull();
    expect(answersOf([db, checks], [pick(db, NO_CHOICE, 'SQLite'), pick(checks, NO_CHOICE, 'Lint')])).toEqual({ 'Which database?': 'SQLite', 'Which checks?': 'Lint' });
  });
});
