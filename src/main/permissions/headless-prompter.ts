// The prompter for headless runs: nobody can answer, so every ask becomes a denial whose text tells
// the user exactly which flag or rule would have allowed the call.
import type { Prompter } from './types';

export function headlessDenialMessage(toolName: string, suggestion: string): string {
  return (
    `Permission to use ${toolName} was not granted: agent-desk ran headless and no rule allowed it. ` +
    `Allow it with --allowedTools "${suggestion.replace(/"/g, '\\"')}" or a permissions.allow rule.`
  );
}

export function createHeadlessPrompter(): Prompter {
  return {
    async prompt(req) {
      const message = headlessDenialMessage(req.toolName, req.suggestions[0] ?? req.toolName);
      return { decision: 'deny', denial: { message, reason: { type: 'headless', reason: 'no interactive prompt' } } };
    },
  };
}
