// The person's answer to one of a session's permission requests, applied: a plan approved switches the
// mode before the call runs, "every edit until this conversation ends" raises the session to
// acceptEdits, and "Always allow" adds its rule (and writes its settings file) before the call goes on.
import type { PermissionReplyInput } from '../../../shared/permissions/request';
import type { RuleDestination } from '../../../shared/permissions/rule-store';
import type { AnyTool } from '../../tools/core/tool';
import type { SessionModeState } from './session-mode';
import type { SessionPrompts } from './prompts';

export interface PermissionRepliesDeps {
  prompts: SessionPrompts;
  tools: () => readonly AnyTool[];
  modes: SessionModeState;
  /** Adds an "always allow" rule for this session (and starts its settings write); false when refused. */
  remember: (rule: string, destination: RuleDestination) => boolean;
  /** The settings write `remember` just started (true once written); undefined when none started. */
  takeSave: () => Promise<boolean> | undefined;
}

export function createPermissionReplies(d: PermissionRepliesDeps): (reply: PermissionReplyInput) => boolean {
  /** Requests answered "always allow" whose rule is still being saved (they resolve once it is). */
  const answering = new Set<string>();
  const pending = (requestId: string) => d.prompts.pending().find((r) => r.requestId === requestId);
  return (reply) => {
    const { prompts } = d;
    // Already answered, its rule still being written: a second answer (a repeated id) is stale.
    if (answering.has(reply.requestId)) return false;
    // A plan approved (a tool that ends plan mode): the session goes on in the mode the person chose,
    // from before the call runs, so the calls after it in the same reply already see it.
    if (reply.decision === 'allow_once' && reply.nextMode) {
      const req = pending(reply.requestId);
      const ends = req ? d.tools().find((t) => t.name === req.toolName)?.endsPlanMode === true : false;
      if (ends && d.modes.mode() === 'plan') d.modes.port.set(reply.nextMode);
      return prompts.reply(ends ? reply : { requestId: reply.requestId, decision: 'allow_once' });
    }
    // "Every edit until this conversation ends": this session runs in acceptEdits from now on — only
    // for an editing tool's request, and never in place of a stricter or looser mode already chosen.
    if (reply.decision === 'allow_always' && reply.sessionMode === 'acceptEdits') {
      const req = pending(reply.requestId);
      if (req?.kind === 'edit') d.modes.acceptEditsForSession();
      return prompts.reply(req?.kind === 'edit' ? reply : { requestId: reply.requestId, decision: 'allow_once' });
    }
    // "Always allow" with a rule: the session rule is added (and a settings file written) before the
    // prompt resolves, so the next call already sees it; the resolution says what was saved where.
    const req = reply.decision === 'allow_always' ? pending(reply.requestId) : undefined;
    const rule = req ? (reply.rule ?? req.suggestions[0] ?? req.toolName).trim() : '';
    const destination = reply.destination ?? 'session';
    if (req && rule && d.remember(rule, destination)) {
      const saving = destination === 'session' ? undefined : d.takeSave();
      // The call goes on once the file is written, so the next call (and anyone reading the file) sees it.
      if (saving) {
        // Accepted now: a task's request must not expire into a denial while its rule is written.
        prompts.holdExpiry(reply.requestId);
        answering.add(reply.requestId);
        void saving.then((written) => {
          answering.delete(reply.requestId);
          // A failed write (already a notice) leaves the rule for this session only.
          prompts.reply(reply, { rule, destination: written ? destination : 'session' });
        });
        return true;
      }
      // Asked for this session only, or no file writer here (a test, a host without one).
      return prompts.reply(reply, { rule, destination: 'session' });
    }
    return prompts.reply(reply);
  };
}
