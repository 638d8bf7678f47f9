// SendUserMessage's card as static markup (Claude Code's Brief, issue 19): the message in Markdown and
// never folded, unasked news marked in the title, the attached files with their sizes in sight.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { ToolCallCardView } from '../../transcript/ToolCallCard';
import { viewFor } from '../registry';
import { ViewEnvContext } from '../view-env';

const render = (node: ReactNode) => renderToStaticMarkup(<ViewEnvContext.Provider value={{ projectDir: '/p' }}>{node}</ViewEnvContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
const input = { message: '**Tests pass.** The report is attached.', status: 'proactive', attachments: ['report.txt'] };
const call = (over: Partial<ToolCallView> = {}): ToolCallView => ({
  id: 'c1',
  name: 'SendUserMessage',
  userFacingName: 'Message',
  messageId: 'm1',
  input,
  state: 'succeeded',
  result: { text: 'Message delivered to user. (1 attachment included)', isError: false, data: { message: input.message, proactive: true, attachments: [{ path: '/p/report.txt', size: 1536, isImage: false }, { path: '/p/shot.png', size: 12, isImage: true }] } },
  ...over,
});

describe('SendUserMessage card (issue 19)', () => {
  it('the message is Markdown, shown on the card itself; unasked news says so in the title', () => {
    const view = viewFor('SendUserMessage');
    expect(view.title(call())).toBe('The assistant has news for you (you did not ask)');
    expect(view.title(call({ input: { ...input, status: 'normal' } }))).toBe('Message from the assistant');
    const html = render(<ToolCallCardView call={call()} progress={undefined} />);
    expect(html).toContain('<strong>Tests pass.</strong>');
  });

  it('the attached files with their sizes, a picture called one, in sight under the message (not behind Show output)', () => {
    const html = render(<ToolCallCardView call={call()} progress={undefined} />);
    expect(html).toMatch(/<p id="([^"]+)" class="brief-attachments__label">Attached files<\/p><ul aria-labelledby="\1">/);
    expect(text(html)).toContain('Attached files report.txt 1.5 KB shot.png picture, 12 bytes');
    expect(html).toContain('title="/p/report.txt"');
    expect(html).not.toContain('Show output');
    const none = render(<ToolCallCardView call={call({ result: { text: '', isError: false, data: { message: 'x' } } })} progress={undefined} />);
    expect(none).not.toContain('Attached files');
  });

  it('a message refused (a missing attachment) says it could not be shown, with the reason the model got', () => {
    const failed = call({ state: 'failed', result: { text: 'Attachment /p/missing.log does not exist.', isError: true } });
    expect(viewFor('SendUserMessage').title(failed)).toBe('A message from the assistant that could not be shown');
    expect(text(render(<ToolCallCardView call={failed} progress={undefined} />))).toContain('Attachment /p/missing.log does not exist.');
  });
});
