// The Skill card (AG9): one line naming the skill, its arguments under it, no output section.
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
});
