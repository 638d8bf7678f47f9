// The LSP card: what was asked in plain words ("Find references in src/greet.ts"), then what was found
// ("Found 3 references to “greet”") with the places under each file — line and column, a symbol's
// name and kind, a caller's call sites — or the type information as text. The exact input one click away.
import type { ReactNode } from 'react';
import { LSP_NOUNS, type LspData, type LspItem } from '../../../../shared/tools/lsp';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { genericView } from '../generic/GenericView';
import { ExactInput } from '../shared/Disclosure';
import { FileFacts, NoteList } from '../shared/FileFacts';
import { plural } from '../shared/paths';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { useViewEnv } from '../view-env';
import { hoverWords, itemsByFile, lspData, lspInput, lspSubject, lspTitle, whereWords } from './lsp-facts';
import './LSP.css';

function LspUse({ call }: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const input = lspInput(call);
  const data = lspData(call);
  if (!input) return <ExactInput input={call.input} what="the exact request" />;
  return (
    <>
      <FileFacts>
        <span className="file-facts__muted">At </span>
        <code>{whereWords(input, env.projectDir)}</code>
        {data && <span className="file-facts__muted"> · answered by the {data.server} language server</span>}
      </FileFacts>
      <ExactInput input={call.input} what="the exact request" />
    </>
  );
}

function Place({ item }: { item: LspItem }): ReactNode {
  const at = `line ${item.line}, column ${item.character}`;
  return (
    <li className="lsp-place" style={item.depth ? { paddingLeft: `${item.depth * 16}px` } : undefined}>
      {item.name ? (
        <>
          <strong>{item.name}</strong>
          {item.kind && <span className="lsp-place__kind"> {item.kind.toLowerCase()}</span>}
          <span className="lsp-place__at"> — {at}</span>
          {item.calls && item.calls.length > 0 && <span className="lsp-place__at"> (calls at {item.calls.map((c) => `line ${c.replace(':', ', column ')}`).join('; ')})</span>}
        </>
      ) : (
        <span>{at[0]!.toUpperCase() + at.slice(1)}</span>
      )}
    </li>
  );
}

function LspResult(props: ToolViewProps): ReactNode {
  const data = lspData(props.call);
  if (!data) return <genericView.Result {...props} />;
  if (data.operation === 'hover') return data.hover ? <pre className="lsp-hover">{hoverWords(data.hover)}</pre> : null;
  const [one, many] = LSP_NOUNS[data.operation];
  return (
    <div className="search-results">
      {itemsByFile(data.items).map((group) => (
        <details key={group.file} className="search-file" open>
          <summary>
            <code className="search-file__name">{group.file}</code>
            <span className="search-file__count">{plural(group.items.length, one, many)}</span>
          </summary>
          <ul className="lsp-places">
            {group.items.map((item, i) => (
              <Place key={i} item={item} />
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}

function notesOf(data: LspData): string[] {
  const notes: string[] = [];
  const unlisted = data.total - data.hidden - data.items.length;
  if (unlisted > 0) notes.push(`${plural(unlisted, 'more place')} not listed.`);
  if (data.hidden > 0) notes.push(`${plural(data.hidden, 'place')} in files your permission rules keep private ${data.hidden === 1 ? 'was' : 'were'} left out.`);
  return notes;
}

function LspNotes({ call }: ToolViewProps): ReactNode {
  const data = lspData(call);
  return data ? <NoteList notes={notesOf(data)} /> : null;
}

function LspGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  return (
    <>
      Looked up code {plural(calls.length, 'time')}: {calls.map((c) => lspTitle(c)).join(', ')}
    </>
  );
}

export const lspView: ToolViewParts = {
  subject: (call, env) => lspSubject(call, env?.projectDir),
  title: (call, env) => lspTitle(call, env?.projectDir),
  Use: LspUse,
  Result: LspResult,
  Notes: LspNotes,
  hasOutput: (props) => {
    if (isActive(props.call.state)) return false;
    const data = lspData(props.call);
    return data ? data.items.length > 0 || Boolean(data.hover) : genericView.hasOutput(props);
  },
  Grouped: LspGrouped,
};
