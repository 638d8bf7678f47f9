// BA12/UI1: a Bash line that only searches, reads or lists is one "Searched: …" line with its output
// folded, and joins the searches around it ("Ran 2 searches and 1 listing"); anything else stays a command.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BashOutput } from '../../../../shared/tools/bash';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { ToolCallCardView } from '../../transcript/ToolCallCard';
import { groupSteps, type StepItem } from '../grouping';
import { groupKeyFor } from '../registry';
import { looksWords, SEARCH_GROUP_KEY } from '../shared/SearchGrouped';
import { bashActivity } from './bash-facts';

const data: BashOutput = { stdout: 'src/a.ts:3: TODO\n', stderr: '', exitCode: 0, interrupted: false, timedOut: false, timeoutMs: 120_000, cwd: '/p' };
const call = (command: string, over: Partial<ToolCallView> = {}): ToolCallView => ({
  id: command,
  name: 'Bash',
  userFacingName: 'Bash',
  messageId: 'm1',
  input: { command, description: 'Find the TODOs' },
  state: 'succeeded',
  result: { text: data.stdout, isError: false, data },
  ...over,
});
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('BA12 bashActivity', () => {
  it.each([
    ['grep -rn TODO src | head -20', 'search'],
    ['rg fixme', 'search'],
    ["find . -name '*.ts'", 'search'],
    ['cat package.json', 'read'],
    ['head -n 5 a.txt | wc -l', 'read'],
    ['ls -la src', 'list'],
    ['ls src | grep test', 'list'],
    ['LANG=C grep -c x f.txt', 'search'],
    ['npm test', null],
    ['grep x f > out.txt', null],
    ['find . -delete', null],
    ['cat $(ls)', null],
    ['echo done', null],
  ])('%s → %s', (cmd, kind) => {
    expect(bashActivity(cmd)).toBe(kind);
  });
});

describe('BA12 the card of a look around', () => {
  it('a grep pipeline is one "Searched: …" line, its output folded', () => {
    const html = renderToStaticMarkup(<ToolCallCardView call={call('grep -rn TODO src | head -20')} progress={undefined} />);
    expect(html).toContain('aria-label="Searched: grep -rn TODO src | head -20"');
    expect(text(html)).toContain('Searched: grep -rn TODO src | head -20');
    expect(html).toMatch(/aria-expanded="false"[^>]*>.*Show output/);
    expect(html).not.toContain('aria-label="Command"');
  });

  it('a command that changes things keeps its title, the command and its open output', () => {
    const html = renderToStaticMarkup(<ToolCallCardView call={call('npm test', { input: { command: 'npm test', description: 'Run the tests' } })} progress={undefined} />);
    expect(text(html)).toContain('Run the tests');
    expect(html).toContain('aria-label="Command"');
    expect(html).toMatch(/aria-expanded="true"/);
  });

  it('a failed search opens its output', () => {
    const failed = call('grep -rn TODO nowhere', { state: 'failed', result: { text: 'grep: nowhere: No such file', isError: true, data: { ...data, stdout: '', stderr: 'grep: nowhere: No such file or directory\n', exitCode: 2 } } });
    expect(renderToStaticMarkup(<ToolCallCardView call={failed} progress={undefined} />)).toMatch(/aria-expanded="true"/);
  });
});

describe('UI1 looks join the searches', () => {
  const step = (id: string, name: string, input: unknown): StepItem => ({ kind: 'tool', id, name, messageId: 'm1', input });
  it('Grep, a Bash search and a Bash listing group; a Bash build does not', () => {
    const items = groupSteps(
      [step('a', 'Grep', { pattern: 'x' }), step('b', 'Bash', { command: 'grep -rn y src' }), step('c', 'Bash', { command: 'ls src' }), step('d', 'Bash', { command: 'npm run build' })],
      { groupKeyOf: groupKeyFor },
    );
    expect(items).toEqual([
      { kind: 'group', key: 'group:a', name: 'Grep', groupKey: SEARCH_GROUP_KEY, ids: ['a', 'b', 'c'] },
      { kind: 'tool', id: 'd', name: 'Bash' },
    ]);
  });

  it('the group line counts each kind of look', () => {
    expect(looksWords([call('grep -r a .'), call('rg b'), call('ls')])).toBe('2 searches and 1 listing');
    expect(looksWords([call('grep -r a .'), call('cat x'), call('ls')])).toBe('1 search, 1 listing and 1 read');
  });
});
