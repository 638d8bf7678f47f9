// The Changes pane: every file this conversation changed, newest state against how it was before the
// first change (cumulative), with +/− counts; a click on a file opens its diff. Notebooks show one
// diff per changed cell. Each file, or all of them, can be reverted after a confirmation that says what
// will be lost (PX6); main does the writing. The desktop app also opens a file in the system's editor.
import { useState, type ReactNode } from 'react';
import type { RevertFileResult } from '../../../shared/ipc/contract';
import { ChevronIcon } from '../components/icons';
import { DiffStats } from '../diff/DiffStats';
import { DiffView } from '../diff/DiffView';
import { languageForWord } from '../highlight/languages';
import { displayPath, plural } from '../tools/shared/paths';
import { useViewEnv } from '../tools/view-env';
import { useApp, useChangesStore, useSessions } from '../stores/react';
import { changeKind, fileDiff } from './change-diff';
import { CHANGES_PANE_ID } from './ChangesButton';
import { FileActions } from './FileActions';
import { RevertConfirm } from './RevertConfirm';
import { canRevert, currentRecord, isUndone, REVERT_COVERAGE, revertSummary, undoneBadge } from './revert-words';
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

interface ChangedFileProps {
  change: FileChange;
  result: RevertFileResult | null;
  /** Null when no conversation is open (nothing to revert). */
  actions: { busy: boolean; canOpen: boolean } | null;
  confirming: boolean;
  onRevert(): void;
  onRevertAnyway(): void;
  onOpen(): Promise<{ ok: boolean; text: string }>;
  onConfirm(): void;
  onCancel(): void;
}

function ChangedFile({ change, result, actions, confirming, onRevert, onRevertAnyway, onOpen, onConfirm, onCancel }: ChangedFileProps): ReactNode {
  const env = useViewEnv();
  const [open, setOpen] = useState(false);
  const name = displayPath(change.path, env.projectDir);
  const diff = fileDiff(change);
  const kind = changeKind(change);
  const bodyId = `change-${change.path.replace(/[^\w-]/g, '_')}`;
  const undone = isUndone(result) ? result : null;
  return (
    <li className="side-pane__card changes-file" data-path={name}>
      <button type="button" className="changes-file__head" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <ChevronIcon size={12} className="changes-file__chevron" />
        <code className="changes-file__name">{name}</code>
        {undone ? (
          <span className="changes-file__kind changes-file__kind--undone">{undoneBadge(undone)}</span>
        ) : (
          <span className={`changes-file__kind changes-file__kind--${kind}`}>{kind === 'created' ? 'New' : plural(change.callIds.length, 'edit')}</span>
        )}
        <DiffStats added={diff.added} removed={diff.removed} />
      </button>
      {actions && <FileActions {...actions} result={result} revertable={canRevert(change)} onRevert={onRevert} onRevertAnyway={onRevertAnyway} onOpen={onOpen} />}
      {confirming && actions && <RevertConfirm changes={[change]} all={false} busy={actions.busy} onConfirm={onConfirm} onCancel={onCancel} />}
      <div id={bodyId} className="changes-file__body" hidden={!open}>
        {open && <FileDiffBody change={change} name={name} />}
      </div>
    </li>
  );
}

/** The confirmation key of "Revert all" (never a path: paths are absolute). */
const ALL = 'all';

export function ChangesPane({ onClose }: { onClose: () => void }): ReactNode {
  const changes = useChanges();
  const sessionId = useSessions((s) => s.currentId);
  const desktop = useApp((s) => s.init?.host === 'desktop');
  const records = useChangesStore((s) => (sessionId ? s.reverted[sessionId] : undefined));
  const reverting = useChangesStore((s) => s.reverting);
  const failure = useChangesStore((s) => (sessionId ? s.failure[sessionId] : undefined));
  const revert = useChangesStore((s) => s.revert);
  const openInEditor = useChangesStore((s) => s.openInEditor);
  // Which confirmation is open: one file's (its path) or "Revert all".
  const [confirming, setConfirming] = useState<string | null>(null);
  // The last revert's one line, for the conversation it was about.
  const [outcome, setOutcome] = useState<{ sessionId: string; text: string } | null>(null);
  const summary = outcome && outcome.sessionId === sessionId ? outcome.text : null;
  const totals = changes.map(fileDiff).reduce((t, d) => ({ added: t.added + d.added, removed: t.removed + d.removed }), { added: 0, removed: 0 });
  const resultOf = (c: FileChange) => currentRecord(records?.[c.path], c);
  // "Revert all" covers what is still as the assistant left it (not reverted, not refused).
  const pending = changes.filter((c) => canRevert(c) && resultOf(c) === null);

  const run = async (files: readonly FileChange[], overwriteLaterChanges = false) => {
    if (!sessionId) return;
    setConfirming(null);
    const results = await revert({ sessionId, files: files.map((c) => ({ path: c.path, calls: c.callIds.length })), overwriteLaterChanges });
    setOutcome(results ? { sessionId, text: revertSummary(results) } : null);
  };
  const actions = sessionId ? { busy: reverting, canOpen: desktop } : null;

  return (
    <section id={CHANGES_PANE_ID} className="side-pane side-pane--docked changes-pane" aria-label="Changes">
      <div className="side-pane__head">
        <h2 className="side-pane__title">Changes</h2>
        {changes.length > 0 && (
          <span className="changes-pane__sum">
            {plural(changes.length, 'file')} <DiffStats {...totals} />
          </span>
        )}
        {actions && pending.length > 0 && (
          <button type="button" className="button button--small changes-pane__revert-all" disabled={reverting} onClick={() => setConfirming(ALL)}>
            Revert all
          </button>
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
          <p className="side-pane__note changes-pane__hint">{REVERT_COVERAGE}</p>
          {confirming === ALL && (
            <div className="changes-pane__confirm">
              <RevertConfirm changes={[...pending, ...changes.filter((c) => !canRevert(c))]} all busy={reverting} onConfirm={() => void run(pending)} onCancel={() => setConfirming(null)} />
            </div>
          )}
          {(failure || summary) && (
            <p className={failure ? 'changes-pane__outcome changes-pane__outcome--failed' : 'changes-pane__outcome'} role="status">
              {failure || summary}
            </p>
          )}
          <ul className="changes-pane__list">
            {changes.map((c) => (
              <ChangedFile
                key={c.path}
                change={c}
                result={resultOf(c)}
                actions={actions}
                confirming={confirming === c.path}
                onRevert={() => setConfirming(c.path)}
                onRevertAnyway={() => void run([c], true)}
                onOpen={() => openInEditor(sessionId ?? '', c.path)}
                onConfirm={() => void run([c])}
                onCancel={() => setConfirming(null)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
