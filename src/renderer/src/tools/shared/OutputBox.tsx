// A scrolling box of command output in its terminal colours (shared/ansi.ts): stdout and stderr
// alike (stderr is just output; a failed command's stderr in a subtle red), a marker when earlier
// output was dropped. Live, it follows new output unless the person scrolled up to read; finished,
// it opens at its end, or at the marked line (a failure's first error) with a little of what came
// before it.
import { memo, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { OutputChunk } from '../../stores/progress-log';
import { useStickToBottom } from '../../transcript/use-stick-to-bottom';
import { ANSI_PALETTE_VARS, ansiProps, parseAnsiChunks, type AnsiRun, type ParsedAnsi } from './ansi';

/** A piece of one chunk to mark: [start, end) of the chunk's visible text (escapes removed, ansi.ts). */
export interface OutputMark {
  chunk: number;
  start: number;
  end: number;
}

export interface OutputBoxProps {
  chunks: readonly Pick<OutputChunk, 'id' | 'stream' | 'text'>[];
  /** Characters not shown at the start. */
  hiddenChars?: number;
  /** A name for the region ("Output of npm test"). */
  label: string;
  live?: boolean;
  /** Paint stderr as an error (only once the command failed). */
  stderrIsError?: boolean;
  /** Pieces to mark (a failure's first error line); the box opens there. */
  marks?: readonly OutputMark[];
}

/** Lines of output kept visible above the marked line when the box opens there. */
const LINES_ABOVE = 3;

export function formatCount(n: number): string {
  if (n < 1_000) return `${n}`;
  if (n < 1_000_000) return `${(n / 1_000).toFixed(1).replace(/\.0$/, '')}K`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** The runs covering [from, to) of a chunk's visible text, styled; plain text stays a bare string. */
function styledPieces(runs: readonly AnsiRun[], from: number, to: number, colours: boolean): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const run of runs) {
    const end = at + run.text.length;
    if (end > from && at < to) {
      const text = from <= at && end <= to ? run.text : run.text.slice(Math.max(from, at) - at, Math.min(to, end) - at);
      const props = run.style ? ansiProps(run.style, colours) : {};
      parts.push(props.className || props.style ? <span key={Math.max(from, at)} {...props}>{text}</span> : text);
    }
    if (end >= to) break;
    at = end;
  }
  return parts;
}

/**
 * One chunk's visible text in its colours, with its marked pieces wrapped in <mark> (there the
 * mark's colours win, so the error line reads the same whatever the program painted it).
 */
const ChunkText = memo(
  function ChunkText({ parsed, marks }: { parsed: ParsedAnsi; marks: readonly OutputMark[] }): ReactNode {
    if (marks.length === 0) return styledPieces(parsed.runs, 0, parsed.text.length, true);
    const parts: ReactNode[] = [];
    let at = 0;
    for (const m of marks) {
      if (m.start > at) parts.push(...styledPieces(parsed.runs, at, m.start, true));
      parts.push(
        <mark key={`m${m.start}`} className="output-box__mark">
          {styledPieces(parsed.runs, m.start, m.end, false)}
        </mark>,
      );
      at = m.end;
    }
    if (at < parsed.text.length) parts.push(...styledPieces(parsed.runs, at, parsed.text.length, true));
    return parts;
  },
  // Unchanged chunks of a growing live output are not rendered again.
  (a, b) => a.parsed === b.parsed && a.marks.length === b.marks.length && a.marks.every((m, i) => m.start === b.marks[i]!.start && m.end === b.marks[i]!.end),
);

export function OutputBox({ chunks, hiddenChars = 0, label, live = false, stderrIsError = false, marks = [] }: OutputBoxProps): ReactNode {
  const box = useRef<HTMLPreElement>(null);
  const parsed = useMemo(() => parseAnsiChunks(chunks), [chunks]);
  // Live output is followed as it grows; a finished one is placed once, when it opens.
  const { onScroll } = useStickToBottom(box, live ? chunks : null, label);
  const firstMark = marks[0] ? `${marks[0].chunk}:${marks[0].start}` : null;
  useLayoutEffect(() => {
    const el = box.current;
    const mark = el?.querySelector<HTMLElement>('.output-box__mark');
    if (!el || !mark || live) return;
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 18;
    el.scrollTop += mark.getBoundingClientRect().top - el.getBoundingClientRect().top - LINES_ABOVE * lineHeight;
  }, [firstMark, live]);
  return (
    <pre
      ref={box}
      className={live ? 'output-box output-box--live' : 'output-box'}
      tabIndex={0}
      aria-label={label}
      // Inside the transcript's live log: streaming output would otherwise be read aloud chunk by chunk.
      aria-live="off"
      style={ANSI_PALETTE_VARS}
      onScroll={onScroll}
    >
      {hiddenChars > 0 && <span className="output-box__hidden">… earlier output hidden ({formatCount(hiddenChars)} characters){'\n'}</span>}
      {chunks.map((c, i) => (
        <span key={c.id} className={c.stream === 'stderr' && stderrIsError ? 'output-box__stderr' : undefined} data-stream={c.stream}>
          <ChunkText parsed={parsed[i]!} marks={marks.filter((m) => m.chunk === i)} />
        </span>
      ))}
    </pre>
  );
}
