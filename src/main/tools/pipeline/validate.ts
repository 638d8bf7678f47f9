// PL2: schema first (zod safeParse, which also coerces: "5" → 5 where the schema says so), then the
// tool's business rules (validateInput); `behavior: 'ask'` hands the call to the permission prompt.
import { formatZodError, toolUseError, type ToolErrorCode } from '../core/errors';
import type { AnyTool, ToolUseContext, ValidationResult } from '../core/tool';

export type ValidateResult =
  | { ok: true; input: unknown; ask?: string }
  | { ok: false; state: 'failed' | 'rejected'; content: string; code: ToolErrorCode; errorCode?: number; error?: unknown };

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message || e.name : String(e);
}

// The executor parses a call's input to ask isConcurrencySafe, then the pipeline parses it again: the
// same input object (inputs are never changed, TC5) gives the same answer, so the second parse reuses
// the first. Keyed weakly by the input object: nothing outlives its call.
const parsedInputs = new WeakMap<object, WeakMap<AnyTool, ValidateResult>>();

/** Phase 1 alone: also used again on a hook's updated input. */
export function parseInput(tool: AnyTool, raw: unknown): ValidateResult {
  if (typeof raw !== 'object' || raw === null) return parseFresh(tool, raw);
  let byTool = parsedInputs.get(raw);
  const known = byTool?.get(tool);
  if (known) return known;
  const result = parseFresh(tool, raw);
  if (!byTool) parsedInputs.set(raw, (byTool = new WeakMap()));
  byTool.set(tool, result);
  return result;
}

function parseFresh(tool: AnyTool, raw: unknown): ValidateResult {
  let parsed;
  try {
    // Without zod's compiled fast path: compiling it (new Function) costs ~1 ms per schema on a
    // tool's first call, far more than the few µs it saves on each of the handful of parses after.
    parsed = tool.inputSchema().safeParse(raw, { jitless: true });
  } catch (e) {
    // A broken schema is the tool's bug, not the model's: report it as a failure of the call.
    return { ok: false, state: 'failed', code: 'execution_failed', content: toolUseError(`Error: ${tool.name} could not check its input: ${messageOf(e)}`), error: e };
  }
  if (!parsed.success) return { ok: false, state: 'failed', code: 'invalid_input', content: formatZodError(tool.name, parsed.error, raw) };
  return { ok: true, input: parsed.data };
}

export async function validateToolInput(tool: AnyTool, raw: unknown, ctx: ToolUseContext): Promise<ValidateResult> {
  const parsed = parseInput(tool, raw);
  if (!parsed.ok || !tool.validateInput) return parsed;
  let verdict: ValidationResult;
  try {
    verdict = await tool.validateInput(parsed.input, ctx);
  } catch (e) {
    return { ok: false, state: 'failed', code: 'execution_failed', content: toolUseError(`Error: ${messageOf(e)}`), error: e };
  }
  if (verdict.result) return parsed;
  if ('behavior' in verdict && verdict.behavior === 'ask') return { ok: true, input: parsed.input, ask: verdict.message };
  const errorCode = 'errorCode' in verdict ? verdict.errorCode : undefined;
  // A broken business rule is the model's error to fix (an Edit whose text isn't there), not a
  // refusal: 'rejected' stays for permission denials, so the UI never says "Not allowed" for it.
  return { ok: false, state: 'failed', code: 'validation_failed', content: toolUseError(verdict.message), errorCode };
}
