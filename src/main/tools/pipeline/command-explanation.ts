// The approval window's explanation of a command (BA9, DK4), asked of the tool's describeCommand
// before the prompt opens, with the parts no allow rule covered marked. Never blocks the prompt: an
// error or a slow disk just means no explanation.
import type { CommandExplanation } from '../../../shared/permissions/command-explanation';
import type { PermissionExplanation } from '../../../shared/permissions/explanation';
import type { AnyTool, ToolUseContext } from '../core/tool';
import { answerWithin } from './within';

/** How long describeCommand may take before the prompt opens without an explanation. */
export const EXPLAIN_TIMEOUT_MS = 1_500;

const squeeze = (s: string): string => s.trim().replace(/\s+/g, ' ');

/** Marks which parts made the call ask when no rule allowed it: those no allow rule covered. */
export function markUnmatched(e: CommandExplanation, why: PermissionExplanation | undefined): CommandExplanation {
  if (why?.reason.kind !== 'no-rule' || e.parts.length === 0) return e;
  const uncovered = new Set((why.reason.uncovered ?? []).map(squeeze));
  const named = e.parts.some((p) => uncovered.has(squeeze(p.text)));
  const parts = e.parts.map((p) => {
    if (p.asks) return p;
    // Without a list (one command, or segments the list spells differently) every part that does more than look asks.
    const asks = named ? uncovered.has(squeeze(p.text)) : !p.readOnly;
    return asks ? { ...p, asks: 'No rule allows this part yet.' } : p;
  });
  return { ...e, parts };
}

export async function commandExplanation(tool: AnyTool, input: unknown, ctx: ToolUseContext, why: PermissionExplanation | undefined, timeoutMs = EXPLAIN_TIMEOUT_MS): Promise<CommandExplanation | undefined> {
  if (typeof tool.describeCommand !== 'function') return undefined;
  try {
    const e = await answerWithin(() => tool.describeCommand!(input, ctx), timeoutMs);
    return e ? markUnmatched(e, why) : undefined;
  } catch (err) {
    ctx.log.warn('explaining a command failed', String(err));
    return undefined;
  }
}
