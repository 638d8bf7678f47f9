// Grep's view: "Searched for “TODO”" (the pattern in words, PX2; the exact search one click away)
// with where and how it looked, what was found in words, then the matching lines under each file's
// name (collapsible), line numbers, matches marked, context lines dimmed; per-file counts in count
// mode; "No matches" when nothing was found.
import type { ReactNode } from 'react';
import type { GrepLine, GrepOutput } from '../../../../shared/tools/grep';
import { genericView } from '../generic/GenericView';
import { ExactInput } from '../shared/Disclosure';
import { FileFacts, FileList, NoteList } from '../shared/FileFacts';
import { formatNumber, plural } from '../shared/paths';
import { SEARCH_GROUP_KEY, SearchGrouped } from '../shared/SearchGrouped';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { useViewEnv } from '../view-env';
import { grepInput, grepOptionWords, grepOutput, grepResultWords, grepSubject, grepTitle, linesByFile, matchRanges, shownFile } from './grep-facts';

function GrepUse({ call }: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const words = grepOptionWords(grepInput(call.input), env.projectDir);
  const out = grepOutput(call);
  return (
    <>
      {(out || words.length > 0) && (
        <FileFacts>
          {words.length > 0 && <span className="file-facts__muted">{words.join(' · ')}</span>}
          {words.length > 0 && out && <span className="file-facts__muted"> — </span>}
          {out && <span className={out.numFiles === 0 ? 'file-facts__none' : undefined}>{grepResultWords(out)}</span>}
        </FileFacts>
      )}
      <ExactInput input={call.input} what="the exact search" />
    </>
  );
}

function Marked({ text, pattern, ignoreCase }: { text: string; pattern: string; ignoreCase: boolean }): ReactNode {
  const ranges = matchRanges(text, pattern, ignoreCase);
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  ranges.forEach(([s, e], i) => {
    if (s > at) parts.push(text.slice(at, s));
    parts.push(<mark key={i}>{text.slice(s, e)}</mark>);
    at = e;
  });
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

function LineRow({ line, pattern, ignoreCase }: { line: GrepLine; pattern: string; ignoreCase: boolean }): ReactNode {
  const context = line.kind === 'context';
  return (
    <tr className={context ? 'grep-line grep-line--context' : 'grep-line'}>
      <td className="diff__no">{line.line ?? ''}</td>
      <td className="diff__code">
        {line.kind === 'match' ? <Marked text={line.text} pattern={pattern} ignoreCase={ignoreCase} /> : line.text}
      </td>
    </tr>
  );
}

function ContentResult({ out, pattern, ignoreCase }: { out: GrepOutput; pattern: string; ignoreCase: boolean }): ReactNode {
  const env = useViewEnv();
  const blocks = linesByFile(out.lines ?? []);
  return (
    <div className="search-results">
      {blocks.map((b, i) => {
        const name = b.file ? shownFile(b.file, out.cwd, env.projectDir) : shownFile(out.searchPath, out.cwd, env.projectDir);
        return (
          <details key={`${b.file}:${i}`} className="search-file" open>
            <summary>
              <code className="search-file__name">{name}</code>
              <span className="search-file__count">{b.matches > 0 ? plural(b.matches, 'match', 'matches') : 'binary file'}</span>
            </summary>
            <table className="diff__table search-file__lines">
              <colgroup>
                <col className="diff__col-no" />
                <col />
              </colgroup>
              {b.runs.map((run, ri) => (
                <tbody key={ri} className="search-file__run">
                  {run.map((line, li) => (
                    <LineRow key={li} line={line} pattern={pattern} ignoreCase={ignoreCase} />
                  ))}
                </tbody>
              ))}
            </table>
          </details>
        );
      })}
    </div>
  );
}

function GrepResult(props: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const out = grepOutput(props.call);
  if (!out) return <genericView.Result {...props} />;
  const input = grepInput(props.call.input);
  const label = `Results of the search for ${grepSubject(props.call)}`;
  if (out.mode === 'content') return <ContentResult out={out} pattern={input.pattern} ignoreCase={input.ignoreCase} />;
  if (out.mode === 'count') {
    return (
      <table className="search-counts" aria-label={label}>
        <tbody>
          {(out.counts ?? []).map((c) => (
            <tr key={c.file}>
              <td>
                <code>{shownFile(c.file, out.cwd, env.projectDir)}</code>
              </td>
              <td className="search-counts__n">{formatNumber(c.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return <FileList files={out.filenames.map((f) => shownFile(f, out.cwd, env.projectDir))} label={label} />;
}

function GrepNotes({ call }: ToolViewProps): ReactNode {
  const out = grepOutput(call);
  if (!out) return null;
  const notes = [...(out.notes ?? [])];
  if (out.appliedLimit !== undefined) notes.unshift(`Only the first ${formatNumber(out.appliedLimit)} results are shown; the assistant can ask for more.`);
  return <NoteList notes={notes} />;
}

const hasResults = (out: GrepOutput): boolean =>
  out.mode === 'content' ? (out.lines ?? []).length > 0 : out.mode === 'count' ? (out.counts ?? []).length > 0 : out.filenames.length > 0;

export const grepView: ToolViewParts = {
  subject: grepSubject,
  title: grepTitle,
  Use: GrepUse,
  Result: GrepResult,
  Notes: GrepNotes,
  hasOutput: (props) => {
    if (isActive(props.call.state)) return false;
    const out = grepOutput(props.call);
    return out ? hasResults(out) : genericView.hasOutput(props);
  },
  Grouped: SearchGrouped,
  groupKey: SEARCH_GROUP_KEY,
};
