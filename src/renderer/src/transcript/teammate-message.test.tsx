// Teammates in the transcript (AG7): a teammate's message to the assistant is shown as from that
// teammate — its name, its summary, its words — never as the person's bubble; SendMessage's card says
// whom a message went to and shows it as written.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatTeammateMessages } from '../../../shared/teammate-message';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { Message } from '../../../shared/transcript';
import { viewFor } from '../tools/registry';
import { ToolCallCardView } from './ToolCallCard';
import { MessageView } from './MessageView';

const user = (text: string): Message => ({ id: 'u1', role: 'user', content: [{ type: 'text', text }], createdAt: 1 });
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('teammates in the transcript (AG7)', () => {
  it('a teammate’s message reads as from the teammate, with its summary; two at once are two entries', () => {
    const msg = user(formatTeammateMessages([{ from: 'researcher', text: 'The parser is in **src/parse.ts**', summary: 'found the parser' }, { from: 'writer', text: 'Docs done' }]));
    const html = renderToStaticMarkup(<MessageView message={msg} results={[]} running={false} />);
    expect(html).toContain('aria-label="Message from researcher"');
    expect(html).toContain('aria-label="Message from writer"');
    expect(text(html)).toContain('researcher wrote to the assistant · found the parser');
    expect(html).toContain('<strong>src/parse.ts</strong>');
    expect(html).not.toContain('aria-label="You"');
    expect(html).not.toContain('&lt;teammate-message');
  });

  it('the person’s own words that merely mention the envelope stay the person’s', () => {
    const html = renderToStaticMarkup(<MessageView message={user('what does <teammate-message teammate_id="x"> mean?')} results={[]} running={false} />);
    expect(html).toContain('aria-label="You"');
  });

  it('SendMessage’s card: to whom, the summary, the message as written', () => {
    const call: ToolCallView = { id: 't', name: 'SendMessage', userFacingName: 'Message', messageId: 'm', input: { to: 'researcher', summary: 'check line 40', message: 'Now check *line 40*.' }, state: 'succeeded' };
    expect(viewFor('SendMessage').title(call)).toBe('Message to researcher · check line 40');
    expect(viewFor('SendMessage').title({ ...call, input: { to: 'main', message: 'done' } })).toBe('Message to the assistant');
    expect(viewFor('SendMessage').title({ ...call, input: { to: '*', message: 'stop' } })).toBe('Message to every teammate');
    const html = renderToStaticMarkup(<ToolCallCardView call={call} progress={undefined} />);
    expect(html).toContain('<em>line 40</em>');
    expect(text(html)).toContain('Sent');
  });
});
