// The conversation: messages, live drafts with their tool calls, the retry note, where it was summarised,
// why a run stopped short, each turn's cost and the budget's notice, in a log region that follows new
// text and tool output.
import { Fragment, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { Message } from '../../../shared/transcript';
import { ArrowDownIcon, LogoIcon } from '../components/icons';
import { useApp, useSessions, useTools } from '../stores/react';
import type { ToolResultBlock } from '../tools/rebuild';
import { CompactionDivider } from './CompactionDivider';
import { DraftView, LiveCalls, MessageView } from './MessageView';
import { retryWords } from './retry-words';
import { isToolResultsOnly, liveCallsByMessage, toolResultsById, toolUsesOf } from './steps';
import { StopNotice } from './StopNotice';
import { BudgetNotice } from './BudgetNotice';
import { TurnCost } from './TurnCost';
import { turnSpends } from './turn-spend';
import { agentData } from '../tools/Agent/agent-facts';
import './Spend.css';
import { useStickToBottom } from './use-stick-to-bottom';
import './Transcript.css';

export function Transcript(): ReactNode {
  const messages = useSessions((s) => s.messages);
  const drafts = useSessions((s) => s.drafts);
  const retry = useSessions((s) => s.retry);
  const compacting = useSessions((s) => s.compacting);
  const currentId = useSessions((s) => s.currentId);
  const opening = useSessions((s) => s.opening);
  const unsentStop = useSessions((s) => s.unsentStop);
  const projectName = useApp((s) => s.init?.project?.name ?? 'this project');
  const running = useSessions((s) => (s.currentId ? (s.statuses[s.currentId] ?? 'idle') !== 'idle' : false));
  const calls = useTools((s) => s.calls);
  // Output growing inside a card moves the bottom too.
  const progress = useTools((s) => s.progress);
  const box = useRef<HTMLDivElement>(null);
  const { atBottom, onScroll, jumpToBottom } = useStickToBottom(box, [messages, drafts, retry, compacting, calls, progress, unsentStop], currentId);
  const empty = messages.length === 0 && drafts.length === 0 && !opening;
  const earlier = useSessions((s) => s.earlier);
  const loadingEarlier = useSessions((s) => s.loadingEarlier);
  const loadEarlier = useSessions((s) => s.loadEarlier);
  // Earlier messages arrive above what the person reads: it stays where it was on screen.
  const fromBottom = useRef<number | null>(null);
  const firstId = messages[0]?.id;
  useLayoutEffect(() => {
    const el = box.current;
    if (el && fromBottom.current !== null) el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [firstId]);
  const showEarlier = () => {
    const el = box.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    void loadEarlier();
  };

  const results = useMemo(() => toolResultsById(messages), [messages]);
  const agentUsage = useTools((s) => s.agentUsage);
  // A helper agent's final spend from its card, else what its calls reported so far.
  const spends = useMemo(
    () =>
      turnSpends(messages, (id) => {
        const call = calls[id];
        const final = call ? agentData(call)?.spend : undefined;
        const live = agentUsage[id];
        return final ?? (live ? { tokens: live.inputTokens + live.outputTokens + live.cacheReadTokens + live.cacheWriteTokens, costUsd: live.costUsd } : undefined);
      }),
    [messages, calls, agentUsage],
  );
  const resultsOf = useMemo(() => {
    const cache = new Map<Message, (ToolResultBlock | undefined)[]>();
    return (m: Message) => {
      let list = cache.get(m);
      if (!list) cache.set(m, (list = toolUsesOf(m).map((u) => results.get(u.id))));
      return list;
    };
  }, [results]);
  const earlierIds = useSessions((s) => s.earlierIds);
  // Calls of messages on pages not shown yet wait for their page.
  const live = useMemo(() => liveCallsByMessage(calls, new Set([...earlierIds, ...messages.map((m) => m.id)])), [calls, messages, earlierIds]);
  const draftIds = new Set(drafts.map((d) => d.messageId));
  const orphans: [string, ToolCallView[]][] = [...live].filter(([messageId]) => !draftIds.has(messageId));

  return (
    <div className="transcript-wrap">
      {/* A tab stop of its own: a conversation of plain replies has nothing focusable inside, and the keyboard must still scroll it. */}
      <div ref={box} className="transcript" role="log" aria-live="polite" aria-label="Transcript" tabIndex={0} onScroll={onScroll}>
        <div className="transcript__inner">
          {empty && <EmptyState projectName={projectName} fresh={currentId === null} />}
          {opening && messages.length === 0 && <p className="transcript__loading">Loading conversation…</p>}
          {earlier > 0 && (
            <div className="transcript__earlier">
              <button type="button" className="button button--secondary button--small" aria-disabled={loadingEarlier} onClick={() => !loadingEarlier && showEarlier()}>
                {loadingEarlier ? 'Loading earlier messages…' : 'Show earlier messages'}
              </button>
            </div>
          )}
          {messages.map((m, i) => (
            <Fragment key={m.id}>
              {m.compaction ? <CompactionDivider message={m} /> : isToolResultsOnly(m) ? null : <MessageView message={m} results={resultsOf(m)} running={running} />}
              {spends.has(m.id) && !(running && i === messages.length - 1) && <TurnCost spend={spends.get(m.id)!} />}
              {m.stopped && <StopNotice stop={m.stopped} latest={i === messages.length - 1 && !unsentStop} />}
            </Fragment>
          ))}
          {orphans.map(([messageId, list]) => (
            <article key={messageId} className="msg msg--assistant" aria-label="Assistant">
              <LiveCalls calls={list} />
            </article>
          ))}
          {drafts.map((d) => (
            <DraftView key={d.messageId} draft={d} calls={live.get(d.messageId)} />
          ))}
          {unsentStop && <StopNotice stop={unsentStop} latest />}
          <BudgetNotice />
          {compacting && (
            <p className="compacting-note" role="status">
              {compacting === 'manual' ? 'Summarising the conversation…' : 'The conversation is getting long: summarising it so far to make room…'}
            </p>
          )}
          {retry && (
            <div className="retry-note" role="status">
              <p>{retryWords(retry)}</p>
              {/* Why: a stalled reply, an overloaded server, a wait the server asked for (PX8). */}
              {retry.reason && <p className="retry-note__why">{retry.reason}</p>}
            </div>
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
