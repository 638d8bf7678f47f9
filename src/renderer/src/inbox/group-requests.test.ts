// Table tests of the inbox's grouping (issue 5 item 6): by origin + turn, then by kind, with the
// labels a person reads ("3 edits in src/", "7 reads", "3 reads outside the project").
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { commonFolder, groupLabel, groupRequests, sourceWords, type GroupKind } from './group-requests';
import { requestKindFor } from '../permissions/registry';
import { settledWords } from './settled-words';
import { modalQueue, popsModal } from './modal-policy';
import { expiryWords, waitingWords } from './wait-words';

const P = '/home/ana/shop';
let n = 0;
function req(toolName: string, input: Record<string, unknown>, over: Partial<PermissionRequestView> = {}): PermissionRequestView {
  n++;
  return { requestId: `r${n}`, sessionId: 's1', toolUseId: `t${n}`, toolName, input, message: 'asks', suggestions: [], destructive: false, ...over };
}
const read = (file_path: string, over: Partial<PermissionRequestView> = {}) => req('Read', { file_path }, over);
const edit = (file_path: string, over: Partial<PermissionRequestView> = {}) => req('Edit', { file_path, old_string: 'a', new_string: 'b' }, over);
const titles: Record<string, string> = { s1: 'Fix the cart', s2: 'Write the docs' };
const ctx = { projectDir: P, sessionTitle: (id: string) => titles[id] };

describe('group labels (what a group is, in words)', () => {
  const rows: [string, GroupKind, PermissionRequestView[], string][] = [
    ['edits in one folder', 'edits', [edit(`${P}/src/a.ts`), edit(`${P}/src/b.ts`), req('Write', { file_path: `${P}/src/c.ts`, content: '' })], '3 edits in src/'],
    ['edits in nested folders share the outer one', 'edits', [edit(`${P}/src/cart/a.ts`), edit(`${P}/src/ui/b.ts`)], '2 edits in src/'],
    ['edits deep in one folder', 'edits', [edit(`${P}/src/cart/a.ts`), edit(`${P}/src/cart/b.ts`)], '2 edits in src/cart/'],
    ['one edit names its folder', 'edits', [edit(`${P}/docs/guide.md`)], '1 edit in docs/'],
    ['edits sharing no folder', 'edits', [edit(`${P}/src/a.ts`), edit(`${P}/README.md`)], '2 edits'],
    ['edits at the top of the project', 'edits', [edit(`${P}/README.md`), edit(`${P}/package.json`)], '2 edits'],
    ['a notebook edit counts as an edit', 'edits', [req('NotebookEdit', { notebook_path: `${P}/nb/a.ipynb`, new_source: 'x' })], '1 edit in nb/'],
    ['edits outside the project', 'edits', [edit('/etc/hosts'), edit('/tmp/x.txt')], '2 edits outside the project'],
    ['edits inside and outside share nothing', 'edits', [edit(`${P}/src/a.ts`), edit('/tmp/x.txt')], '2 edits'],
    ['the preview path wins over the input', 'edits', [req('Write', {}, { preview: { kind: 'file_change', path: `${P}/lib/x.ts`, changeKind: 'create', oldContent: null, newContent: '' } })], '1 edit in lib/'],
    ['reads in the project', 'reads', [read(`${P}/a.ts`), read(`${P}/src/b.ts`)], '2 reads'],
    ['reads outside the project', 'reads', [read('/tmp/x/1.txt'), read('/tmp/x/2.txt'), read('/var/log/3.log')], '3 reads outside the project'],
    ['one read inside makes it just reads', 'reads', [read('/tmp/x/1.txt'), read(`${P}/a.ts`)], '2 reads'],
    ['a sibling folder with the project name as prefix is outside', 'reads', [read(`${P}-old/a.ts`)], '1 read outside the project'],
    ['searches', 'searches', [req('Grep', { pattern: 'x', path: '/opt' }), req('Glob', { pattern: '*.ts', path: '/opt' })], '2 searches outside the project'],
    ['commands', 'commands', [req('Bash', { command: 'npm test' }), req('Bash', { command: 'ls' })], '2 commands'],
    ['one command', 'commands', [req('Bash', { command: 'ls' })], '1 command'],
    ['pages of one site', 'fetches', [req('WebFetch', { url: 'https://example.com/a' }), req('WebFetch', { url: 'https://example.com/b' })], '2 pages from example.com'],
    ['pages of several sites', 'fetches', [req('WebFetch', { url: 'https://a.org' }), req('WebFetch', { url: 'not a url' })], '2 pages from the web'],
    ['another tool', 'other', [req('Foo', {}), req('Foo', {})], '2 requests to use Foo'],
    ['an MCP tool in words', 'other', [req('mcp__github__create_issue', {})], '1 request to use “create_issue” from github'],
    // The budget's question names whose budget, in the dialog's words (issue 20 item 4).
    ['a conversation’s budget', 'other', [req('Budget', { owner: 'conversation' })], 'This conversation has used up its budget'],
    ['a background task’s budget', 'other', [req('Budget', { owner: 'task' })], 'A background task has used up its budget'],
    ['a connected tool’s questions', 'other', [req('McpQuestion', { server: 'booking' }), req('McpQuestion', { server: 'booking' })], '2 questions from “booking”'],
  ];
  it.each(rows)('%s → %s', (_name, kind, requests, label) => {
    expect(groupLabel(kind, requests, P)).toBe(label);
  });

  it('without a project, outside cannot be told; absolute folders are kept whole', () => {
    expect(groupLabel('reads', [read('/tmp/a'), read('/tmp/b')], null)).toBe('2 reads');
    expect(commonFolder(['/srv/app/a.ts', '/srv/app/b.ts'], null)).toBe('/srv/app/');
    expect(commonFolder(['/a.ts', '/b.ts'], null)).toBe('');
    expect(commonFolder([`${P}\\src\\a.ts`, `${P}\\src\\b.ts`], P)).toBe('src/');
    expect(commonFolder(['', `${P}/src/a.ts`], P)).toBe('');
  });
});

