// The confirmation before a revert (PX6): which files, and for each what will be lost (the lines the
// assistant added and removed, or that a file it created will be deleted); for one file, the change
// itself. Cancel has the focus (given back to the asking button after); Esc cancels; the revert is
// one more, deliberate click.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { DiffView } from '../diff/DiffView';
import { displayPath, plural } from '../tools/shared/paths';
import { useViewEnv } from '../tools/view-env';
import { fileDiff } from './change-diff';
import { canRevert, lossText } from './revert-words';
import type { FileChange } from './select-changes';

export interface RevertConfirmProps {
  /** The files the revert would cover (a notebook is listed as staying as it is). */
  changes: readonly FileChange[];
  all: boolean;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function RevertConfirm({ changes, all, busy, onConfirm, onCancel }: RevertConfirmProps): ReactNode {
  const env = useViewEnv();
  const titleId = useId();
  const descId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Focus comes in, and goes back to the button that asked once the question is gone.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const names = changes.map((c) => displayPath(c.path, env.projectDir));
  const count = changes.filter(canRevert).length;
  const single = !all && changes.length === 1 ? changes[0]! : null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onCancel();
  };
  return (
    <div className="revert-confirm" role="alertdialog" aria-labelledby={titleId} aria-describedby={descId} onKeyDown={onKeyDown}>
      <h3 id={titleId} className="revert-confirm__title">
        {single ? `Revert ${names[0]}?` : `Revert all ${plural(count, 'file')}?`}
      </h3>
      {single ? (
        <p id={descId} className="revert-confirm__lead">
          {lossText(single)}
        </p>
      ) : (
        <>
          <p id={descId} className="revert-confirm__lead">
            Each file goes back to how it was before this conversation. This will be lost:
          </p>
          <ul className="revert-confirm__list">
            {changes.map((c, i) => (
              <li key={c.path}>
                <code>{names[i]}</code> — {lossText(c)}
              </li>
            ))}
          </ul>
        </>
      )}
      {single?.type === 'text' && fileDiff(single).hunks.length > 0 && (
        <DiffView hunks={fileDiff(single).hunks} path={single.path} label={`What reverting undoes in ${names[0]}`} legend />
      )}
      <p className="revert-confirm__note">If a file was changed after the assistant’s last edit, by you or another program, it is left alone and you can decide again.</p>
      <div className="revert-confirm__buttons">
        <button type="button" className="button button--small changes-danger" disabled={busy || count === 0} onClick={onConfirm}>
          {single ? 'Revert' : `Revert ${plural(count, 'file')}`}
        </button>
        <button ref={cancel} type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
