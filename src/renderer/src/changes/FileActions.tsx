// A changed file's actions in the Changes pane (PX6): "Revert file" (which asks first), what the last
// revert did — with "Revert anyway" as an explicit second choice when the file was changed after the
// assistant — and, in the desktop app, "Open in editor".
import { useState, type ReactNode } from 'react';
import type { RevertFileResult } from '../../../shared/ipc/contract';
import { laterChangesText } from './revert-words';

export interface FileActionsProps {
  /** What the last revert of this file did (null: not reverted, or changed again since). */
  result: RevertFileResult | null;
  revertable: boolean;
  busy: boolean;
  /** The desktop app can open files in the system's editor; elsewhere the button is absent. */
  canOpen: boolean;
  onRevert(): void;
  onRevertAnyway(): void;
  onOpen(): Promise<{ ok: boolean; text: string }>;
}

function ResultNote({ result, busy, onRevertAnyway }: { result: RevertFileResult; busy: boolean; onRevertAnyway(): void }): ReactNode {
  const refused = result.outcome === 'refused' || result.outcome === 'failed';
  const later = laterChangesText(result);
  return (
    <div className={refused ? 'changes-file__result changes-file__result--refused' : 'changes-file__result'} role="status">
      <p>
        {result.message}
        {later && ` ${later}`}
      </p>
      {result.canOverwrite && (
        <button type="button" className="button button--small changes-danger" disabled={busy} onClick={onRevertAnyway}>
          Revert anyway
        </button>
      )}
    </div>
  );
}

export function FileActions({ result, revertable, busy, canOpen, onRevert, onRevertAnyway, onOpen }: FileActionsProps): ReactNode {
  const [opened, setOpened] = useState<{ ok: boolean; text: string } | null>(null);
  // After a refusal the choice left is "Revert anyway" (or none); after a failure, trying again.
  const offerRevert = revertable && (result === null || result.outcome === 'failed');
  return (
    <>
      {result && <ResultNote result={result} busy={busy} onRevertAnyway={onRevertAnyway} />}
      <div className="changes-file__actions">
        {offerRevert && (
          <button type="button" className="button button--small" disabled={busy} onClick={onRevert}>
            Revert file
          </button>
        )}
        {canOpen && result?.outcome !== 'deleted' && (
          <button type="button" className="button button--small button--ghost" onClick={() => void onOpen().then(setOpened)}>
            Open in editor
          </button>
        )}
        {opened && (
          <span className={opened.ok ? 'changes-file__opened' : 'changes-file__opened changes-file__opened--failed'} role="status">
            {opened.text}
          </span>
        )}
      </div>
    </>
  );
}
