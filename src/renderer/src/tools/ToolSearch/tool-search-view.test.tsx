// ToolSearch's card as static markup (AS4, PX2): what it readied in the title, keywords in words, and
// neither its field names nor its answer to the model ("call them directly") on the card.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { ToolCallCardView } from '../../transcript/ToolCallCard';
import { viewFor } from '../registry';
import { ViewEnvContext } from '../view-env';

const render = (node: ReactNode) => renderToStaticMarkup(<ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const call = (query: string, matches: string[] | null, over: Partial<ToolCallView> = {}): ToolCallView => ({
  id: 'c1',
  name: 'ToolSearch',
  userFacingName: 'ToolSearch',
  messageId: 'm1',
  input: { query, max_results: 5 },
  state: matches ? 'succeeded' : 'running',
  ...(matches
    ? { result: { text: `Loaded ${matches.length} tool: ${matches.join(', ')}. Their full definitions are in your tool list from now on; call them directly.`, isError: false, data: { matches, query, total_deferred_tools: 9 } } }
    : {}),
  ...over,
});

describe('ToolSearch card (AS4, PX2)', () => {
  it('a select: says which tools it made ready, with no field names and no answer to the model', () => {
    const view = viewFor('ToolSearch');
    expect(view.title(call('select:SendUserMessage', ['SendUserMessage']))).toBe('Made 1 more tool ready: SendUserMessage');
    expect(view.title(call('select:Config,mcp__github__create_issue', ['Config', 'mcp__github__create_issue']))).toBe('Made 2 more tools ready: Config, “create_issue” from github');
    const html = text(render(<ToolCallCardView call={call('select:SendUserMessage', ['SendUserMessage'])} progress={undefined} />));
    expect(html).toContain('Made 1 more tool ready: SendUserMessage');
    for (const raw of ['Search words', 'Max results', 'select:', 'call them directly', 'Show output']) expect(html).not.toContain(raw);
  });

  it('keywords are said in words; none found says so; while it runs it says what it does', () => {
    const view = viewFor('ToolSearch');
    expect(view.title(call('jupyter notebook', []))).toBe('Looked for more of its tools: none matched');
    expect(text(render(<ToolCallCardView call={call('jupyter notebook', [])} progress={undefined} />))).toContain('Looked for: jupyter notebook');
    expect(view.title(call('select:Config', null))).toBe('Get more of its tools ready');
    expect(view.subject(call('select:Config', null))).toBe('Config');
  });
});
