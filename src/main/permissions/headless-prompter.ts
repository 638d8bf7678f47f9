// The prompter for headless runs: nobody can answer, so every ask becomes a denial whose text tells
// the user exactly which flag or rule would have allowed the call.
import type { Prompter } from './types';

/**
 * `why` is the ask's explanation; when it says more than "no rule allows it" (an ask rule, a compound
 * command, a path outside the project), the model is told, so it can change course.
 */
export function headlessDenialMessage(toolName: string, suggestion: string, why?: string): string {
  const said = why && /^Asked /.test(why) && !/^Asked because no rule allows /.test(why) ? why.trim() : undefined;
  const head = said
    ? `Permission to use ${toolName} was not granted: agent-desk ran headless, so nobody could approve it. ${said} `
    : `Permission to use ${toolName} was not granted: agent-desk ran headless and no rule allowed it. `;
  return `${head}Allow it with --allowedTools "${suggestion.replace(/"/g, '\\"')}" or a permissions.allow rule.`;
}

/**
 * The safety check a tool asks with when only a person can answer (AskUserQuestion): no rule or mode
 * answers it, and headless the model is told plainly that nobody is there, not which flag to pass.
 */
export const NEEDS_A_PERSON_CHECK = 'needs-a-person';

export function nobodyToAnswerMessage(toolName: string): string {
  return `${toolName} did not run: agent-desk is running headless, so there is no person to answer. Do not ask again in this run: decide yourself, say what you assumed, and go on.`;
}

export function createHeadlessPrompter(): Prompter {
  return {
    async prompt(req) {
      const reason = req.explanation?.reason;
      if (reason?.kind === 'check' && reason.name === NEEDS_A_PERSON_CHECK) {
        return { decision: 'deny', denial: { message: nobodyToAnswerMessage(req.toolName), reason: { type: 'headless', reason: 'nobody to answer' } } };
      }
      const planned = req.explanation?.reason.kind === 'mode' && req.explanation.reason.mode === 'plan';
      const message = planned
        ? `Permission to use ${req.toolName} was not granted: agent-desk ran headless, so nobody could approve it. ${req.message} Run it outside plan mode.`
        : headlessDenialMessage(req.toolName, req.suggestions[0] ?? req.toolName, req.message);
      return { decision: 'deny', denial: { message, reason: { type: 'headless', reason: 'no interactive prompt' } } };
    },
  };
}
