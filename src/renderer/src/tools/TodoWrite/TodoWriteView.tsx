// TodoWrite's card (TL): one compact line — "Updated the to-do list · 3 of 7 done" — since the list
// itself lives in the to-do panel beside the conversation.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { progressWords, todoProgress, todosOf } from '../../../../shared/tools/todo-write';
import type { ToolViewParts } from '../types';

function words(call: ToolCallView): string {
  const todos = todosOf(call.input);
  return todos ? progressWords(todoProgress(todos)) : '';
}

function TodoWriteUse(): ReactNode {
  return null;
}

function TodoWriteGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const last = calls.at(-1);
  const w = last ? words(last) : '';
  return (
    <>
      Updated the to-do list {calls.length} times{w && <span className="tool-group__list"> · {w}</span>}
    </>
  );
}

export const todoWriteView: ToolViewParts = {
  subject: words,
  title: (call) => {
    const w = words(call);
    const verb = call.state === 'succeeded' ? 'Updated the to-do list' : 'Update the to-do list';
    return w ? `${verb} · ${w}` : verb;
  },
  Use: TodoWriteUse,
  stateWords: (call) => (call.state === 'succeeded' ? 'Saved' : null),
  // Its result only tells the model the list was saved; the panel shows the list.
  hasOutput: () => false,
  Grouped: TodoWriteGrouped,
};
