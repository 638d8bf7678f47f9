// PL5: runs `tool.call` with the call's signal, forwarding progress the moment it comes. A throw is
// data (failed, with a telemetry-safe class); an abort is cancelled, saying why (Stop, sibling error).
import type { ToolProgress } from '../../../shared/tools/tool-call';
import { classifyToolError, toolUseError, ToolError, type ToolErrorCode } from '../core/errors';
import type { AnyTool, CanUseTool, ToolResult, ToolUseContext } from '../core/tool';
import { USER_STOPPED_MESSAGE } from '../executor/outcomes';

export type ExecuteResult =
  | { ok: true; result: ToolResult<unknown> }
  | { ok: false; state: 'failed' | 'cancelled'; content: string; message: string; code: ToolErrorCode; errorClass: string };

export interface ExecuteArgs {
  tool: AnyTool;
  input: unknown;
  /** Its `abortSignal` is the call's signal. */
  ctx: ToolUseContext;
  canUseTool: CanUseTool;
  parentMessageId: string;
  onProgress: (p: ToolProgress) => void;
}

/** Why the call was aborted, as the executor phrased it (`ToolCallCancelled`), else the Stop text. */
export function abortMessage(signal: AbortSignal): string {
  const r: unknown = signal.reason;
  if (typeof r === 'string' && r.trim()) return r;
  if (r instanceof Error && r.message && !(r instanceof DOMException)) return r.message;
  return USER_STOPPED_MESSAGE;
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  if (typeof e === 'string') return e;
  return 'Unknown error';
}

function isAbortError(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}

export function cancelled(signal: AbortSignal, err?: unknown): Extract<ExecuteResult, { ok: false }> {
  const why = abortMessage(signal);
  // Keep what the tool said on its way out (partial output) unless it is just the abort echoed back.
  const own = err !== undefined && !isAbortError(err) ? errorMessage(err) : '';
  const content = own && own !== why ? `${why}\n${own}` : why;
  return { ok: false, state: 'cancelled', content, message: why, code: 'cancelled', errorClass: 'AbortError' };
}

export async function executeTool(a: ExecuteArgs): Promise<ExecuteResult> {
  const signal = a.ctx.abortSignal;
  if (signal.aborted) return cancelled(signal);
  const onProgress = (p: ToolProgress) => {
    try {
      a.onProgress(p);
    } catch {
      // A broken progress consumer must not fail the tool.
    }
  };
  try {
    const result = await a.tool.call(a.input, a.ctx, a.canUseTool, a.parentMessageId, onProgress);
    if (!result || typeof result !== 'object' || !('data' in result)) {
      throw new ToolError('execution_failed', `${a.tool.name} returned no result`);
    }
    return { ok: true, result };
  } catch (e) {
    if (signal.aborted) return cancelled(signal, e);
    const message = errorMessage(e);
    const code: ToolErrorCode = e instanceof ToolError ? e.code : 'execution_failed';
    return { ok: false, state: 'failed', content: toolUseError(`Error: ${message}`), message, code, errorClass: classifyToolError(e) };
  }
}
