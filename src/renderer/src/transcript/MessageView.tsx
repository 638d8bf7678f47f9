// One transcript entry: the person's message as a bubble, the assistant's as markdown, tool blocks generically.
import { memo, type ReactNode } from 'react';
import type { Message } from '../../../shared/transcript';
import type { Draft } from '../stores/sessions-store';
import { Markdown } from './Markdown';
import { ToolResultView, ToolUseView } from './ToolBlock';

/** Why a reply ended early, in words; nothing for a normal end. */
const endNotes: Record<string, string> = {
  aborted: 'Stopped',
  max_tokens: 'The reply reached its length limit',
  refusal: 'The model declined to answer',
};

export const MessageView = memo(function MessageView({ message }: { message: Message }): ReactNode {
  const texts = message.content.filter((b) => b.type === 'text');
  if (message.role === 'user') {
    const text = texts.map((b) => b.text).join('\n');
    return (
      <>
        {text && (
          <article className="msg msg--user" aria-label="You">
            <div className="msg__bubble">{text}</div>
          </article>
        )}
        {message.content.map((b, i) =>
          b.type === 'tool_result' ? (
            <div className="msg msg--tool" key={i}>
              <ToolResultView block={b} />
            </div>
          ) : null,
        )}
      </>
    );
  }
  return (
    <article className="msg msg--assistant" aria-label="Assistant">
      {message.content.map((b, i) =>
        b.type === 'text' ? <Markdown key={i} text={b.text} /> : b.type === 'tool_use' ? <ToolUseView key={i} block={b} /> : null,
      )}
      {message.stopReason && endNotes[message.stopReason] && <p className="msg__note">{endNotes[message.stopReason]}</p>}
    </article>
  );
});

/** A reply still streaming: markdown so far with a blinking caret (CSS); "Thinking" before the first word. */
export function DraftView({ draft }: { draft: Draft }): ReactNode {
  return (
    <article className="msg msg--assistant msg--streaming" aria-label="Assistant" aria-busy="true">
      {draft.text ? (
        <Markdown text={draft.text} />
      ) : (
        <p className="thinking">
          Thinking<span className="thinking__dots" aria-hidden="true" />
        </p>
      )}
    </article>
  );
}
