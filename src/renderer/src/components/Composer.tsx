// The message box at the bottom: Enter sends, Shift+Enter makes a new line; Send and Stop buttons; run
// status. While the assistant works, Enter keeps the message and sends it once the assistant is done.
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { modalQueue } from '../inbox/modal-policy';
import { COMPOSER_INPUT_ID } from '../permissions/composer-focus';
import { CommandMenu, COMMAND_MENU_ID, commandOptionId } from '../commands/CommandMenu';
import { matchingCommands, type TypedCommand } from '../commands/commands-store';
import { ModePicker } from '../mode/ModePicker';
import { useApp, useCommands, useMode, useSessions, useTools } from '../stores/react';
import type { RunStop } from '../../../shared/transcript';
import { SendIcon, StopIcon } from './icons';
import './Composer.css';

const statusWords = { idle: 'Ready', running: 'Working…', stopping: 'Stopping…' } as const;

const ERROR_STATUS: Record<string, string> = { network: 'Could not reach Anthropic', auth: 'API key refused' };

/**
 * What the status line says while idle: "Ready" only when a message could go out and work — not while
 * the host is gone, no key is set, or the last turn ended on an error (issue 12 item 5).
 */
export function idleWords(o: { connected: boolean; hasKey: boolean; lastStop: RunStop | null }): { words: string; problem: boolean } {
  if (!o.connected) return { words: 'Not connected to Agent Desk', problem: true };
  if (!o.hasKey) return { words: 'No API key yet', problem: true };
  if (o.lastStop?.kind === 'error') return { words: ERROR_STATUS[o.lastStop.errorCode ?? ''] ?? 'Stopped by an error', problem: true };
  return { words: 'Ready', problem: false };
}

