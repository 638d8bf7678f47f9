// Turns a command's raw output chunks into a modest stream of progress items: chunks that arrive
// close together are merged (one item per stream run per flush), and past a budget the live view
// gets a status line instead of more text (the final result still has everything).
import type { ToolProgress } from '../../../shared/tools/tool-call';
import type { StreamName } from '../../process/run-process';

export interface ProgressOptions {
  /** Merge window: pending text is flushed this long after its first chunk. */
  flushMs: number;
  /** Flush at once when this much text is pending. */
  maxPendingChars: number;
  /** Text streamed live before switching to status updates. */
  liveBudgetChars: number;
}

export const DEFAULT_PROGRESS_OPTIONS: ProgressOptions = { flushMs: 50, maxPendingChars: 16_384, liveBudgetChars: 256_000 };

export class ProgressCoalescer {
  private pending: Array<{ stream: StreamName; text: string }> = [];
  private pendingChars = 0;
  private timer: NodeJS.Timeout | undefined;
  private sentChars = 0;
  private overBudgetChars = 0;
  /** overBudgetChars as of the last status line. */
  private reportedChars = 0;

  constructor(
    private readonly emit: (p: ToolProgress) => void,
    private readonly opts: ProgressOptions = DEFAULT_PROGRESS_OPTIONS,
  ) {}

  /** Past the live budget nothing more is shown: `chars` that arrived undecoded are only counted. */
  get overBudget(): boolean {
    return this.sentChars >= this.opts.liveBudgetChars;
  }

  countUnshown(chars: number): void {
    if (chars === 0) return;
    this.overBudgetChars += chars;
    this.timer ??= setTimeout(() => this.flush(), this.opts.flushMs);
  }

  push(stream: StreamName, text: string): void {
    if (text.length === 0) return;
    if (this.sentChars >= this.opts.liveBudgetChars) {
      // Nothing more is shown live: count it, and say so once per merge window, not once per chunk
      // (a command printing megabytes would otherwise send a status line per pipe read).
      this.overBudgetChars += text.length;
      this.timer ??= setTimeout(() => this.flush(), this.opts.flushMs);
      return;
    }
    const last = this.pending[this.pending.length - 1];
    if (last && last.stream === stream) last.text += text;
    else this.pending.push({ stream, text });
    this.pendingChars += text.length;
    if (this.pendingChars >= this.opts.maxPendingChars) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.opts.flushMs);
  }

  /** Emit everything pending now (also called before the result is returned). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const items = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    for (const item of items) {
      const room = this.opts.liveBudgetChars - this.sentChars;
      if (room > 0) {
        const text = item.text.slice(0, room);
        this.sentChars += text.length;
        this.safeEmit({ type: 'output', stream: item.stream, text });
        this.overBudgetChars += item.text.length - text.length;
      } else {
        this.overBudgetChars += item.text.length;
      }
    }
    if (this.overBudgetChars > this.reportedChars) {
      this.reportedChars = this.overBudgetChars;
      this.safeEmit({ type: 'status', text: `Output continues: ${formatChars(this.overBudgetChars)} more not shown live` });
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private safeEmit(p: ToolProgress): void {
    try {
      this.emit(p);
    } catch {
      // A broken listener must not break the command.
    }
  }
}

export function formatChars(n: number): string {
  if (n < 1_000) return `${n} chars`;
  if (n < 1_000_000) return `${(n / 1_000).toFixed(1)}K chars`;
  return `${(n / 1_000_000).toFixed(1)}M chars`;
}
