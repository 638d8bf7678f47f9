// What the calls queued behind a running one will need, read from their tools' traits: a tool that
// starts programs replaces a used-up launcher at once only when another such call follows.
import type { ToolUseContext } from './tool';

/** Whether a call queued behind this one starts a program (ToolDef.startsProgram); true when unknown. */
export function programQueuedNext(ctx: Pick<ToolUseContext, 'upcoming' | 'tools'>): boolean {
  const next = ctx.upcoming?.();
  if (!next) return true;
  return next.queued.some((name) => ctx.tools.find((t) => t.name === name)?.startsProgram === true);
}