describe('grouping by origin + turn, then by kind', () => {
  it('one turn of three outside reads is one group; another turn, kind or origin starts another', () => {
    const a = read('/tmp/o/1.txt', { turn: 'm1', createdAt: 1000 });
    const b = read('/tmp/o/2.txt', { turn: 'm1', createdAt: 1001 });
    const cmd = req('Bash', { command: 'npm test' }, { turn: 'm2', createdAt: 1002 });
    const c = read('/tmp/o/3.txt', { turn: 'm1', createdAt: 1003 });
    const other = read(`${P}/x.ts`, { sessionId: 's2', turn: 'm9', createdAt: 1004 });
    const sub = read(`${P}/y.ts`, { turn: 'm1', origin: { kind: 'subagent', label: 'Explore agent' }, createdAt: 1005 });
    const task = req('Bash', { command: 'rm -rf dist' }, { sessionId: 'task-1', origin: { kind: 'task', label: 'Nightly build' }, createdAt: 1006, expiresAt: 9000 });
    const task2 = req('Bash', { command: 'npm run build' }, { sessionId: 'task-1', origin: { kind: 'task', label: 'Nightly build' }, createdAt: 1007, expiresAt: 8000 });
    const groups = groupRequests([a, b, cmd, c, other, sub, task, task2], ctx);
    expect(groups.map((g) => [g.label, g.source, g.requests.map((r) => r.requestId)])).toEqual([
      ['3 reads outside the project', 'Conversation “Fix the cart”', [a.requestId, b.requestId, c.requestId]],
      ['1 command', 'Conversation “Fix the cart”', [cmd.requestId]],
      ['1 read', 'Conversation “Write the docs”', [other.requestId]],
      ['1 read', 'Helper agent “Explore agent” in “Fix the cart”', [sub.requestId]],
      ['2 commands', 'Background task “Nightly build”', [task.requestId, task2.requestId]],
    ]);
    expect(groups[0]).toMatchObject({ kind: 'reads', origin: 'session', sessionId: 's1', since: 1000, expiresAt: null });
    expect(groups[4]).toMatchObject({ origin: 'task', since: 1006, expiresAt: 8000 });
    // Keys are distinct and stable.
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
    expect(groupRequests([a, b, cmd, c, other, sub, task, task2], ctx).map((g) => g.key)).toEqual(groups.map((g) => g.key));
  });

  it('one turn mixing kinds gives one group per kind, in the order they first wait; other tools per tool', () => {
    const r = [req('Foo', {}, { turn: 't' }), edit(`${P}/src/a.ts`, { turn: 't' }), req('Bar', {}, { turn: 't' }), req('Foo', {}, { turn: 't' })];
    expect(groupRequests(r, ctx).map((g) => g.label)).toEqual(['2 requests to use Foo', '1 edit in src/', '1 request to use Bar']);
  });

  it('requests without a turn or time (older hosts) still group by origin and kind', () => {
    const groups = groupRequests([read('/tmp/1'), read('/tmp/2')], ctx);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ label: '2 reads outside the project', since: null });
  });

  it('nothing waiting, no groups', () => {
    expect(groupRequests([], ctx)).toEqual([]);
  });
});

