// The chosen saved task's own actions in the new-task dialog (issue 18 item 4): keep the changes made to
// it in the form (its name too), or delete it after saying so. Saved tasks live in Agent Desk's settings.
import { useEffect, useState, type ReactNode } from 'react';
import type { SavedTask } from '../../../shared/background-tasks';
import { useBackground } from '../stores/react';

export interface SavedTaskActionsProps {
  /** The saved task chosen, by name. */
  selected: string;
  /** What the form holds now, as a saved task; a string says what is missing. */
  current: () => SavedTask | string;
  onSaved: (name: string) => void;
  onDeleted: () => void;
  onProblem: (problem: string | null) => void;
}

export function SavedTaskActions(p: SavedTaskActionsProps): ReactNode {
  const { saveSaved, deleteSaved } = useBackground((s) => s);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // Another saved task chosen meanwhile: a question about the last one is not answered for it.
  useEffect(() => setConfirming(false), [p.selected]);

  const save = async () => {
    const task = p.current();
    if (typeof task === 'string') return p.onProblem(task);
    p.onProblem(null);
    setBusy(true);
    const ok = await saveSaved(task, p.selected);
    setBusy(false);
    if (!ok) return;
    setNote(`Saved “${task.name}”.`);
    p.onSaved(task.name);
  };
  const remove = async () => {
    setBusy(true);
    const ok = await deleteSaved(p.selected);
    setBusy(false);
    setConfirming(false);
    if (ok) p.onDeleted();
  };

  if (confirming) {
    return (
      <div className="new-task__saved-actions" role="group" aria-label="Delete the saved task">
        <p className="new-task__hint">Delete the saved task “{p.selected}”? It cannot be undone; tasks already started from it go on.</p>
        <button type="button" className="button button--small new-task__delete" disabled={busy} onClick={() => void remove()}>
          Delete “{p.selected}”
        </button>
        <button type="button" className="button button--small button--secondary" onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
    );
  }
  return (
    <div className="new-task__saved-actions">
      <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => void save()} title="Keep what the form says now as this saved task">
        Update saved task
      </button>
      <button type="button" className="button button--small button--ghost" disabled={busy} onClick={() => (setNote(null), setConfirming(true))}>
        Delete saved task
      </button>
      {note && (
        <span className="new-task__hint" role="status">
          {note}
        </span>
      )}
    </div>
  );
}
