// The new-task dialog (DK3, issue 18 item 5): pick a project, type what to do or choose a saved task,
// how it works, an optional budget and name; it starts a background task that needs no window. Opened
// from the tray's "New Task…" (desktop) or the Background tasks pane (any host).
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TASK_BUDGET_MAX_USD, type SavedTask, type TaskMode } from '../../../shared/background-tasks';
import { useApp, useBackground } from '../stores/react';
import { SavedTaskActions } from './SavedTaskActions';
import '../styles/modal-card.css';
import './Background.css';

/** The ways a task may work from a window; skipping permission checks is for the command line only. */
export const MODE_CHOICES: Array<{ mode: TaskMode; label: string; hint: string }> = [
  { mode: 'default', label: 'Ask before changing anything', hint: 'It asks you before it edits a file or runs a command.' },
  { mode: 'acceptEdits', label: 'Edit files without asking', hint: 'It changes files in the project on its own and asks before running commands.' },
  { mode: 'plan', label: 'Plan only', hint: 'It looks around and writes a plan; it changes nothing until you approve the plan.' },
];

export function NewTaskDialog(): ReactNode {
  const open = useBackground((s) => s.dialogOpen);
  return open ? <NewTaskForm /> : null;
}

function NewTaskForm(): ReactNode {
  const choices = useBackground((s) => s.choices);
  const starting = useBackground((s) => s.starting);
  const failure = useBackground((s) => s.failure);
  const { start, closeDialog } = useBackground((s) => s);
  const currentDir = useApp((s) => s.init?.project?.dir ?? null);
  const ref = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const [projectDir, setProjectDir] = useState<string>(currentDir ?? '');
  const [saved, setSaved] = useState('');
  const [prompt, setPrompt] = useState('');
  const [name, setName] = useState('');
  const [mode, setMode] = useState<TaskMode>('default');
  const [budget, setBudget] = useState('');
  const [saveAs, setSaveAs] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // Modal: focus goes to the title, never a button, since the tray may open it while someone types.
  useLayoutEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    title.current?.focus();
    return () => d?.close();
  }, []);
  const projects = choices?.projects ?? [];
  useEffect(() => {
    if (!projectDir && projects[0]) setProjectDir(projects[0].dir);
  }, [projectDir, projects]);

  const chooseSaved = (value: string) => {
    setSaved(value);
    const t = choices?.savedTasks.find((s) => s.name === value);
    if (!t) return;
    setPrompt(t.prompt);
    setName(t.name);
    setMode(t.mode && t.mode !== 'bypassPermissions' ? t.mode : 'default');
    setBudget(t.budgetUsd !== undefined ? String(t.budgetUsd) : '');
  };

  const budgetProblem = (usd: number | undefined) => (usd !== undefined && !(usd > 0 && usd <= TASK_BUDGET_MAX_USD) ? 'The budget is an amount in US dollars, above 0 and at most 10,000.' : null);
  /** The form as the chosen saved task, or what is missing. */
  const asSaved = (): SavedTask | string => {
    const budgetUsd = budget.trim() ? Number(budget) : undefined;
    if (!prompt.trim()) return 'Type what the task should do.';
    return (
      budgetProblem(budgetUsd) ?? {
        name: name.trim() || saved,
        prompt: prompt.trim(),
        ...(mode !== 'default' ? { mode } : {}),
        ...(budgetUsd !== undefined ? { budgetUsd } : {}),
      }
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const budgetUsd = budget.trim() ? Number(budget) : undefined;
    if (!projectDir) return setProblem('Choose the project the task works in.');
    if (!prompt.trim()) return setProblem('Type what the task should do, or choose a saved task.');
    const badBudget = budgetProblem(budgetUsd);
    if (badBudget) return setProblem(badBudget);
    if (saveAs && !name.trim()) return setProblem('Give the task a name to save it under.');
    setProblem(null);
    void start({
      projectDir,
      prompt,
      mode,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(budgetUsd !== undefined ? { budgetUsd } : {}),
      ...(saved ? { savedTask: saved } : {}),
      ...(saveAs ? { saveAs: name.trim() } : {}),
    });
  };

  const error = problem ?? failure;
  return (
    <dialog ref={ref} className="modal-card new-task" aria-labelledby={`${id}-title`} aria-describedby={`${id}-intro`} onCancel={(e) => (e.preventDefault(), closeDialog())}>
      <form className="new-task__panel" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="new-task__title" ref={title} tabIndex={-1}>
          New background task
        </h2>
        <p id={`${id}-intro`} className="new-task__intro">
          It works on its own and keeps going when you close the window. When it needs your OK, it asks in the approvals inbox; a request you do not answer in time is denied.
        </p>
        <label className="new-task__field">
          <span className="new-task__label">Project</span>
          <select value={projectDir} onChange={(e) => setProjectDir(e.target.value)} disabled={projects.length === 0}>
            {projects.length === 0 && <option value="">{choices ? 'No project is open' : 'Loading…'}</option>}
            {projects.map((p) => (
              <option key={p.dir} value={p.dir} title={p.dir}>
                {p.name} — {p.dir}
              </option>
            ))}
          </select>
        </label>
        {choices && choices.savedTasks.length > 0 && (
          <label className="new-task__field">
            <span className="new-task__label">Saved task</span>
            <select value={saved} onChange={(e) => chooseSaved(e.target.value)}>
              <option value="">None — describe a new task</option>
              {choices.savedTasks.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {saved && (
          <SavedTaskActions
            selected={saved}
            current={asSaved}
            onSaved={setSaved}
            onDeleted={() => setSaved('')}
            onProblem={setProblem}
          />
        )}
        <label className="new-task__field">
          <span className="new-task__label">What should it do?</span>
          <textarea value={prompt} rows={3} onChange={(e) => setPrompt(e.target.value)} placeholder="For example: update the dependencies, run the tests and tell me what broke." />
        </label>
        <label className="new-task__field">
          <span className="new-task__label">Name (optional)</span>
          <input type="text" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} placeholder="For example: nightly deps" />
        </label>
        <fieldset className="new-task__modes">
          <legend className="new-task__label">How it works</legend>
          {MODE_CHOICES.map((c) => (
            <label key={c.mode} className="new-task__mode">
              <input type="radio" name={`${id}-mode`} value={c.mode} checked={mode === c.mode} onChange={() => setMode(c.mode)} />
              <span>
                <span className="new-task__mode-label">{c.label}</span>
                <span className="new-task__hint">{c.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="new-task__field new-task__field--short">
          <span className="new-task__label">Budget in US dollars (optional)</span>
          <span className="new-task__hint" id={`${id}-budget-hint`}>
            When it has spent this much, it pauses and asks you in the approvals inbox.
          </span>
          <input aria-describedby={`${id}-budget-hint`} type="number" inputMode="decimal" min="0.01" max="10000" step="0.01" value={budget} onChange={(e) => setBudget(e.target.value)} placeholder="No budget" />
        </label>
        <label className="new-task__check">
          <input type="checkbox" checked={saveAs} onChange={(e) => setSaveAs(e.target.checked)} />
          Save as a saved task, to start it again later
        </label>
        {error && (
          <p className="new-task__error" role="alert">
            {error}
          </p>
        )}
        <div className="new-task__actions">
          <button type="submit" className="button button--primary" disabled={starting}>
            {starting ? 'Starting…' : 'Start task'}
          </button>
          <button type="button" className="button button--secondary" onClick={closeDialog}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
