// A fenced code block: language label, a Copy button, and the code in a scrollable monospace box.
import { isValidElement, useRef, useState, type ReactNode } from 'react';

function languageOf(children: ReactNode): string | null {
  if (!isValidElement<{ className?: string }>(children)) return null;
  const match = /language-([\w+#.-]+)/.exec(children.props.className ?? '');
  return match?.[1] ?? null;
}

export function CodeBlock({ children }: { children: ReactNode }): ReactNode {
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(children);

  const copy = (): void => {
    const text = pre.current?.textContent ?? '';
    // Clipboard can be refused (no focus, no permission); copying is a convenience, so fail quietly.
    navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => {},
    );
  };

  return (
    <div className="code-block">
      <div className="code-block__bar">
        <span className="code-block__lang">{language ?? 'code'}</span>
        <button type="button" className="code-block__copy" onClick={copy} aria-label="Copy code">
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {/* Focusable: a long line scrolls sideways, and the keyboard must be able to scroll it too (WCAG 2.1.1). */}
      <pre ref={pre} tabIndex={0}>
        {children}
      </pre>
    </div>
  );
}
