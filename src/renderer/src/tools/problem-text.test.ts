// problemText: the card's reason line for a call that did not succeed, in words for the person.
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import { problemText } from './problem-text';

const call = (state: ToolCallView['state'], message?: string): ToolCallView => ({
  id: 'c',
  name: 'Bash',
  userFacingName: 'Bash',
  messageId: 'm',
  input: {},
  state,
  ...(message ? { error: { message }, result: { text: message, isError: true } } : {}),
});

describe('problemText (UI4: rejected and error renders speak to the person)', () => {
  const cases: [string, ToolCallView, string | null][] = [
    ['success has none', call('succeeded'), null],
    ['plain denial', call('rejected', 'The user denied this Bash call, so it did not run. STOP what you are doing and wait for the user to tell you how to proceed.'), 'You did not allow this.'],
    ['denial with feedback', call('rejected', 'The user denied this Bash call, so it did not run. The user said:\nuse pnpm'), 'You did not allow this. You told the assistant: “use pnpm”'],
    ['a rule denial is shown as is', call('rejected', 'Permission to use Bash has been denied by the rule Bash(rm:*) (userSettings).'), 'Permission to use Bash has been denied by the rule Bash(rm:*) (userSettings).'],
    ['Stop needs no extra words', call('cancelled', 'The user stopped this tool call.'), null],
    ['sibling failure', call('cancelled', 'Cancelled: a sibling Bash command failed: make build'), 'Not finished: another command failed (make build).'],
    ['a failure', call('failed', 'InputValidationError: command is required'), 'InputValidationError: command is required'],
    ['no message', call('failed'), null],
  ];
  for (const [name, c, want] of cases) it(name, () => expect(problemText(c)).toBe(want));
});
