// A connected tool's question to the person (MCP elicitation, issue 17 item 6) as the form of its
// approval request: a field per value it asked for, checked before it goes (main checks again), and
// Send / Say no / Not now, each said in a line. The approval panel around it says who asks and what, and keeps the
// keyboard rules of every approval (announced, F6, never taking the keyboard from someone typing).
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ElicitAnswer, ElicitField } from '../../../shared/mcp-elicitation';
import { checkAnswer, McpQuestionInput } from '../../../shared/mcp-question';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { RequestFormProps } from '../permissions/types';
import { contentOf, initialValues, type FormValues } from './question-values';
import './McpQuestion.css';

const INPUT_TYPE: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

/** The question's server, message and fields; null when the request does not carry them. */
export function questionOf(request: PermissionRequestView): McpQuestionInput | null {
  const parsed = McpQuestionInput.safeParse(request.input);
  return parsed.success ? parsed.data : null;
}

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

export function McpQuestionForm({ request, disabled, onAnswer }: RequestFormProps): ReactNode {
  const q = questionOf(request);
  const fields = q?.fields ?? [];
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [problem, setProblem] = useState<string | null>(null);
  if (!q) return <p className="approval__muted">The question could not be read.</p>;
  const id = request.requestId.replace(/[^\w-]/g, '');
  const answer = (a: ElicitAnswer) => onAnswer('allow_once', { updatedInput: { answer: a } });
  const send = (e: FormEvent): void => {
    e.preventDefault();
    if (disabled) return;
    // What does not fit is said here, in the same words main would use, before anything goes.
    const content = checkAnswer(fields, contentOf(fields, values));
    if (typeof content === 'string') return setProblem(content);
    setProblem(null);
    answer({ action: 'accept', content });
  };
  return (
    <form className="mcp-question__body" aria-label="Your answer" noValidate onSubmit={send}>
      {fields.map((f) => (
        <Field key={f.name} q={id} f={f} value={values[f.name] ?? ''} onChange={(v) => setValues({ ...values, [f.name]: v })} />
      ))}
      <p className="mcp-question__note">Your answer goes to “{q.server}” only. Never type a password here.</p>
      {problem && (
        <p className="mcp-question__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="mcp-question__buttons">
        <button type="submit" className="button button--primary" disabled={disabled} aria-describedby={`${id}-send`}>
          Send
        </button>
        <button type="button" className="button" disabled={disabled} aria-describedby={`${id}-no`} onClick={() => answer({ action: 'decline' })}>
          Say no
        </button>
        <button type="button" className="button button--ghost" disabled={disabled} aria-describedby={`${id}-later`} onClick={() => answer({ action: 'cancel' })}>
          Not now
        </button>
      </div>
      {/* MCP tells a refusal (decline) from a question closed unanswered (cancel): the person sees which is which. */}
      <ul className="mcp-question__choices">
        <li id={`${id}-send`}>
          <strong>Send:</strong> your answer goes to “{q.server}”.
        </li>
        <li id={`${id}-no`}>
          <strong>Say no:</strong> “{q.server}” is told you refused.
        </li>
        <li id={`${id}-later`}>
          <strong>Not now:</strong> “{q.server}” is told you closed the question without answering.
        </li>
      </ul>
    </form>
  );
}
