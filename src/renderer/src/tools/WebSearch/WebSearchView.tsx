// WebSearch's view: what was searched (and on which sites), how many pages were found; the results as a
// list of links, each with its site, opened in the browser; the assistant's own summary of them below.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { genericView } from '../generic/GenericView';
import { listOf } from '../input-summary';
import { FileFacts } from '../shared/FileFacts';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { ExternalLink } from '../shared/ExternalLink';
import { commentaryOf, domainWords, foundWords, hitsOf, siteOf, webSearchOutput, webSearchSubject, webSearchTitle } from './web-search-facts';
import './WebSearch.css';

function WebSearchUse({ call }: ToolViewProps): ReactNode {
  const limits = domainWords(call.input);
  const out = webSearchOutput(call);
  if (!limits && !out) return null;
  return (
    <FileFacts>
      {limits && <span className="file-facts__muted">{limits}</span>}
      {limits && out && <span className="file-facts__muted"> — </span>}
      {out && <span className={hitsOf(call).length === 0 ? 'file-facts__none' : undefined}>{foundWords(out)}</span>}
    </FileFacts>
  );
}

function WebSearchResult(props: ToolViewProps): ReactNode {
  const out = webSearchOutput(props.call);
  if (!out) return <genericView.Result {...props} />;
  const hits = hitsOf(props.call);
  const said = commentaryOf(out);
  return (
    <>
      {hits.length > 0 && (
        <ul className="web-results" aria-label="Search results">
          {hits.map((h) => (
            <li key={h.url}>
              <ExternalLink href={h.url}>{h.title || h.url}</ExternalLink>
              <span className="web-results__site">{siteOf(h.url)}</span>
            </li>
          ))}
        </ul>
      )}
      {said.map((s, i) => (
        <p className="web-said" key={i}>
          {s}
        </p>
      ))}
    </>
  );
}

function WebSearchGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return (
    <>
      Searched the web {calls.length} times<span className="tool-group__list">: {listOf(calls.map((c) => `“${webSearchSubject(c)}”`))}</span>
    </>
  );
}

export const webSearchView: ToolViewParts = {
  subject: webSearchSubject,
  title: webSearchTitle,
  Use: WebSearchUse,
  Result: WebSearchResult,
  hasOutput: (props) => {
    if (isActive(props.call.state)) return false;
    const out = webSearchOutput(props.call);
    return out ? out.results.length > 0 : genericView.hasOutput(props);
  },
  Grouped: WebSearchGrouped,
};
