// How full the open conversation is (issue 20 item 1), beside its cost: "34 % full", with what that
// means in its label, once it is a tenth full. Read from the last model call of the conversation, or
// from its last summary (issue 20 item 2), against the window main counts with (its override, if set).
import type { ReactNode } from 'react';
import { contextUsed, contextWindowOf } from '../../../shared/model/context-window';
import type { Message } from '../../../shared/transcript';
import { useApp, useSessions, useTools } from '../stores/react';
import './ContextMeter.css';

const number = new Intl.NumberFormat('en-US');
/** Below this the meter says nothing worth the header's room. */
export const SHOWN_FROM_PERCENT = 10;

/** What the model read at the last call, or reads since the last summary, whichever came later. */
function lastCall(messages: readonly Message[]): { used: number; model?: string } | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.compaction) return { used: m.compaction.tokensAfter, ...(m.compaction.model ? { model: m.compaction.model } : {}) };
    if (m.role === 'assistant' && m.usage) return { used: contextUsed(m.usage), ...(m.model ? { model: m.model } : {}) };
  }
  return null;
}

export function contextMeterWords(percent: number, used: number, window: number): string {
  return `This conversation is ${percent} % full: it uses ${number.format(used)} of the ${number.format(window)} tokens the model can read at once.`;
}

export function ContextMeter(): ReactNode {
  const currentId = useSessions((s) => s.currentId);
  const live = useTools((s) => (currentId ? s.usage[currentId] : undefined));
  const messages = useSessions((s) => s.messages);
  const model = useApp((s) => s.init?.model);
  const last = live?.turn ? { used: live.context?.used ?? contextUsed(live.turn), model } : lastCall(messages);
  if (!currentId || !last) return null;
  const window = live?.context?.window ?? contextWindowOf(last.model ?? model);
  const fill = { used: last.used, window, percent: Math.min(100, Math.round((last.used / window) * 100)) };
  if (fill.percent < SHOWN_FROM_PERCENT) return null;
  const words = contextMeterWords(fill.percent, fill.used, fill.window);
  const level = fill.percent >= 90 ? 'context-meter--full' : fill.percent >= 70 ? 'context-meter--high' : '';
  return (
    <span className={`chip chip--quiet context-meter ${level}`} title={words}>
      <span role="meter" aria-label="How full this conversation is" aria-valuemin={0} aria-valuemax={100} aria-valuenow={fill.percent} aria-valuetext={words} className="context-meter__bar">
        <span className="context-meter__fill" style={{ width: `${fill.percent}%` }} />
      </span>
      {fill.percent} % full
    </span>
  );
}
