// A connected tool's question to the person (MCP elicitation, issue 17 item 6), docked above the
// message box like an approval: what it asks in its own words, a form built from the fields it asked
// for, and Send / Decline / Cancel. Further questions wait behind it. Like an approval it never takes
// the keyboard from someone typing: it is announced, and F6 moves between it and the message box.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { focusComposer } from '../permissions/composer-focus';
import type { ElicitField, McpElicitation } from '../../../shared/mcp-elicitation';
import { useMcp } from '../stores/react';
import { contentOf, initialValues, type FormValues } from './question-values';
import './McpQuestion.css';

const INPUT_TYPE: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

function Field({ q, f, value, onChange }: { q: string; f: ElicitField; value: string | boolean; onChange: (v: string | boolean) => void }): ReactNode {
  const id = `${q}-${f.name}`;
  const hint = f.description ? `${id}-hint` : undefined;
  const label = `${f.label}${f.required ? '' : ' (optional)'}`;
  const common = { id, 'aria-describedby': hint, required: f.required };
  let control: ReactNode;
  if (f.kind === 'boolean') {
    return (
      <div className="mcp-question__field mcp-question__field--check">
        <label>
          <input type="checkbox" {...common} required={false} checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {f.label}
        </label>
        {hint && <p id={hint}>{f.description}</p>}
      </div>
    );
  }
  if (f.kind === 'choice') {
    control = (
      <select {...common} value={String(value)} onChange={(e) => onChange(e.target.value)}>
        {(!f.required || value === '') && <option value="">{f.required ? 'Choose…' : 'No choice'}</option>}
        {f.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (f.kind === 'number' || f.kind === 'integer') {
    control = <input type="number" {...common} step={f.kind === 'integer' ? 1 : 'any'} min={f.minimum} max={f.maximum} value={String(value)} onChange={(e) => onChange(e.target.value)} />;
  } else {
    control = <input type={INPUT_TYPE[f.format ?? ''] ?? 'text'} {...common} minLength={f.minLength} maxLength={f.maxLength} value={String(value)} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <div className="mcp-question__field">
      <label htmlFor={id}>{label}</label>
      {control}
      {hint && <p id={hint}>{f.description}</p>}
    </div>
  );
}

export function McpQuestionCard({ question: q, more }: { question: McpElicitation; more: number }): ReactNode {
  const answer = useMcp((s) => s.answer);
  const [values, setValues] = useState<FormValues>(() => initialValues(q.fields));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    setValues(initialValues(q.fields));
    setProblem(null);
  }, [q]);
  const send = async (a: Parameters<typeof answer>[1]) => {
    setSending(true);
    setProblem(await answer(q.id, a));
    setSending(false);
  };
  const titleId = `${q.id}-title`;
  const card = useRef<HTMLElement>(null);
  // F6 goes between the question and the message box, wherever the focus is (an approval shown too keeps F6).
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'F6' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const el = card.current;
      if (!el) return;
      e.preventDefault();
      if (el.contains(document.activeElement)) focusComposer();
      else el.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <section ref={card} className="approval mcp-question" role="dialog" aria-modal="false" aria-labelledby={titleId} aria-describedby={`${q.id}-message`} tabIndex={-1}>
      <form
        className="mcp-question__body"
        // What does not fit is said in the card, in main's words, not in a browser tooltip.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send({ action: 'accept', content: contentOf(q.fields, values) });
        }}
      >
        <h2 id={titleId} className="mcp-question__title">
          The connected tool “{q.server}” asks you
        </h2>
        <p id={`${q.id}-message`} className="mcp-question__message">
          {q.message}
        </p>
        {q.fields.map((f) => (
          <Field key={f.name} q={q.id} f={f} value={values[f.name] ?? ''} onChange={(v) => setValues({ ...values, [f.name]: v })} />
        ))}
        <p className="mcp-question__note">Your answer goes to “{q.server}” only. Never type a password here.</p>
        {problem && (
          <p className="mcp-question__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="mcp-question__buttons">
          <button type="submit" className="button button--primary" disabled={sending}>
            Send
          </button>
          <button type="button" className="button" disabled={sending} onClick={() => void send({ action: 'decline' })}>
            Decline
          </button>
          <button type="button" className="button button--ghost" disabled={sending} onClick={() => void send({ action: 'cancel' })}>
            Cancel
          </button>
          {more > 0 && <span className="mcp-question__more">{more === 1 ? '1 more question waits' : `${more} more questions wait`}</span>}
        </div>
        <p className="approval__keys">Press F6 to come here, Tab to move between the fields · F6 again to go back to your message</p>
      </form>
    </section>
  );
}

/** The oldest question waiting, if any. */
export function McpQuestions(): ReactNode {
  const questions = useMcp((s) => s.questions);
  const first = questions[0];
  // Said once per question, politely; the region is always there so a screen reader hears it arrive.
  return (
    <>
      <div className="visually-hidden" role="status" aria-label="Question notices">
        {first ? `The connected tool “${first.server}” asks you something: ${first.message} Press F6 to answer.` : ''}
      </div>
      {first && <McpQuestionCard key={first.id} question={first} more={questions.length - 1} />}
    </>
  );
}
