// The agent-team cards as static markup (TL Teams): TeamCreate "Started the team “docs-review”" with what
// a team is in plain words; ListPeers the helpers and what each is doing; TeamDelete "Ended the team"
// with the waiting helpers it stopped, and a refusal in the tool's own words.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { ToolCallCardView } from '../../transcript/ToolCallCard';
import { viewFor } from '../registry';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const call = (name: string, input: unknown, over: Partial<ToolCallView> = {}): ToolCallView => ({ id: `c-${name}`, name, userFacingName: name, messageId: 'm1', input, state: 'succeeded', ...over });
const card = (c: ToolCallView) => renderToStaticMarkup(<ToolCallCardView call={c} progress={undefined} />);

describe('agent-team cards (TL Teams)', () => {
  it('TL: TeamCreate: asked for, then started, with what it is for and what a team is', () => {
    const view = viewFor('TeamCreate');
    const asked = call('TeamCreate', { team_name: 'docs-review', description: 'Review the docs' }, { state: 'running' });
    expect(view.title(asked)).toBe('Start the team “docs-review”');
    const done = call('TeamCreate', { team_name: 'docs-review', description: 'Review the docs' }, {
      result: { text: 'Team…', isError: false, data: { team_name: 'docs-review', description: 'Review the docs', lead_name: 'team-lead', team_file_path: '/s/team/config.json', task_list_path: '/s/team/tasks.json' } },
    });
    expect(view.title(done)).toBe('Started the team “docs-review”');
    const html = text(card(done));
    expect(html).toContain('For: Review the docs');
    expect(text(renderToStaticMarkup(<view.Result call={done} progress={undefined} />))).toContain('The helpers it starts for it work side by side, share one to-do list and can send each other messages.');
  });

  it('TL: ListPeers: how many helpers and how many work, then each with what it is doing', () => {
    const view = viewFor('ListPeers');
    const done = call('ListPeers', {}, {
      result: {
        text: 'Team…',
        isError: false,
        data: {
          team_name: 'docs-review',
          you: 'team-lead',
          members: [
            { name: 'writer', agentType: 'general-purpose', status: 'waiting', taskId: 'a1' },
            { name: 'reviewer', agentType: 'Explore', status: 'working', taskId: 'a2' },
            { name: 'tester', agentType: 'general-purpose', status: 'finished', ended: 'stopped', taskId: 'a3' },
          ],
        },
      },
    });
    expect(view.title(done)).toBe('Team “docs-review”: 3 helpers, 1 working');
    const html = renderToStaticMarkup(<view.Result call={done} progress={undefined} />);
    expect(html).toContain('aria-label="Helpers of the team “docs-review”"');
    expect(text(html)).toBe('writer (general-purpose) — Waiting for a message reviewer (Explore) — Working tester (general-purpose) — Stopped');
  });

  it('TL: TeamDelete: ended, with the helpers stopped; refused while one works, in its words', () => {
    const view = viewFor('TeamDelete');
    const done = call('TeamDelete', {}, { result: { text: 'Team…', isError: false, data: { team_name: 'docs-review', stopped: ['writer'], members: 2 } } });
    expect(view.title(done)).toBe('Ended the team “docs-review” (2 helpers)');
    expect(text(renderToStaticMarkup(<view.Result call={done} progress={undefined} />))).toBe(
      'Stopped the helpers that were waiting for a message: writer. The team’s to-do list was removed; the assistant uses the conversation’s own list again.',
    );
    const refusal = '<tool_use_error>Error: Cannot delete the team "docs-review": 2 members are still working: reviewer (task a2), tester (task a3). Wait for them to finish, or stop them with TaskStop, then call TeamDelete again.</tool_use_error>';
    const refused = call('TeamDelete', {}, { state: 'failed', result: { text: refusal, isError: true } });
    expect(view.title(refused)).toBe('End the team');
    expect(view.problem(refused)).toBe('Not ended yet: reviewer, tester are still working. The team can end once they stop.');
    expect(view.stateWords!(refused)).toBe('Not yet');
    expect(text(card(refused))).not.toContain('TaskStop');
  });
});
