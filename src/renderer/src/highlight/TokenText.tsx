// One line of code: its tokens in their theme colours when highlighted, else the plain text.
import type { CSSProperties, ReactNode } from 'react';
import type { TokenLine } from './highlighter';
import './Highlight.css';

function tokenStyle(light?: string, dark?: string, fontStyle?: number): CSSProperties | undefined {
  if (!light && !dark && !fontStyle) return undefined;
  const style: Record<string, string> = {};
  if (light) style['--hl-l'] = light;
  if (dark) style['--hl-d'] = dark;
  if (fontStyle && fontStyle & 1) style.fontStyle = 'italic';
  if (fontStyle && fontStyle & 2) style.fontWeight = '600';
  return style as CSSProperties;
}

/** `tokens` must spell `text` exactly; otherwise (a stale or mismatched line) the text shows plain. */
export function TokenText({ text, tokens }: { text: string; tokens: TokenLine | undefined | null }): ReactNode {
  if (!tokens || tokens.map((t) => t.content).join('') !== text) return text;
  return tokens.map((t, i) => (
    <span key={i} className="hl-t" style={tokenStyle(t.light, t.dark, t.fontStyle)}>
      {t.content}
    </span>
  ));
}
