// A scrolling box of command output: stdout plain, stderr in a subtle red, a marker when earlier
// output was dropped; it follows new output unless the person scrolled up to read.
import { useRef, type ReactNode } from 'react';
import type { OutputChunk } from '../../stores/progress-log';
import { useStickToBottom } from '../../transcript/use-stick-to-bottom';

export interface OutputBoxProps {
  chunks: readonly Pick<OutputChunk, 'id' | 'stream' | 'text'>[];
  /** Characters not shown at the start. */
  hiddenChars?: number;
  /** A name for the region ("Output of npm test"). */
  label: string;
  live?: boolean;
}

export function formatCount(n: number): string {
  if (n < 1_000) return `${n}`;
  if (n < 1_000_000) return `${(n / 1_000).toFixed(1).replace(/\.0$/, '')}K`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

export function OutputBox({ chunks, hiddenChars = 0, label, live = false }: OutputBoxProps): ReactNode {
  const box = useRef<HTMLPreElement>(null);
  const { onScroll } = useStickToBottom(box, chunks, label);
  return (
    <pre
      ref={box}
      className={live ? 'output-box output-box--live' : 'output-box'}
      tabIndex={0}
      aria-label={label}
      // Inside the transcript's live log: streaming output would otherwise be read aloud chunk by chunk.
      aria-live="off"
      onScroll={onScroll}
    >
      {hiddenChars > 0 && <span className="output-box__hidden">… earlier output hidden ({formatCount(hiddenChars)} characters){'\n'}</span>}
      {chunks.map((c) => (
        <span key={c.id} className={c.stream === 'stderr' ? 'output-box__stderr' : undefined}>
          {c.text}
        </span>
      ))}
    </pre>
  );
}
