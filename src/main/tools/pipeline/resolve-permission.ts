// PL4 end to end for one call: decide (rules, hook, tool, mode, classifier), prompt when the answer is
// "ask", count denials (PL4f guidance joins the denial text). Shared by the pipeline and canUseTool.
import type { AnyTool, CanUseTool, DecisionReason, ToolUseContext } from '../core/tool';
import type { ClassifierVerdict, PermissionCheck, PipelineDeps } from './deps';
import { askPermission } from './permission-prompt';
import { parseInput } from './validate';

export type PermissionStageResult =
  | { behavior: 'allow'; input: unknown; reason: DecisionReason }
  | { behavior: 'deny'; message: string; reason: DecisionReason; code: 'permission_denied' | 'hook_blocked' }
  | { behavior: 'cancelled' };

export interface ResolveArgs {
  check: PermissionCheck;
  toolUseId: string;
  /** What the prompt shows (TC5). */
  displayInput: unknown;
  signal: AbortSignal;
  deps: Pick<PipelineDeps, 'permissions' | 'prompter' | 'newId'>;
  /** Called just before the prompt opens (the call goes to `awaiting_permission`). */
  onAsk?: () => void;
}

export async function resolvePermission(a: ResolveArgs): Promise<PermissionStageResult> {
  const { tool, input } = a.check;
  const verdict = await a.deps.permissions.decide(a.check);
  if (verdict.behavior === 'allow') return verdict;
  let denial: { message: string; reason: DecisionReason };
  if (verdict.behavior === 'deny') {
    denial = verdict;
  } else {
    a.onAsk?.();
    const answer = await askPermission({
      tool,
      input,
      displayInput: a.displayInput,
      toolUseId: a.toolUseId,
      ctx: a.check.ctx,
      verdict,
      prompter: a.deps.prompter,
      permissions: a.deps.permissions,
      newId: a.deps.newId,
      signal: a.signal,
    });
    if (answer.behavior === 'cancelled') return answer;
    if (answer.behavior === 'allow' && answer.updatedInput) {
      // The person's answer is the input now: the tool's schema checks it like the model's.
      const parsed = parseInput(tool, answer.updatedInput);
      if (!parsed.ok) return { behavior: 'deny', message: `The user's answer could not be used: ${parsed.content}`, reason: { type: 'user' }, code: 'permission_denied' };
      return { behavior: 'allow', input: parsed.input, reason: answer.reason };
    }
    if (answer.behavior === 'allow') return { behavior: 'allow', input, reason: answer.reason };
    denial = answer;
  }
  const guidance = a.deps.permissions.recordDenial(tool.name, input);
  const message = guidance ? `${denial.message}\n\n${guidance}` : denial.message;
  const code = denial.reason.type === 'hook' ? 'hook_blocked' : 'permission_denied';
  return { behavior: 'deny', message, reason: denial.reason, code };
}

const NO_CLASSIFIER = (): Promise<ClassifierVerdict> => Promise.resolve({ verdict: 'none' });

/** The `canUseTool` handed to tools (subagents ask for nested calls): the same decision and prompt. */
export function makeCanUseTool(deps: Pick<PipelineDeps, 'permissions' | 'prompter' | 'newId'>, toolUseId: string): CanUseTool {
  return async (tool: AnyTool, input: unknown, ctx: ToolUseContext) => {
    const r = await resolvePermission({
      check: { tool, input, ctx, classifier: NO_CLASSIFIER },
      toolUseId,
      displayInput: input,
      signal: ctx.abortSignal,
      deps,
    });
    if (r.behavior === 'allow') return { behavior: 'allow', updatedInput: r.input, reason: r.reason };
    if (r.behavior === 'deny') return { behavior: 'deny', message: r.message, reason: r.reason };
    return { behavior: 'deny', message: 'The call was cancelled before permission was given.', reason: { type: 'other', reason: 'cancelled' } };
  };
}
