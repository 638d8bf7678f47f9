// The conversation: messages, live drafts and the retry note, in a log region that follows new text.
import { useRef, type ReactNode } from 'react';
import { ArrowDownIcon, LogoIcon } from '../components/icons';
import { useApp, useSessions } from '../stores/react';
import { DraftView, MessageView } from './MessageView';
import { useStickToBottom } from './use-stick-to-bottom';
import './Transcript.css';

export function Transcript(): ReactNode {
  const messages = useSessions((s) => s.messages);
  const drafts = useSessions((s) => s.drafts);
  const retry = useSessions((s) => s.retry);
  const currentId = useSessions((s) => s.currentId);
  const opening = useSessions((s) => s.opening);
  const projectName = useApp((s) => s.init?.project?.name ?? 'this project');
  const box = useRef<HTMLDivElement>(null);
  const { atBottom, onScroll, jumpToBottom } = useStickToBottom(box, [messages, drafts, retry], currentId);
  const empty = messages.length === 0 && drafts.length === 0 && !opening;

  return (
    <div className="transcript-wrap">
      <div ref={box} className="transcript" role="log" aria-live="polite" aria-label="Transcript" onScroll={onScroll}>
        <div className="transcript__inner">
          {empty && <EmptyState projectName={projectName} fresh={currentId === null} />}
          {opening && messages.length === 0 && <p className="transcript__loading">Loading conversation…</p>}
          {messages.map((m) => (
            <MessageView key={m.id} message={m} />
          ))}
          {drafts.map((d) => (
            <DraftView key={d.messageId} draft={d} />
          ))}
          {retry && (
            <p className="retry-note" role="status">
              Retrying… (attempt {retry.attempt})
            </p>
          )}
        </div>
      </div>
      {!atBottom && (
        <button type="button" className="jump-latest" onClick={jumpToBottom}>
          <ArrowDownIcon size={14} /> Jump to latest
        </button>
      )}
    </div>
  );
}

function EmptyState({ projectName, fresh }: { projectName: string; fresh: boolean }): ReactNode {
  return (
    <div className="empty-state">
      <div className="empty-state__logo">
        <LogoIcon size={22} />
      </div>
      <h2 className="empty-state__title">{fresh ? `What shall we work on in ${projectName}?` : 'This conversation is empty'}</h2>
      <p className="empty-state__lead">
        Describe what you want in plain words — a bug to fix, a feature to add, or a question about the code. The
        assistant answers here; you can stop it at any time.
      </p>
    </div>
  );
}