export function Composer(): ReactNode {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const status = useSessions((s) => (s.currentId ? (s.statuses[s.currentId] ?? 'idle') : 'idle'));
  const sending = useSessions((s) => s.sending);
  const send = useSessions((s) => s.send);
  const stop = useSessions((s) => s.stop);
  const hasKey = useApp((s) => s.init?.auth.configured ?? false);
  const connected = useApp((s) => s.connection === 'open');
  const currentId = useSessions((s) => s.currentId);
  const asking = useTools((s) => modalQueue(s.permissions, currentId).length > 0);
  const lastStop = useSessions((s) => s.unsentStop ?? s.messages.at(-1)?.stopped ?? null);
  const idle = idleWords({ connected, hasKey, lastStop });
  const queued = useSessions((s) => (s.currentId ? s.queued[s.currentId] : undefined));
  const queue = useSessions((s) => s.queue);
  const unqueue = useSessions((s) => s.unqueue);
  const mode = useMode((s) => (currentId ? (s.modes[currentId] ?? 'default') : (s.draft ?? 'default')));
  const changingMode = useMode((s) => s.changing);
  const chooseMode = useMode((s) => s.choose);
  const allCommands = useCommands((s) => s.commands);
  const loadCommands = useCommands((s) => s.load);
  const [menuActive, setMenuActive] = useState(0);
  const [menuClosed, setMenuClosed] = useState(false);
  const commands = menuClosed ? [] : matchingCommands(text, allCommands);
  const active = commands.length > 0 ? Math.min(menuActive, commands.length - 1) : -1;

  const busy = status !== 'idle' || sending;
  const canSend = text.trim().length > 0 && !busy && hasKey && connected;
  // A conversation that works can take the next message now; it goes out when the turn ends. Not while
  // it waits for an approval: then the typing stays in the box, untouched, as the hint promises (PX1).
  const canQueue = text.trim().length > 0 && status === 'running' && currentId !== null && !asking;

  const takeBack = (): void => {
    const back = unqueue();
    if (back !== null) setText((now) => (now.trim() ? `${back}\n\n${now}` : back));
    box.current?.focus();
  };

  const sendQueuedNow = async (): Promise<void> => {
    const back = unqueue();
    if (back !== null && !(await send(back))) setText((now) => (now === '' ? back : now));
  };

  const submit = async (): Promise<void> => {
    if (canQueue) {
      if (queue(text)) setText('');
      return;
    }
    if (!canSend) return;
    const sent = text;
    setText('');
    const ok = await send(sent);
    // Give the text back if it did not go out and the person has not typed something new meanwhile.
    if (!ok) setText((now) => (now === '' ? sent : now));
    box.current?.focus();
  };

  const pick = (c: TypedCommand): void => {
    setText(`/${c.name} `);
    setMenuClosed(true);
    box.current?.focus();
  };

  const onChange = (value: string): void => {
    // A message that starts with "/" again: the list is read again, so a skill added meanwhile shows.
    if (value === '/' && text !== '/') void loadCommands();
    setMenuClosed(false);
    setMenuActive(0);
    setText(value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (commands.length > 0 && !e.nativeEvent.isComposing) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setMenuActive((active + (e.key === 'ArrowDown' ? 1 : commands.length - 1)) % commands.length);
        return;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        e.preventDefault();
        pick(commands[active]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setMenuClosed(true);
        return;
      }
    }
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void submit();
  };

  const hint = asking
    ? 'The assistant waits for your answer above. Your typing stays here; press F6 to answer with the keyboard.'
    : !connected
    ? 'Waiting for the connection to Agent Desk…'
    : !hasKey
    ? 'Add an API key to start a conversation.'
    : busy
      ? 'Type your next message: Enter keeps it and sends it when the assistant is done.'
      : 'Enter to send · Shift+Enter for a new line';

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {queued !== undefined && (
        <section className="composer__queued" aria-label="Message waiting to be sent">
          <p className="composer__queued-head">
            {status === 'idle' ? 'Not sent yet: the last turn stopped with an error.' : 'Will be sent when the assistant is done:'}
          </p>
          <p className="composer__queued-text">{queued}</p>
          <div className="composer__queued-actions">
            {status === 'idle' && (
              <button type="button" className="button button--small button--primary" onClick={() => void sendQueuedNow()}>
                Send it now
              </button>
            )}
            <button type="button" className="button button--small button--secondary" onClick={takeBack}>
              Edit it
            </button>
          </div>
        </section>
      )}
      <CommandMenu commands={commands} active={active} onPick={pick} />
      <div className="composer__box">
        <label htmlFor={COMPOSER_INPUT_ID} className="visually-hidden">
          Message
        </label>
        <textarea
          id={COMPOSER_INPUT_ID}
          ref={box}
          className="composer__input"
          rows={1}
          value={text}
          placeholder={hasKey ? 'Ask for a change, a fix, an explanation…' : 'Add an API key to start'}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          aria-autocomplete="list"
          aria-controls={commands.length > 0 ? COMMAND_MENU_ID : undefined}
          aria-activedescendant={active >= 0 ? commandOptionId(commands[active]!.name) : undefined}
          aria-describedby="composer-hint"
        />
        <div className="composer__actions">
          <ModePicker mode={mode} disabled={changingMode || !connected} onChoose={(m) => void chooseMode(currentId, m)} />
          <button type="button" className="button button--secondary" disabled={status !== 'running'} onClick={() => void stop()}>
            <StopIcon size={12} /> Stop
          </button>
          <button type="submit" className="button button--primary" disabled={!canSend && !canQueue}>
            {canQueue ? 'Send when done' : 'Send'} <SendIcon size={14} />
          </button>
        </div>
      </div>
      <div className="composer__footer">
        <div
          role="status"
          aria-label="Session status"
          data-status={status}
          className={`run-status run-status--${status}${status === 'idle' && idle.problem ? ' run-status--problem' : ''}`}
        >
          {status !== 'idle' && <span className="spinner" aria-hidden="true" />}
          {status === 'idle' ? idle.words : statusWords[status]}
        </div>
        <span id="composer-hint" className="composer__hint">
          {hint}
        </span>
      </div>
    </form>
  );
}
