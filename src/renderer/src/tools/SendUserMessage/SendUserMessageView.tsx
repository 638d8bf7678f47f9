// SendUserMessage's card (Claude Code's Brief, issue 19): the assistant's message to the person, in
// Markdown and never folded away, marked when it was unasked; the files it attached, with their sizes.
import type { ReactNode } from 'react';
import { BriefData, makeBriefInputSchema } from '../../../../shared/tools/brief';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { Markdown } from '../../transcript/Markdown';
import { formatBytes } from '../../../../shared/format-bytes';
import type { ToolViewParts, ToolViewProps } from '../types';
import './SendUserMessage.css';

function inputOf(call: ToolCallView) {
  const parsed = makeBriefInputSchema().safeParse(call.input);
  return parsed.success ? parsed.data : null;
}

function sent(call: ToolCallView): BriefData | null {
  const parsed = BriefData.safeParse(call.result?.data);
  return call.state === 'succeeded' && parsed.success ? parsed.data : null;
}

export function briefTitle(call: ToolCallView): string {
  const proactive = inputOf(call)?.status === 'proactive';
  if (call.state === 'failed' || call.state === 'rejected') return 'A message from the assistant that could not be shown';
  return proactive ? 'The assistant has news for you (you did not ask)' : 'Message from the assistant';
}

function BriefUse({ call }: ToolViewProps): ReactNode {
  const message = sent(call)?.message ?? inputOf(call)?.message ?? '';
  return message ? (
    <div className="brief-message">
      <Markdown text={message} />
    </div>
  ) : null;
}

function BriefResult({ call }: ToolViewProps): ReactNode {
  const files = sent(call)?.attachments ?? [];
  return (
    <ul className="brief-attachments" aria-label="Attached files">
      {files.map((f) => (
        <li key={f.path}>
          <code>{f.path}</code>
          <span className="brief-attachments__facts">{`${f.isImage ? 'picture, ' : ''}${formatBytes(f.size)}`}</span>
        </li>
      ))}
    </ul>
  );
}

function BriefGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>{calls.length} messages from the assistant</>;
}

export const sendUserMessageView: ToolViewParts = {
  subject: (call) => inputOf(call)?.message.split('\n').find((l) => l.trim())?.slice(0, 80) ?? 'a message',
  title: briefTitle,
  Use: BriefUse,
  Result: BriefResult,
  stateWords: (call) => (call.state === 'succeeded' ? 'Sent' : null),
  hasOutput: ({ call }) => (sent(call)?.attachments?.length ?? 0) > 0,
  Grouped: BriefGrouped,
};
