// AS4 query syntax: select:, keyword ranking (name > searchHint > description), +prefix.
import { describe, expect, it } from 'vitest';
import { nameParts, searchTools, type SearchableTool } from './search';

const t = (name: string, description = '', searchHint?: string, deferred = true): SearchableTool => ({ name, description, searchHint, deferred });

const tools: SearchableTool[] = [
  t('NotebookEdit', 'Edit a cell of a Jupyter notebook.', 'jupyter notebook ipynb cell'),
  t('WebFetch', 'Fetch a URL and convert the page to markdown.', 'http url download page'),
  t('WebSearch', 'Search the web.', 'internet query'),
  t('mcp__slack__send_message', 'Send a message to a Slack channel.'),
  t('mcp__slack__list_channels', 'List Slack channels.'),
  t('mcp__github__create_issue', 'Create an issue. Can notify slack.'),
  t('EnterPlanMode', 'Switch to plan mode: read and plan, no edits.'),
  t('Read', 'Read a file.', undefined, false),
];

describe('nameParts', () => {
  const cases: Array<[string, string[]]> = [
    ['NotebookEdit', ['notebook', 'edit']],
    ['WebFetch', ['web', 'fetch']],
    ['LSPTool', ['lsp', 'tool']],
    ['mcp__slack__send_message', ['slack', 'send', 'message']],
    ['mcp__my-server__do_it', ['my', 'server', 'do', 'it']],
    ['Read', ['read']],
  ];
  it.each(cases)('AS4 splits %j into %j', (name, parts) => expect(nameParts(name)).toEqual(parts));
});

describe('searchTools (AS4)', () => {
  it('AS4 select: loads the named tools in the given order, any tool of the pool', () => {
    expect(searchTools('select:WebFetch,NotebookEdit,Read', tools, 5)).toEqual({ matches: ['WebFetch', 'NotebookEdit', 'Read'], notFound: [] });
  });

  it('AS4 select: tolerates spaces, case, duplicates and reports unknown names', () => {
    expect(searchTools('  SELECT: webfetch , WebFetch,Nope ,', tools, 5)).toEqual({ matches: ['WebFetch'], notFound: ['Nope'] });
  });

  it('AS4 select: is not capped by max_results', () => {
    expect(searchTools('select:WebFetch,WebSearch,NotebookEdit', tools, 1).matches).toHaveLength(3);
  });

  it('AS4 keywords: a name hit outranks a description hit', () => {
    // "slack" is a name part of the two slack tools and only description text of the github tool.
    expect(searchTools('slack', tools, 5).matches).toEqual(['mcp__slack__list_channels', 'mcp__slack__send_message', 'mcp__github__create_issue']);
  });

  it('AS4 keywords: searchHint matches ("jupyter" appears in NotebookEdit’s hint and description)', () => {
    expect(searchTools('jupyter', tools, 5).matches).toEqual(['NotebookEdit']);
    expect(searchTools('ipynb', tools, 5).matches).toEqual(['NotebookEdit']);
  });

  it('AS4 keywords: several terms add up; max_results caps the list', () => {
    expect(searchTools('web fetch', tools, 5).matches[0]).toBe('WebFetch');
    // Both have "web" in the name; WebSearch's description says "web" too, so it ranks first.
    expect(searchTools('web', tools, 5).matches).toEqual(['WebSearch', 'WebFetch']);
    expect(searchTools('web', tools, 1).matches).toEqual(['WebSearch']);
  });

  it('AS4 keywords: CamelCase parts match ("plan" finds EnterPlanMode)', () => {
    expect(searchTools('plan', tools, 5).matches).toEqual(['EnterPlanMode']);
  });

  it('AS4 keywords rank only deferred tools (the others are already available)', () => {
    expect(searchTools('read', tools, 5).matches).not.toContain('Read');
  });

  it('AS4 +prefix: the name must contain the prefix, then ranked by the other terms', () => {
    expect(searchTools('+slack send', tools, 5).matches).toEqual(['mcp__slack__send_message', 'mcp__slack__list_channels']);
    // The github tool mentions slack in its description, but not in its name.
    expect(searchTools('+slack notify', tools, 5).matches).not.toContain('mcp__github__create_issue');
  });

  it('AS4 +prefix alone lists the tools whose name contains it', () => {
    expect(searchTools('+github', tools, 5).matches).toEqual(['mcp__github__create_issue']);
  });

  it('AS4 an exact deferred tool name or an mcp__server prefix returns directly', () => {
    expect(searchTools('notebookedit', tools, 5).matches).toEqual(['NotebookEdit']);
    expect(searchTools('mcp__slack', tools, 5).matches).toEqual(['mcp__slack__list_channels', 'mcp__slack__send_message']);
  });

  it('AS4 no match, empty query and regex metacharacters give an empty result, never a throw', () => {
    expect(searchTools('database', tools, 5).matches).toEqual([]);
    expect(searchTools('   ', tools, 5).matches).toEqual([]);
    expect(searchTools('(.*', tools, 5).matches).toEqual([]);
    expect(searchTools('+', tools, 5).matches).toEqual([]);
  });

  it('AS4 ties break by name, so results are deterministic', () => {
    const twins = [t('BetaTool', 'x'), t('AlphaTool', 'x')];
    expect(searchTools('tool', twins, 5).matches).toEqual(['AlphaTool', 'BetaTool']);
  });
});
