// One line of text for a DecisionReason, for the permission prompt and logs.
import type { DecisionReason } from './types';

export function describeDecisionReason(r: DecisionReason): string {
  switch (r.type) {
    case 'rule':
      return `${r.behavior} rule ${r.rule} (${r.source})`;
    case 'hook':
      return r.reason ? `${r.hook} hook: ${r.reason}` : `${r.hook} hook`;
    case 'tool':
    case 'classifier':
    case 'safetyCheck':
    case 'headless':
    case 'other':
      return r.reason;
    case 'mode':
      return `permission mode ${r.mode}`;
    case 'user':
      return r.feedback ? `the user: ${r.feedback}` : 'the user';
  }
}
