// WebFetch's view: which page (the address as a link, opened in the browser), the question asked of it,
// the status and size once fetched; the answer, folded at first, as Markdown; a move to another host
// said in plain words with the new address.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { Markdown } from '../../transcript/Markdown';
import { genericView } from '../generic/GenericView';
import { FileFacts, NoteList } from '../shared/FileFacts';
import { listOf } from '../input-summary';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { statusWords, webFetchInput, webFetchOutput, webFetchSubject, webFetchTitle } from './web-fetch-facts';
import { ExternalLink } from '../shared/ExternalLink';
import './WebFetch.css';

function WebFetchUse({ call }: ToolViewProps): ReactNode {
  const { url, prompt } = webFetchInput(call.input);
  const out = webFetchOutput(call);
  return (
    <>
      <FileFacts>
        {url ? <ExternalLink href={url}>{url}</ExternalLink> : <span className="file-facts__muted">(no address given)</span>}
        {out && <span className="file-facts__muted"> — {statusWords(out)}</span>}
      </FileFacts>
      {prompt && (
        <p className="web-question">
          <span className="web-question__label">Question: </span>
          {prompt}
        </p>
      )}
    </>
  );
}

function WebFetchResult(props: ToolViewProps): ReactNode {
  const out = webFetchOutput(props.call);
  if (!out) return <genericView.Result {...props} />;
  if (out.redirectUrl) {
    return (
      <p className="tool-note">
        Not followed, because it is another site: <ExternalLink href={out.redirectUrl}>{out.redirectUrl}</ExternalLink>. The assistant was told the new address.
      </p>
    );
  }
  return (
    <section className="web-answer" aria-label={`Answer from ${webFetchSubject(props.call)}`}>
      <Markdown text={out.result} />
    </section>
  );
}

function WebFetchNotes({ call }: ToolViewProps): ReactNode {
  const out = webFetchOutput(call);
  if (!out) return null;
  const notes: string[] = [];
  if (out.cached) notes.push('Read from a copy fetched in the last 15 minutes.');
  if (out.truncated) notes.push('The page is long: the answer comes from its first part only.');
  return notes.length > 0 ? <NoteList notes={notes} /> : null;
}

function WebFetchGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const sites = [...new Set(calls.map(webFetchSubject))];
  return (
    <>
      Read {calls.length} web pages<span className="tool-group__list">: {listOf(sites)}</span>
    </>
  );
}

export const webFetchView: ToolViewParts = {
  subject: webFetchSubject,
  title: webFetchTitle,
  Use: WebFetchUse,
  Result: WebFetchResult,
  Notes: WebFetchNotes,
  startsFolded: () => true,
  hasOutput: (props) => (isActive(props.call.state) ? false : webFetchOutput(props.call) ? true : genericView.hasOutput(props)),
  Grouped: WebFetchGrouped,
};
