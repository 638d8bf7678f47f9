// SendMessage's card (AG7 teammate mode): "Message to researcher · Start on the parser", the message
// itself shown as written; a teammate's message back reads "Message to the assistant".
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { Markdown } from '../../transcript/Markdown';
import type { ToolViewParts, ToolViewProps } from '../types';

function facts(call: ToolCallView): { to: string; summary: string; message: string } {
  const r = (typeof call.input === 'object' && call.input !== null ? call.input : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return { to: str(r.to), summary: str(r.summary), message: str(r.message) };
}

/** "researcher", "every teammate", "the assistant". */
function recipient(to: string): string {
  if (to === '*') return 'every teammate';
  return ['main', 'team-lead'].includes(to.trim().toLowerCase()) ? 'the assistant' : to;
}

function SendMessageUse({ call }: ToolViewProps): ReactNode {
  const { message } = facts(call);
  return message ? (
    <div className="tool-message">
      <Markdown text={message} />
    </div>
  ) : null;
}

export const sendMessageView: ToolViewParts = {
  subject: (call) => recipient(facts(call).to),
  title: (call) => {
    const f = facts(call);
    return `Message to ${recipient(f.to)}${f.summary ? ` · ${f.summary}` : ''}`;
  },
  Use: SendMessageUse,
  stateWords: (call) => (call.state === 'succeeded' ? 'Sent' : null),
  hasOutput: () => false,
};
