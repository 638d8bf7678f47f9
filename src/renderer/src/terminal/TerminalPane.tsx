// The terminal pane (issue 15 item 5): tabs of the person's own shells in the project folder (and
// background tasks' output, read-only), "+ New terminal", a close button per tab. The first time
// it opens with no terminal, one starts by itself.
import { useEffect, useRef, type ReactNode } from 'react';
import { useTerminal, useTerminalStore } from '../stores/react';
import { TERMINAL_PANE_ID } from './TerminalButton';
import { TerminalView } from './TerminalView';
import '../styles/side-pane.css';
import './Terminal.css';

/** A first size until the view has measured its box (the fit addon then resizes the shell). */
const FIRST_SIZE = { cols: 80, rows: 24 };

export function TerminalPane({ onClose }: { onClose: () => void }): ReactNode {
  const tabs = useTerminal((s) => s.tabs);
  const activeId = useTerminal((s) => s.activeId);
  const error = useTerminal((s) => s.error);
  const opening = useTerminal((s) => s.opening);
  const store = useTerminalStore();
  const { openShell, close, select } = store.getState();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // After a reload main still has this window's terminals; only with none does a first one start.
    void store
      .getState()
      .load()
      .then(() => {
        const s = store.getState();
        if (s.tabs.length === 0 && s.error === null) void s.openShell(FIRST_SIZE);
      });
  }, [store]);

  return (
    <section id={TERMINAL_PANE_ID} className="side-pane side-pane--docked terminal-pane" aria-label="Terminal">
      <header className="side-pane__head">
        <span className="side-pane__title">Terminal</span>
        <button type="button" className="side-pane__close" aria-label="Close the terminal pane" title="Close (the terminals keep running)" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="side-pane__note terminal-pane__note">
        Type commands for your computer here. They run in the project folder, as if you typed them in your own terminal app; the assistant does not see them.
      </p>
      <div className="terminal-tabs">
        <div role="tablist" aria-label="Terminals" className="terminal-tabs__list">
          {tabs.map((t) => (
            <span key={t.terminalId} className={t.terminalId === activeId ? 'terminal-tab terminal-tab--active' : 'terminal-tab'}>
              <button
                type="button"
                role="tab"
                aria-selected={t.terminalId === activeId}
                aria-controls={`terminal-panel-${t.terminalId}`}
                className="terminal-tab__name"
                onClick={() => select(t.terminalId)}
              >
                {t.title}
                {t.exit ? ' (stopped)' : ''}
              </button>
              <button type="button" className="terminal-tab__close" aria-label={`Close ${t.title}`} title={`Close ${t.title}`} onClick={() => void close(t.terminalId)}>
                ×
              </button>
            </span>
          ))}
        </div>
        <button type="button" className="terminal-tabs__new" disabled={opening} onClick={() => void openShell(FIRST_SIZE)}>
          + New terminal
        </button>
      </div>
      {error && (
        <p role="alert" className="terminal-pane__error">
          {error}
        </p>
      )}
      <div className="terminal-pane__screens">
        {tabs.map((t) => (
          <TerminalView key={t.terminalId} tab={t} active={t.terminalId === activeId} />
        ))}
        {tabs.length === 0 && !opening && !error && <p className="side-pane__note terminal-pane__empty">No terminal is open. Choose “+ New terminal” to start one.</p>}
      </div>
    </section>
  );
}