describe('where a request comes from', () => {
  const rows: [string, Partial<PermissionRequestView>, string][] = [
    ['the conversation by its title', { sessionId: 's2' }, 'Conversation “Write the docs”'],
    ['a session origin uses the known title first', { origin: { kind: 'session', label: 'Old title' } }, 'Conversation “Fix the cart”'],
    ['an unknown conversation uses the origin label', { sessionId: 'zz', origin: { kind: 'session', label: 'Fresh one' } }, 'Conversation “Fresh one”'],
    ['an unknown conversation without label', { sessionId: 'zz' }, 'A conversation'],
    ['a subagent of a known conversation', { origin: { kind: 'subagent', label: 'Explore agent' } }, 'Helper agent “Explore agent” in “Fix the cart”'],
    ['a named subagent says it is a helper agent', { origin: { kind: 'subagent', label: 'Builder' } }, 'Helper agent “Builder” in “Fix the cart”'],
    ['a subagent alone', { sessionId: 'zz', origin: { kind: 'subagent', label: 'Explore agent' } }, 'Helper agent “Explore agent”'],
    ['a subagent without a label', { sessionId: 'zz', origin: { kind: 'subagent', label: ' ' } }, 'A helper agent'],
    ['a background task', { sessionId: 'task-1', origin: { kind: 'task', label: 'Nightly build' } }, 'Background task “Nightly build”'],
    ['a background task with its folder (issue 18 item 6)', { sessionId: 'task-2', origin: { kind: 'task', label: 'nightly deps', where: '~/proj' } }, 'Background task “nightly deps” in ~/proj'],
  ];
  it.each(rows)('%s', (_name, over, words) => {
    expect(sourceWords(read('/x', over), ctx.sessionTitle)).toBe(words);
  });
});

describe('modal policy: only the conversation on screen pops the modal', () => {
  const rows: [string, Partial<PermissionRequestView>, string | null, boolean][] = [
    ['own conversation, no origin', {}, 's1', true],
    ['own conversation, session origin', { origin: { kind: 'session', label: 'Fix the cart' } }, 's1', true],
    ['another conversation', { sessionId: 's2' }, 's1', false],
    ['a subagent of the own conversation waits in the inbox', { origin: { kind: 'subagent', label: 'Explore agent' } }, 's1', false],
    ['a background task', { sessionId: 'task-1', origin: { kind: 'task', label: 'Nightly' } }, 's1', false],
    ['no conversation on screen (a new one)', {}, null, false],
  ];
  it.each(rows)('%s', (_name, over, currentId, pops) => {
    expect(popsModal(read('/x', over), currentId)).toBe(pops);
  });
  it('the modal queue keeps the order', () => {
    const list = [read('/a'), read('/b', { sessionId: 's2' }), read('/c')];
    expect(modalQueue(list, 's1').map((r) => r.input)).toEqual([{ file_path: '/a' }, { file_path: '/c' }]);
  });
});

describe('waiting and automatic denial in words', () => {
  const M = 60_000;
  const rows: [number | null, number, string][] = [
    [null, 0, ''],
    [0, 59_000, 'asked just now'],
    [0, M, 'waiting 1 min'],
    [0, 14 * M + 59_000, 'waiting 14 min'],
    [0, 60 * M, 'waiting 1 h'],
    [0, 65 * M, 'waiting 1 h 5 min'],
  ];
  it.each(rows)('since %s at %s → %s', (since, now, words) => expect(waitingWords(since, now)).toBe(words));

  const expiry: [number | null, number, string][] = [
    [null, 0, ''],
    [8 * M, 0, 'Denied automatically in 8 min'],
    [8 * M, 1, 'Denied automatically in 8 min'],
    [8 * M - 30_000, 0, 'Denied automatically in 8 min'],
    [30_000, 0, 'Denied automatically in less than a minute'],
    [90 * M, 0, 'Denied automatically in 1 h 30 min'],
    [0, 5, 'Being denied automatically now'],
  ];
  it.each(expiry)('expires %s at %s → %s', (at, now, words) => expect(expiryWords(at, now)).toBe(words));

  // A budget question nobody answers stops the task: the inbox says "Stopped", never "Denied" (it has no Deny).
  it('a budget question is stopped automatically, not denied', () => {
    const outcome = requestKindFor(req('Budget', { owner: 'task' })).denialOutcome;
    expect(expiryWords(8 * M, 0, outcome)).toBe('Stopped automatically in 8 min');
    expect(expiryWords(0, 5, outcome)).toBe('Being stopped automatically now');
    expect(settledWords({ decision: 'deny', expired: true }, outcome)).toBe('Stopped automatically: nobody answered in time.');
    expect(settledWords({ decision: 'deny', expired: false }, outcome)).toBe('Stopped in another window.');
    expect(requestKindFor(req('Bash', { command: 'ls' })).denialOutcome).toBeUndefined();
  });
});
