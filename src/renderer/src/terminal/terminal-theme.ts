// xterm's colours from the app's own light or dark tokens, so the terminal looks like the rest of the window.
import type { ITheme } from '@xterm/xterm';

const LIGHT_ANSI = {
  black: '#1c2026', red: '#b52d2a', green: '#1d7040', yellow: '#8a5300', blue: '#3446c4', magenta: '#8b2fa3', cyan: '#0f6f80', white: '#59626f',
  brightBlack: '#59626f', brightRed: '#a02522', brightGreen: '#17613a', brightYellow: '#7a4a00', brightBlue: '#2f3899', brightMagenta: '#7a2790', brightCyan: '#0b5e6d', brightWhite: '#1c2026',
};
const DARK_ANSI = {
  black: '#3a4049', red: '#f07a73', green: '#5cc98a', yellow: '#e7b45a', blue: '#8e97fa', magenta: '#d58cf0', cyan: '#5fc7d6', white: '#c9cdd3',
  brightBlack: '#8a929d', brightRed: '#ff9a93', brightGreen: '#7fe0a6', brightYellow: '#f5cd7f', brightBlue: '#b0b7ff', brightMagenta: '#e7aaff', brightCyan: '#86dde9', brightWhite: '#ffffff',
};

export function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Reads the design tokens in force (base.css) and picks ANSI colours readable on that background. */
export function terminalTheme(dark: boolean, root: Element = document.documentElement): ITheme {
  const css = getComputedStyle(root);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const background = token('--surface', dark ? '#1d2025' : '#ffffff');
  const foreground = token('--text', dark ? '#e4e7eb' : '#1c2026');
  return {
    background,
    foreground,
    cursor: token('--accent', dark ? '#7c86f5' : '#4b57d1'),
    cursorAccent: background,
    selectionBackground: dark ? 'rgba(124, 134, 245, 0.35)' : 'rgba(75, 87, 209, 0.22)',
    ...(dark ? DARK_ANSI : LIGHT_ANSI),
  };
}
