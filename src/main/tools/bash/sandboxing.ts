// Whether a Bash call goes in the box, and what that changes about asking (BA6, Claude Code's
// `sandbox` semantics): a boxed command needs no approval when autoAllowBashIfSandboxed (the default)
// — deny and ask rules and BA1 findings still count; `excludedCommands` and commands the model asks to
// run outside (`dangerouslyDisableSandbox`, only where allowUnsandboxedCommands) take the normal path,
// the latter always asking; when the box cannot start, commands ask instead of running unconfined.
import type { SandboxPolicy } from '../../sandbox/policy';
import { isExcludedCommand } from '../../sandbox/policy';
import type { PermissionResult } from '../core/tool';
import { bashFacts } from './permission';

export type BoxPlan =
  /** No sandbox in the settings: everything as before. */
  | { kind: 'off' }
  | { kind: 'boxed'; policy: SandboxPolicy }
  /** Runs outside the box by the settings' `excludedCommands`. */
  | { kind: 'excluded'; policy: SandboxPolicy }
  /** The model asked to run it outside the box. */
  | { kind: 'outside'; policy: SandboxPolicy }
  /** The box is on but cannot start here. */
  | { kind: 'unavailable'; policy: SandboxPolicy; reason: string };

export function boxPlan(
  input: { command: string; dangerouslyDisableSandbox?: boolean },
  policy: SandboxPolicy | undefined,
  status: { available: boolean; reason?: string } | undefined,
): BoxPlan {
  if (!policy?.enabled) return { kind: 'off' };
  if (input.dangerouslyDisableSandbox && policy.allowUnsandboxed) return { kind: 'outside', policy };
  const parts = bashFacts(input.command).parts?.map((p) => p.text) ?? [input.command];
  if (policy.excludedCommands.length > 0 && parts.some((p) => isExcludedCommand(policy.excludedCommands, p))) return { kind: 'excluded', policy };
  if (status && !status.available) return { kind: 'unavailable', policy, reason: status.reason ?? 'The sandbox cannot start on this computer.' };
  return { kind: 'boxed', policy };
}

export const OUTSIDE_REFUSED =
  'Running commands outside the sandbox is disabled by policy in this environment (sandbox.allowUnsandboxedCommands is false). Run the command in the sandbox, or ask the person to change the setting.';

/** What the box adds to Bash's own opinion of a call (`own`, from bashPermission). */
export function sandboxOpinion<I>(plan: BoxPlan, input: { dangerouslyDisableSandbox?: boolean }, own: PermissionResult<I>, readOnly: boolean): PermissionResult<I> {
  if (plan.kind === 'off') return own;
  if (input.dangerouslyDisableSandbox && !plan.policy.allowUnsandboxed) return { behavior: 'deny', message: OUTSIDE_REFUSED, reason: { type: 'tool', reason: OUTSIDE_REFUSED } };
  if (plan.kind === 'outside') {
    const message = 'The assistant asks to run this command outside the sandbox, where it can change any of your files and reach the internet. It always asks.';
    return { behavior: 'ask', message, reason: { type: 'safetyCheck', reason: message, check: 'BA6 outside the sandbox', strict: true } };
  }
  if (plan.kind === 'unavailable') {
    if (plan.policy.failIfUnavailable) {
      const message = `${plan.reason} The settings say commands may not run without it (sandbox.failIfUnavailable).`;
      return { behavior: 'deny', message, reason: { type: 'tool', reason: message } };
    }
    if (readOnly && own.behavior === 'allow') return own;
    if (own.behavior === 'ask' && own.reason?.type === 'safetyCheck') return own;
    const message = `${plan.reason} This command would run without the sandbox's protection, so it asks.`;
    return { behavior: 'ask', message, reason: { type: 'safetyCheck', reason: message, check: 'BA6 sandbox unavailable' } };
  }
  if (plan.kind === 'excluded' || !plan.policy.autoAllow) return own;
  // BA1 findings (hidden commands, injection tricks) and removals that always ask still ask in the box.
  if (own.behavior === 'ask' && own.reason?.type === 'safetyCheck' && (own.reason.strict || own.reason.check?.startsWith('BA1'))) return own;
  if (own.behavior === 'deny' || own.behavior === 'allow') return own;
  return { behavior: 'allow', reason: { type: 'tool', reason: 'it runs in the sandbox: it can only change files in the project and reach hosts you allowed' } };
}
