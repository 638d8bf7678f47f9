// Why a call did not succeed, in words for the person (the model's wording is written for the model:
// "The user denied this Bash call… STOP what you are doing…").
import type { ToolCallView } from '../../../shared/tools/tool-call';

const USER_DENIED = /^The user denied this \S+ call, so it did not run\.(?: The user said:\n([\s\S]*))?/;
const USER_STOPPED = /^The user stopped this tool call\./;
const SIBLING = /^Cancelled: a sibling \S+ command failed(?:: (.*))?/;

export function problemText(call: ToolCallView): string | null {
  if (call.state === 'succeeded') return null;
  const message = (call.error?.message ?? (call.result?.isError ? call.result.text : '')).trim();
  if (!message) return null;
  const denied = USER_DENIED.exec(message);
  if (denied) return denied[1]?.trim() ? `You did not allow this. You told the assistant: “${denied[1].trim()}”` : 'You did not allow this.';
  if (USER_STOPPED.test(message)) return null; // "Stopped" already says it
  const sibling = SIBLING.exec(message);
  if (sibling) return sibling[1] ? `Not finished: another command failed (${sibling[1]}).` : 'Not finished: another command failed.';
  return message;
}
