// The approval in the tool's own words (ToolDef.describeRequest), asked before the prompt opens and
// checked against the shared schema. Never blocks the prompt: an error, a slow answer or a malformed
// one just means the request kind's words.
import { RequestDescription } from '../../../shared/permissions/request-description';
import type { AnyTool, ToolUseContext } from '../core/tool';
import { answerWithin } from './within';

/** How long describeRequest may take before the prompt opens without it. */
export const DESCRIBE_TIMEOUT_MS = 1_500;

export async function requestDescription(tool: AnyTool, input: unknown, ctx: ToolUseContext, timeoutMs = DESCRIBE_TIMEOUT_MS): Promise<RequestDescription | undefined> {
  if (typeof tool.describeRequest !== 'function') return undefined;
  try {
    const d = await answerWithin(() => tool.describeRequest!(input, ctx), timeoutMs);
    if (d === null) return undefined;
    const parsed = RequestDescription.safeParse(d);
    if (!parsed.success) ctx.log.warn(`${tool.name}: its approval description is malformed; the usual words are shown`);
    return parsed.success ? parsed.data : undefined;
  } catch (err) {
    ctx.log.warn(`${tool.name}: describing its approval failed`, String(err));
    return undefined;
  }
}
