// One transcript entry: the person's words as a bubble; an assistant reply as its steps (markdown and
// tool-call cards). User messages that only carry tool results are not shown: their cards show them.
import { memo, useMemo, type ReactNode } from 'react';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { Message } from '../../../shared/transcript';
import { parseTeammateMessages } from '../../../shared/teammate-message';
import type { Draft } from '../stores/sessions-store';
import { rebuildCall, type ToolResultBlock } from '../tools/rebuild';
import { usageDetails } from '../util/format-usage';
import { AssistantSteps } from './AssistantSteps';
import { Markdown } from './Markdown';
import { stepsOfCalls, stepsOfMessage, toolUsesOf } from './steps';

/** Why a reply ended early, in words; nothing for a normal end. */
const endNotes: Record<string, string> = {
  aborted: 'Stopped',
  max_tokens: 'The reply reached its length limit',
  refusal: 'The model declined to answer',
};

export interface MessageViewProps {
  message: Message;
  /** The tool_result of each tool_use of this message, in block order (undefined = none yet). */
  results: readonly (ToolResultBlock | undefined)[];
  /** The session is working: a call without a result is about to start, not stopped. */
  running: boolean;
}

function sameResults(a: MessageViewProps['results'], b: MessageViewProps['results']): boolean {
  return a.length === b.length && a.every((r, i) => r === b[i]);
}

export const MessageView = memo(
  function MessageView(props: MessageViewProps): ReactNode {
    return props.message.role === 'user' ? <UserMessage message={props.message} /> : <AssistantMessage {...props} />;
  },
  (a, b) => a.message === b.message && a.running === b.running && sameResults(a.results, b.results),
);

function UserMessage({ message }: { message: Message }): ReactNode {
  const texts = message.content.filter((b) => b.type === 'text');
  const text = texts
    .filter((b) => !b.command)
    .map((b) => b.text)
    .join('\n');
  // A command the person typed ("/fmt"): its instructions went to the model too, folded here.
  const commands = texts.filter((b) => b.command);
  if (!text) return null;
  // A teammate's message to the conversation (AG7) is not the person's: it says whose it is.
  const fromTeammates = parseTeammateMessages(text);
  if (fromTeammates) return <TeammateMessages messages={fromTeammates} />;
  return (
    <article className="msg msg--user" aria-label="You">
      <div className="msg__bubble">{text}</div>
      {commands.map((b, i) => (
        <details key={i} className="msg__command">
          <summary>Instructions of the skill /{b.command} (sent to the assistant)</summary>
          <pre>{b.text}</pre>
        </details>
      ))}
    </article>
  );
}

function TeammateMessages({ messages }: { messages: ReturnType<typeof parseTeammateMessages> & object }): ReactNode {
  return (
    <>
      {messages.map((m, i) => (
        <article key={i} className="msg msg--teammate" aria-label={`Message from ${m.from}`}>
          <p className="msg__from">
            <span className="msg__from-name">{m.from}</span> wrote to the assistant{m.summary ? <span className="msg__from-summary"> · {m.summary}</span> : null}
          </p>
          <div className="msg__teammate-body">
            <Markdown text={m.text} />
          </div>
        </article>
      ))}
    </>
  );
}

function AssistantMessage({ message, results, running }: MessageViewProps): ReactNode {
  const steps = useMemo(() => stepsOfMessage(message), [message]);
  const calls = useMemo(
    () => new Map(toolUsesOf(message).map((use, i) => [use.id, rebuildCall(use, message.id, results[i], running)] as const)),
    [message, results, running],
  );
  return (
    <article className="msg msg--assistant" aria-label="Assistant" title={message.usage ? `This reply used:\n${usageDetails(message.usage)}` : undefined}>
      <AssistantSteps steps={steps} calls={calls} />
      {/* A run that stopped here says why in its own notice. */}
      {!message.stopped && message.stopReason && endNotes[message.stopReason] && <p className="msg__note">{endNotes[message.stopReason]}</p>}
    </article>
  );
}

/** Live tool calls of a reply that is not in the transcript yet. */
export function LiveCalls({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const steps = useMemo(() => stepsOfCalls(calls), [calls]);
  const byId = useMemo(() => new Map(calls.map((c) => [c.id, c])), [calls]);
  return <AssistantSteps steps={steps} calls={byId} />;
}

/** A reply still streaming: markdown so far with a blinking caret (CSS); "Thinking" before the first word. */
export function DraftView({ draft, calls }: { draft: Draft; calls?: readonly ToolCallView[] | undefined }): ReactNode {
  const hasCalls = calls !== undefined && calls.length > 0;
  return (
    <article className="msg msg--assistant msg--streaming" aria-label="Assistant" aria-busy="true">
      {draft.text ? (
        <Markdown text={draft.text} />
      ) : (
        !hasCalls && (
          <p className="thinking">
            Thinking<span className="thinking__dots" aria-hidden="true" />
          </p>
        )
      )}
      {hasCalls && <LiveCalls calls={calls} />}
    </article>
  );
}
