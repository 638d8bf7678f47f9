// AskUserQuestion's card (issue 19): "Asked you 2 questions", each question with the answer given —
// or, while it waits, the questions themselves (the form to answer them is in the approval).
import type { ReactNode } from 'react';
import { AskUserQuestionData, makeAskUserQuestionInputSchema } from '../../../../shared/tools/ask-user-question';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import type { ToolViewParts, ToolViewProps } from '../types';
import './AskUserQuestionView.css';

const data = (call: ToolCallView): AskUserQuestionData | null => {
  const parsed = AskUserQuestionData.safeParse(call.result?.data);
  return parsed.success ? parsed.data : null;
};

const questionsOf = (call: ToolCallView): string[] => {
  const parsed = makeAskUserQuestionInputSchema().safeParse(call.input);
  return parsed.success ? parsed.data.questions.map((q) => q.question) : [];
};

const count = (n: number): string => (n === 1 ? 'a question' : `${n} questions`);

function AskUserQuestionUse({ call }: ToolViewProps): ReactNode {
  const d = data(call);
  const questions = d ? d.questions.map((q) => q.question) : questionsOf(call);
  if (questions.length === 0) return null;
  return (
    <dl className="tool-input ask-answers">
      {questions.map((q) => (
        <div className="tool-input__row" key={q}>
          <dt>{q}</dt>
          <dd>{d ? (d.answers[q] ?? '—') : 'Waiting for your answer'}</dd>
        </div>
      ))}
    </dl>
  );
}

function AskUserQuestionGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Asked you questions {calls.length} times</>;
}

export const askUserQuestionView: ToolViewParts = {
  subject: (call) => questionsOf(call)[0] ?? 'Questions',
  title: (call) => {
    const n = questionsOf(call).length;
    return data(call) ? `You answered ${count(n)}` : `Asked you ${count(n)}`;
  },
  Use: AskUserQuestionUse,
  stateWords: (call) => (call.state === 'succeeded' ? 'Answered' : call.state === 'rejected' ? 'Not answered' : call.state === 'awaiting_permission' ? 'Waiting for your answer' : null),
  // The answers are in the card itself.
  hasOutput: () => false,
  Grouped: AskUserQuestionGrouped,
};
