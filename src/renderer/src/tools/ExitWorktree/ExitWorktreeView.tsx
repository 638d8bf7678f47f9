// ExitWorktree's card (issue 19): the assistant is back in the project folder; the separate copy was
// kept (where, on which branch) or removed (and what was thrown away); what changed in it, file by file.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { ExitWorktreeData } from '../../../../shared/tools/worktree';
import { genericView } from '../generic/GenericView';
import { FileFacts } from '../shared/FileFacts';
import { plural } from '../shared/paths';
import type { ToolViewParts, ToolViewProps } from '../types';
import './ExitWorktree.css';

function left(call: ToolCallView): ExitWorktreeData | null {
  const parsed = ExitWorktreeData.safeParse(call.result?.data);
  return call.state === 'succeeded' && parsed.success ? parsed.data : null;
}

const actionOf = (call: ToolCallView): 'keep' | 'remove' | null => {
  const action = (call.input as { action?: unknown } | null)?.action;
  return action === 'keep' || action === 'remove' ? action : null;
};

export function exitWorktreeTitle(call: ToolCallView): string {
  const data = left(call);
  if (!data) return actionOf(call) === 'remove' ? 'Leave and delete the separate copy of the project' : 'Leave the separate copy of the project';
  const branch = data.worktreeBranch ? ` (branch ${data.worktreeBranch})` : '';
  return data.action === 'keep' ? `Back in the project folder; the separate copy is kept${branch}` : `Back in the project folder; the separate copy was deleted${branch}`;
}

/** "Threw away 2 files not yet saved to git and 1 commit." — null when nothing was lost. */
export function discardedWords(data: ExitWorktreeData): string | null {
  const files = data.discardedFiles ?? 0;
  const commits = data.discardedCommits ?? 0;
  const parts = [files > 0 ? `${plural(files, 'file')} not yet committed` : '', commits > 0 ? plural(commits, 'commit') : ''].filter(Boolean);
  return parts.length > 0 ? `Threw away ${parts.join(' and ')}.` : null;
}

function Count({ n, sign }: { n: number | null; sign: '+' | '−' }): ReactNode {
  if (n === null) return null;
  return <span className={sign === '+' ? 'worktree-diff__added' : 'worktree-diff__removed'} aria-label={`${n} ${n === 1 ? 'line' : 'lines'} ${sign === '+' ? 'added' : 'removed'}`}>{`${sign}${n}`}</span>;
}

function ExitWorktreeUse({ call }: ToolViewProps): ReactNode {
  const action = actionOf(call);
  if (!action) return null;
  const discard = (call.input as { discard_changes?: unknown } | null)?.discard_changes === true;
  const words = action === 'keep' ? 'Keep the copy and its branch, to come back to later' : `Delete the copy and its branch${discard ? ', even with work in it' : ''}`;
  return (
    <FileFacts>
      <span className="file-facts__muted">{words}</span>
    </FileFacts>
  );
}

function ExitWorktreeResult(props: ToolViewProps): ReactNode {
  const data = left(props.call);
  if (!data) return <genericView.Result {...props} />;
  const lost = discardedWords(data);
  const kept = data.action === 'keep' ? `The copy is kept at ${data.worktreePath}${data.worktreeBranch ? ` on the branch ${data.worktreeBranch}` : ''}, to come back to or merge later.` : null;
  return (
    <>
      {kept && <p className="tool-note">{kept}</p>}
      {lost && <p className="tool-note worktree-diff__lost">{lost}</p>}
      {data.diff === null ? (
        <p className="tool-note">What changed in the copy could not be read.</p>
      ) : data.diff.files.length === 0 ? (
        <p className="tool-note">Nothing was changed in the copy.</p>
      ) : (
        <>
          <p className="tool-note">{`${data.action === 'keep' ? 'Changed' : 'Had changed'} in the copy since it was made: ${plural(data.diff.files.length, 'file')}`}</p>
          <ul className="worktree-diff" aria-label="Files changed in the separate copy">
            {data.diff.files.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code>
                {f.added === null ? <span className="worktree-diff__binary">binary</span> : null}
                <Count n={f.added} sign="+" />
                <Count n={f.removed} sign="−" />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function ExitWorktreeGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Left a separate copy of the project {calls.length} times</>;
}

export const exitWorktreeView: ToolViewParts = {
  subject: (call) => left(call)?.worktreeBranch ?? actionOf(call) ?? 'the separate copy',
  title: exitWorktreeTitle,
  Use: ExitWorktreeUse,
  Result: ExitWorktreeResult,
  hasOutput: (props) => left(props.call) !== null || genericView.hasOutput(props),
  Grouped: ExitWorktreeGrouped,
};
