// One terminal on screen: an xterm.js instance fed by the store, sized to its box (fit addon), typing
// sent to main; its own keys while it has the focus, so the message box keeps its keys otherwise.
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef, type ReactNode } from 'react';
import type { TerminalTab } from './terminal-store';
import { useTerminalStore } from '../stores/react';
import { prefersDark, terminalTheme } from './terminal-theme';

export function TerminalView({ tab, active }: { tab: TerminalTab; active: boolean }): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const term = useRef<{ xterm: Terminal; fit: () => void } | null>(null);
  const store = useTerminalStore();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { attach, input, resize } = store.getState();
    const xterm = new Terminal({
      fontFamily: getComputedStyle(document.documentElement).getPropertyValue('--mono').trim() || 'monospace',
      fontSize: 13,
      scrollback: 5000,
      cursorBlink: !tab.readOnly,
      disableStdin: tab.readOnly,
      theme: terminalTheme(prefersDark()),
    });
    const fitAddon = new FitAddon();
    xterm.loadAddon(fitAddon);
    xterm.open(el);
    xterm.textarea?.setAttribute('aria-label', tab.readOnly ? `${tab.title} (read only)` : `${tab.title}: type commands here`);
    let size = { cols: 0, rows: 0 };
    const fit = () => {
      // A hidden tab has no size; it is fitted when shown.
      if (!el.offsetWidth || !el.offsetHeight) return;
      fitAddon.fit();
      if (xterm.cols !== size.cols || xterm.rows !== size.rows) {
        size = { cols: xterm.cols, rows: xterm.rows };
        if (!tab.readOnly) resize(tab.terminalId, xterm.cols, xterm.rows);
      }
    };
    term.current = { xterm, fit };
    const detach = attach(tab.terminalId, (data) => xterm.write(data));
    const typed = tab.readOnly ? null : xterm.onData((data) => input(tab.terminalId, data));
    const observer = new ResizeObserver(() => fit());
    observer.observe(el);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const onScheme = () => (xterm.options.theme = terminalTheme(scheme.matches));
    scheme.addEventListener('change', onScheme);
    fit();
    return () => {
      scheme.removeEventListener('change', onScheme);
      observer.disconnect();
      typed?.dispose();
      detach();
      term.current = null;
      xterm.dispose();
    };
  }, [store, tab.terminalId, tab.readOnly, tab.title]);

  useEffect(() => {
    if (!active || !term.current) return;
    term.current.fit();
    term.current.xterm.focus();
  }, [active]);

  return <div className="terminal-view" ref={box} role="tabpanel" id={`terminal-panel-${tab.terminalId}`} aria-label={tab.title} hidden={!active} />;
}
