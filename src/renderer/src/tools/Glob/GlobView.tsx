// Glob's view: "Looked for TypeScript files" (the pattern in words, PX2; the exact pattern one click
// away), where it looked, how many were found (newest first), then the list with paths relative to
// the project; a note when there were more than it returns.
import type { ReactNode } from 'react';
import { GLOB_MAX_RESULTS } from '../../../../shared/tools/glob';
import { genericView } from '../generic/GenericView';
import { ExactInput } from '../shared/Disclosure';
import { FileFacts, FileList, NoteList } from '../shared/FileFacts';
import { displayPath, formatNumber } from '../shared/paths';
import { SEARCH_GROUP_KEY, SearchGrouped } from '../shared/SearchGrouped';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { useViewEnv } from '../view-env';
import { globInput, globOutput, globResultWords, globSubject, globTitle } from './glob-facts';

function GlobUse({ call }: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const { path } = globInput(call.input);
  const out = globOutput(call);
  return (
    <>
      {(out || path) && (
        <FileFacts>
          {path && <span className="file-facts__muted">in {displayPath(path, env.projectDir)}</span>}
          {path && out && <span className="file-facts__muted"> — </span>}
          {out && <span className={out.numFiles === 0 ? 'file-facts__none' : undefined}>{globResultWords(out)}</span>}
        </FileFacts>
      )}
      <ExactInput input={call.input} what="the exact search" />
    </>
  );
}

function GlobResult(props: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const out = globOutput(props.call);
  if (!out) return <genericView.Result {...props} />;
  return <FileList files={out.filenames.map((f) => displayPath(f, env.projectDir))} label="Files found" />;
}

function GlobNotes({ call }: ToolViewProps): ReactNode {
  const out = globOutput(call);
  if (!out?.truncated) return null;
  return <NoteList notes={[`Only the ${formatNumber(GLOB_MAX_RESULTS)} most recently changed files are listed; more matched.`]} />;
}

export const globView: ToolViewParts = {
  subject: globSubject,
  title: globTitle,
  Use: GlobUse,
  Result: GlobResult,
  Notes: GlobNotes,
  hasOutput: (props) => {
    if (isActive(props.call.state)) return false;
    const out = globOutput(props.call);
    return out ? out.filenames.length > 0 : genericView.hasOutput(props);
  },
  Grouped: SearchGrouped,
  groupKey: SEARCH_GROUP_KEY,
};
