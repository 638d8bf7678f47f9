// AG7 in the transcript: an Agent card names who works on what, nests the subagent's own calls as the
// usual cards (its live activity), shows its answer as Markdown, and says where a background or
// isolated run's work is.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AgentData } from '../../../../shared/tools/agent';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { createStores } from '../../stores/create-stores';
import { StoresProvider } from '../../stores/react';
import { createFakeBridge } from '../../testing/fake-bridge';
import { ToolCallCardView } from '../../transcript/ToolCallCard';
import { childCalls, NestedCallList } from '../nested-calls';

const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');
const agentCall = (input: Record<string, unknown>, state: ToolCallView['state'], data?: AgentData): ToolCallView => ({
  id: 'toolu_agent',
  name: 'Agent',
  userFacingName: 'Agent',
  messageId: 'm1',
  input: { description: 'Look around', prompt: 'Find the config files', ...input },
  state,
  ...(data ? { result: { text: 'r', isError: false, data } } : {}),
});
const data = (over: Partial<AgentData> = {}): AgentData => ({ agentId: 'a1', agentType: 'Explore', description: 'Look around', model: 'm', status: 'completed', result: 'Found **two** files.', toolUses: 1, ...over });
const childRead: ToolCallView = { id: 'toolu_child', name: 'Read', userFacingName: 'Read', messageId: 'c1', input: { file_path: '/p/config.json' }, state: 'succeeded', parentToolUseId: 'toolu_agent', result: { text: '{}', isError: false } };
const other: ToolCallView = { ...childRead, id: 'toolu_elsewhere', parentToolUseId: 'toolu_other' };

function render(call: ToolCallView, calls: ToolCallView[] = [], status?: string): string {
  const stores = createStores(createFakeBridge());
  stores.tools.setState({ calls: Object.fromEntries([...calls, call].map((c) => [c.id, c])) });
  const progress = status ? { chunks: [], size: 0, hiddenChars: 0, status, nextId: 0 } : undefined;
  return renderToStaticMarkup(
    <StoresProvider stores={stores}>
      <ToolCallCardView call={call} progress={progress} />
    </StoresProvider>,
  );
}

describe('AG7 Agent card', () => {
  it('AG7 named by who works on what; the task is folded; its latest step shows while it works', () => {
    const html = render(agentCall({ subagent_type: 'Explore' }, 'running'), [], '● Read /p/config.json');
    expect(html).toContain('aria-label="Explore agent: Look around"');
    expect(html).toContain('<details class="agent-task"><summary>The task it was given</summary>');
    expect(text(html)).toContain('Working');
    expect(text(html)).toContain('● Read /p/config.json');
  });

  it('AG7 its own calls, only its own, as the usual cards in a list named for it', () => {
    const calls = { [childRead.id]: childRead, [other.id]: other };
    expect(childCalls(calls, 'toolu_agent').map((c) => c.id)).toEqual(['toolu_child']);
    const html = renderToStaticMarkup(
      <NestedCallList calls={childCalls(calls, 'toolu_agent')} label="What Explore agent did" Card={({ fallback }) => <ToolCallCardView call={fallback} progress={undefined} />} />,
    );
    expect(html).toContain('<ol class="tool-nested" aria-label="What Explore agent did">');
    expect(html.match(/data-tool="Read"/g)).toHaveLength(1);
  });

  it('AG7 finished: its answer in Markdown under its own name, and how many steps it took', () => {
    const html = render(agentCall({ subagent_type: 'Explore' }, 'succeeded', data()));
    expect(html).toContain('aria-label="Answer of Explore agent"');
    expect(html).toContain('<strong>two</strong>');
    expect(text(html)).toContain('Finished, 1 step');
  });

  it('AG7 a general-purpose agent is a "Helper agent"; its own name wins', () => {
    expect(render(agentCall({}, 'running'))).toContain('aria-label="Helper agent: Look around"');
    expect(render(agentCall({ name: 'Doc writer' }, 'running'))).toContain('aria-label="Doc writer: Look around"');
  });

  it('AG7 in the background: says so, and where to follow it', () => {
    const t = text(render(agentCall({ run_in_background: true }, 'succeeded', data({ status: 'async_launched', result: '', taskId: 'a1', outputFile: '/o' }))));
    expect(t).toContain('In the background');
    expect(t).toContain('Working in the background');
    expect(t).toContain('It works in the background, listed in the to-do list, where you can stop it.');
    expect(t).not.toContain('helper of the team');
  });

  it('TL a helper of an agent team says which team and what that means', () => {
    const t = text(render(agentCall({ team_name: 'docs-review', name: 'writer' }, 'succeeded', data({ status: 'async_launched', result: '', taskId: 'a1', teammate: 'writer', team: 'docs-review' }))));
    expect(t).toContain('It is a helper of the team “docs-review”: it shares the team’s to-do list and can message the other helpers.');
  });

  it('AG4 isolated: the branch its changes are on, and that the person’s files are unchanged', () => {
    const t = text(render(agentCall({ isolation: 'worktree' }, 'succeeded', data({ worktree: { path: '/w', branch: 'agent/a1', diffStat: ' app.txt | 1 +', removed: false } }))));
    expect(t).toContain('Separate copy');
    expect(t).toContain('your files are unchanged. Its changes are on the branch agent/a1');
    expect(t).toContain('app.txt | 1 +');
  });
});
