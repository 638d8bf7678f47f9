// AskUserQuestion's request kind (issue 19): the assistant's questions as a form — each a group of
// choices with their descriptions (radio buttons, or checkboxes when several may be chosen), "Other"
// with the person's own words — and "Send answers", which sends them back as the call's answers.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { makeAskUserQuestionInputSchema, type AskQuestion } from '../../../../shared/tools/ask-user-question';
import { InfoIcon } from '../../components/icons';
import type { RequestFormProps, RequestKind } from '../types';
import { genericRuleWords } from './GenericRequest';
import { answerOf, answersOf, NO_CHOICE, pick, pickOther, type QuestionChoice } from './questions-answers';
import './QuestionsRequest.css';

function questionsOf(request: PermissionRequestView): AskQuestion[] {
  const parsed = makeAskUserQuestionInputSchema().safeParse(request.input);
  return parsed.success ? parsed.data.questions : [];
}

function QuestionGroup({ q, choice, onChange }: { q: AskQuestion; choice: QuestionChoice; onChange: (c: QuestionChoice) => void }): ReactNode {
  const id = useId();
  const otherBox = useRef<HTMLInputElement>(null);
  const type = q.multiSelect ? 'checkbox' : 'radio';
  return (
    <fieldset className="questions__group">
      <legend className="questions__legend">
        {q.header && <span className="questions__chip">{q.header}</span>}
        <span className="questions__question">{q.question}</span>
      </legend>
      {q.multiSelect && <p className="questions__hint">Choose one or more.</p>}
      {q.options.map((o, i) => (
        <label className="questions__option" key={o.label}>
          <input
            type={type}
            name={id}
            value={o.label}
            checked={choice.labels.includes(o.label)}
            aria-describedby={o.description ? `${id}-d${i}` : undefined}
            onChange={() => onChange(pick(q, choice, o.label))}
          />
          <span className="questions__text">
            <span className="questions__label">{o.label}</span>
            {o.description && (
              <span id={`${id}-d${i}`} className="questions__description">
                {o.description}
              </span>
            )}
          </span>
        </label>
      ))}
      <div className="questions__option questions__option--other">
        <input
          id={`${id}-other`}
          type={type}
          name={id}
          value="other"
          checked={choice.other}
          onChange={(e) => {
            onChange(pickOther(q, choice, q.multiSelect ? e.currentTarget.checked : true));
            // Chosen to be written: the words go straight into its box.
            if (!q.multiSelect || e.currentTarget.checked) requestAnimationFrame(() => otherBox.current?.focus());
          }}
        />
        <span className="questions__text">
          <label className="questions__label" htmlFor={`${id}-other`}>
            Other
          </label>
          <input
            ref={otherBox}
            type="text"
            className="input questions__own"
            aria-label={`Your own answer: ${q.question}`}
            placeholder="Write your own answer"
            value={choice.otherText}
            maxLength={2000}
            onChange={(e) => onChange(pickOther(q, choice, e.currentTarget.value.trim() !== '' || choice.other, e.currentTarget.value))}
          />
        </span>
      </div>
    </fieldset>
  );
}

function QuestionsForm({ request, disabled, onAnswer }: RequestFormProps): ReactNode {
  const questions = questionsOf(request);
  const [choices, setChoices] = useState<QuestionChoice[]>(() => questions.map(() => NO_CHOICE));
  const answers = answersOf(questions, choices);
  const input = request.input as Record<string, unknown>;
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (answers && !disabled) onAnswer('allow_once', { updatedInput: { ...input, answers } });
  };
  if (questions.length === 0) return <p className="approval__muted">The questions could not be read.</p>;
  const left = questions.filter((q, i) => !answerOf(q, choices[i] ?? NO_CHOICE)).length;
  return (
    <form className="questions" aria-label="Your answers" onSubmit={submit}>
      {questions.map((q, i) => (
        <QuestionGroup key={q.question} q={q} choice={choices[i] ?? NO_CHOICE} onChange={(c) => setChoices((all) => all.map((x, j) => (j === i ? c : x)))} />
      ))}
      <div className="approval__actions">
        <button type="submit" className="button button--primary" disabled={disabled || !answers}>
          Send answers
        </button>
        <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onAnswer('deny')}>
          Skip
        </button>
        {!answers && (
          <span className="questions__left" aria-live="polite">
            {left === 1 ? '1 question still needs an answer' : `${left} questions still need an answer`}
          </span>
        )}
      </div>
    </form>
  );
}

export const questionsRequest: RequestKind = {
  question: (r) => (questionsOf(r).length > 1 ? 'The assistant has some questions for you' : 'The assistant has a question for you'),
  summary: () => 'Choose an answer, or write your own under “Other”. Your answers go back to the assistant.',
  purpose: () => null,
  why: () => 'Only you can answer these questions.',
  Details: () => null,
  Form: QuestionsForm,
  ruleWords: genericRuleWords,
  Icon: InfoIcon,
};
