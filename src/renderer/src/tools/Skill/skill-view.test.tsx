// The Skill card (AG9): one line naming the skill, its arguments under it; output only for a forked skill's answer.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { viewFor } from '../registry';

const call = (input: unknown, state: ToolCallView['state'] = 'succeeded'): ToolCallView => ({ id: 's', name: 'Skill', userFacingName: 'Skill', messageId: 'm', input, state });

describe('Skill card (AG9)', () => {
  it('AG9 "Used the skill “fmt”", the arguments in words, nothing to unfold', () => {
    const view = viewFor('Skill');
    expect(view.title(call({ skill: '/fmt', args: 'src/a.ts' }))).toBe('Used the skill “fmt”');
    expect(view.title(call({ skill: 'fmt' }, 'running'))).toBe('Use the skill “fmt”');
    expect(renderToStaticMarkup(<view.Use call={call({ skill: 'fmt', args: 'src/a.ts' })} progress={undefined} />)).toBe('<p class="tool-note">With: src/a.ts</p>');
    expect(renderToStaticMarkup(<view.Use call={call({ skill: 'fmt' })} progress={undefined} />)).toBe('');
    expect(view.hasOutput({ call: call({ skill: 'fmt' }), progress: undefined })).toBe(false);
  });

  it('AG9 a forked skill’s card opens to its answer, as Markdown', () => {
    const view = viewFor('Skill');
    const forked: ToolCallView = { ...call({ skill: 'survey' }), result: { text: 'x', isError: false, data: { success: true, commandName: 'survey', source: 'project', result: 'Two folders: **main** and shared.' } } };
    expect(view.hasOutput({ call: forked, progress: undefined })).toBe(true);
    const html = renderToStaticMarkup(<view.Result call={forked} progress={undefined} />);
    expect(html).toContain('aria-label="Answer of the skill “survey”"');
    expect(html).toContain('<strong>main</strong>');
  });
});
