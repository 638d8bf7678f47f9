// EnterWorktree's card (issue 19): the assistant now works in a separate copy of the project, on its
// own branch — where it is, and that the project folder is left as it was — in words, not git's.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { EnterWorktreeData } from '../../../../shared/tools/worktree';
import { genericView } from '../generic/GenericView';
import { FileFacts } from '../shared/FileFacts';
import type { ToolViewParts, ToolViewProps } from '../types';

function entered(call: ToolCallView): EnterWorktreeData | null {
  const parsed = EnterWorktreeData.safeParse(call.result?.data);
  return call.state === 'succeeded' && parsed.success ? parsed.data : null;
}

const nameOf = (call: ToolCallView): string | null => {
  const name = (call.input as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name ? name : null;
};

export function enterWorktreeTitle(call: ToolCallView): string {
  const data = entered(call);
  if (!data) return 'Make a separate copy of the project to work in';
  const on = data.worktreeBranch ? ` on the branch ${data.worktreeBranch}` : '';
  return data.resumed ? `Back in its separate copy of the project${on}` : `Working in a separate copy of the project${on}`;
}

function EnterWorktreeUse({ call }: ToolViewProps): ReactNode {
  const data = entered(call);
  const name = nameOf(call);
  if (!data && !name) return null;
  return (
    <FileFacts>
      {data ? (
        <>
          <span className="file-facts__muted">Folder </span>
          <code>{data.worktreePath}</code>
        </>
      ) : (
        <span className="file-facts__muted">Named “{name}”</span>
      )}
    </FileFacts>
  );
}

function EnterWorktreeResult(props: ToolViewProps): ReactNode {
  const data = entered(props.call);
  if (!data) return <genericView.Result {...props} />;
  return (
    <>
      <p className="tool-note">
        From now on the assistant runs commands and edits files in this copy{data.worktreeBranch ? `, on the branch ${data.worktreeBranch}` : ''}. Your project folder
        is left as it is: what changes here stays on that branch until you merge it.
      </p>
      {data.left && <p className="tool-note">The copy it worked in before ({data.left.path}) is kept as it was.</p>}
    </>
  );
}

function EnterWorktreeGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return <>Moved into a separate copy of the project {calls.length} times</>;
}

export const enterWorktreeView: ToolViewParts = {
  subject: (call) => entered(call)?.worktreeBranch ?? nameOf(call) ?? 'a separate copy',
  title: enterWorktreeTitle,
  Use: EnterWorktreeUse,
  Result: EnterWorktreeResult,
  hasOutput: (props) => entered(props.call) !== null || genericView.hasOutput(props),
  Grouped: EnterWorktreeGrouped,
};
