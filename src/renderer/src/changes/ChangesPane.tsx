// The Changes pane: every file this conversation changed, newest state against how it was before the
// first change (cumulative), with +/− counts; a click on a file opens its diff. Notebooks show one
// diff per changed cell.
import { useState, type ReactNode } from 'react';
import { ChevronIcon } from '../components/icons';
import { DiffStats } from '../diff/DiffStats';
import { DiffView } from '../diff/DiffView';
import { languageForWord } from '../highlight/languages';
import { displayPath, plural } from '../tools/shared/paths';
import { useViewEnv } from '../tools/view-env';
import { changeKind, fileDiff } from './change-diff';
import { CHANGES_PANE_ID } from './ChangesButton';
import type { FileChange } from './select-changes';
import { useChanges } from './use-changes';
import '../styles/side-pane.css';
import './Changes.css';

function FileDiffBody({ change, name }: { change: FileChange; name: string }): ReactNode {
  const diff = fileDiff(change);
  if (change.type === 'text') {
    return (
      <>
        <DiffView hunks={diff.hunks} path={change.path} label={`Changes to ${name}`} bounded={false} emptyText="Changed and changed back: the file is as it was." legend />
        {change.incomplete && <p className="tool-note">One of the changes could not be replayed here; this shows the last content known.</p>}
      </>
    );
  }
  const lang = languageForWord(change.language ?? 'python');
  return diff.cells.map(({ cell, hunks }) => (
    <div key={cell.cellId} className="changes-cell">
      <p className="changes-cell__head">
        Cell <code>{cell.cellId}</code> · {cell.before === null ? 'added' : cell.after === null ? 'deleted' : 'changed'}
      </p>
      <DiffView hunks={hunks} path="" lang={cell.cellType === 'markdown' ? 'markdown' : lang} label={`Changes to cell ${cell.cellId} of ${name}`} bounded={false} />
    </div>
  ));
}

function ChangedFile({ change }: { change: FileChange }): ReactNode {
  const env = useViewEnv();
  const [open, setOpen] = useState(false);
  const name = displayPath(change.path, env.projectDir);
  const diff = fileDiff(change);
  const kind = changeKind(change);
  const bodyId = `change-${change.path.replace(/[^\w-]/g, '_')}`;
  return (
    <li className="side-pane__card changes-file" data-path={name}>
      <button type="button" className="changes-file__head" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <ChevronIcon size={12} className="changes-file__chevron" />
        <code className="changes-file__name">{name}</code>
        <span className={`changes-file__kind changes-file__kind--${kind}`}>{kind === 'created' ? 'New' : plural(change.callIds.length, 'edit')}</span>
        <DiffStats added={diff.added} removed={diff.removed} />
      </button>
      <div id={bodyId} className="changes-file__body" hidden={!open}>
        {open && <FileDiffBody change={change} name={name} />}
      </div>
    </li>
  );
}

export function ChangesPane({ onClose }: { onClose: () => void }): ReactNode {
  const changes = useChanges();
  const totals = changes.map(fileDiff).reduce((t, d) => ({ added: t.added + d.added, removed: t.removed + d.removed }), { added: 0, removed: 0 });
  return (
    <section id={CHANGES_PANE_ID} className="side-pane side-pane--docked changes-pane" aria-label="Changes">
      <div className="side-pane__head">
        <h2 className="side-pane__title">Changes</h2>
        {changes.length > 0 && (
          <span className="changes-pane__sum">
            {plural(changes.length, 'file')} <DiffStats {...totals} />
          </span>
        )}
        <button type="button" className="side-pane__close" aria-label="Close changes" onClick={onClose}>
          ×
        </button>
      </div>
      {changes.length === 0 ? (
        <p className="side-pane__note changes-pane__empty">No files have been changed in this conversation yet. When the assistant creates or edits a file, it shows up here with what changed.</p>
      ) : (
        <>
          <p className="side-pane__note changes-pane__hint">Each file compared with how it was before this conversation first changed it. Click a file to see its changes.</p>
          <ul className="changes-pane__list">
            {changes.map((c) => (
              <ChangedFile key={c.path} change={c} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
