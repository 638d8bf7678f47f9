// Issue 19: ExitPlanMode's approval shows the plan rendered from Markdown and offers the three answers
// in plain words: approve into automatic edits, approve asking before each edit, or keep planning.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { RequestPanel } from '../RequestPanel';

const req: PermissionRequestView = {
  requestId: 'r1',
  sessionId: 's',
  toolUseId: 't',
  toolName: 'ExitPlanMode',
  kind: 'other',
  input: { plan: '# Add notes\n\n1. Create `notes.md`\n2. **Then** test it' },
  message: 'The assistant has a plan for you to approve.',
  suggestions: [],
  destructive: false,
};

describe('issue 19 the plan approval', () => {
  const html = renderToStaticMarkup(<RequestPanel request={req} busy={false} fromOther={null} onAnswer={() => {}} />);
  it('issue 19 the plan is rendered as Markdown', () => {
    expect(html).toContain('The assistant has a plan for you to approve');
    expect(html).toMatch(/<h1[^>]*>Add notes<\/h1>/);
    expect(html).toContain('<code>notes.md</code>');
    expect(html).toContain('<strong>Then</strong>');
  });
  it('issue 19 three answers in words, no Allow / Deny', () => {
    for (const name of ['Approve and let me edit files automatically', 'Approve, ask before each edit', 'Keep planning']) expect(html).toContain(`>${name}</button>`);
    expect(html).not.toContain('Allow once');
  });
});
