// SendUserMessage's card (Claude Code's Brief, issue 19): the assistant's message to the person, in
// Markdown and never folded away, marked when it was unasked; the files it attached, with their sizes,
// always in sight under it (not behind "Show output": they are part of the message, not a tool's output).
import { useId, type ReactNode } from 'react';
import { BriefData, makeBriefInputSchema } from '../../../../shared/tools/brief';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { Markdown } from '../../transcript/Markdown';
import { formatBytes } from '../../../../shared/format-bytes';
import { displayPath } from '../shared/paths';
import { useViewEnv } from '../view-env';
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

function BriefAttachments({ call }: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const labelId = useId();
  const files = sent(call)?.attachments ?? [];
  if (files.length === 0) return null;
  return (
    <div className="brief-attachments">
      <p id={labelId} className="brief-attachments__label">
        Attached files
      </p>
      <ul aria-labelledby={labelId}>
        {files.map((f) => (
          <li key={f.path}>
            <code title={f.path}>{displayPath(f.path, env.projectDir)}</code>
            <span className="brief-attachments__facts">{`${f.isImage ? 'picture, ' : ''}${formatBytes(f.size)}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BriefGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>{calls.length} messages from the assistant</>;
}

export const sendUserMessageView: ToolViewParts = {
  subject: (call) => inputOf(call)?.message.split('\n').find((l) => l.trim())?.slice(0, 80) ?? 'a message',
  title: briefTitle,
  Use: BriefUse,
  Notes: BriefAttachments,
  stateWords: (call) => (call.state === 'succeeded' ? 'Sent' : null),
  hasOutput: () => false,
  Grouped: BriefGrouped,
};
