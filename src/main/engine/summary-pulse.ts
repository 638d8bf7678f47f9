// A conversation's summary (its spend for the list and the project's day total) told during a turn as
// well as after it: after each counted model call, at most one per interval, and any pending one before
// an event that quotes the spend (the budget's notice and question) — so the header, the list and the
// budget question agree. The same summary is not told twice in a row.
import type { SessionSummary } from '../../shared/transcript';
import type { SessionEventBody } from './event-body';

/** Subagents working side by side can count several calls a second; the list need not redraw each. */
export const SUMMARY_INTERVAL_MS = 250;

export interface SummaryPulseDeps {
  summary: () => SessionSummary;
  publish: (s: SessionSummary) => void;
  now: () => number;
  intervalMs?: number;
}

export class SummaryPulse {
  private last: string | null = null;
  private lastAt = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly d: SummaryPulseDeps) {}

  /** Tells the summary now, unless it is the one told last. */
  now(): void {
    this.cancel();
    if (this.disposed) return;
    const s = this.d.summary();
    const key = JSON.stringify(s);
    this.lastAt = this.d.now();
    if (key === this.last) return;
    this.last = key;
    this.d.publish(s);
  }

  /** A model call was counted: the summary follows now, or at the end of the interval. */
  soon(): void {
    if (this.timer || this.disposed) return;
    const wait = this.lastAt + (this.d.intervalMs ?? SUMMARY_INTERVAL_MS) - this.d.now();
    if (wait <= 0) return this.now();
    this.timer = setTimeout(() => this.now(), wait);
    this.timer.unref?.();
  }

  /** Around each event the session publishes: a pending summary before the budget speaks, a new one after a call is counted. */
  pass(e: SessionEventBody, send: () => void): void {
    if (this.timer && (e.type === 'budget' || e.type === 'permission_request')) this.now();
    send();
    if (e.type === 'usage') this.soon();
  }

  dispose(): void {
    this.cancel();
    this.disposed = true;
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
