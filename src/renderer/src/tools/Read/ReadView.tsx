// Read's view: "Read src/app.ts" with what was read in words (lines 1–200 of 1,234; a picture's size;
// PDF pages; notebook cells), the content highlighted with its line numbers, pictures shown, and a
// run of reads folded into "Read 5 files: a.ts, b.ts, c.ts, …".
import { useState, type ReactNode } from 'react';
import type { NotebookCellView, ReadOutput } from '../../../../shared/tools/read';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { CodeView } from '../../diff/CodeView';
import { languageForWord } from '../../highlight/languages';
import { genericView } from '../generic/GenericView';
import { listOf } from '../input-summary';
import { FileFacts, NoteList } from '../shared/FileFacts';
import { baseName, displayPath, formatNumber, plural } from '../shared/paths';
import { isActive } from '../state';
import type { ToolViewParts, ToolViewProps } from '../types';
import { useViewEnv, type ViewEnv } from '../view-env';
import { readFacts, readInput, readNotes, readOutput, requestedRange } from './read-facts';

const subject = (call: ToolCallView, env?: ViewEnv): string => displayPath(readInput(call.input).filePath, env?.projectDir) || 'a file';

/** Notebook cells shown before "Show all". */
const CELLS_SHOWN = 8;

function ReadUse({ call }: ToolViewProps): ReactNode {
  const out = readOutput(call);
  if (out) return <FileFacts>{readFacts(out)}</FileFacts>;
  const range = requestedRange(readInput(call.input));
  return range ? <FileFacts>Asked for {range}</FileFacts> : null;
}

function Picture({ file, name }: { file: Extract<ReadOutput, { type: 'image' }>['file']; name: string }): ReactNode {
  return (
    <figure className="file-picture">
      <img src={`data:${file.mediaType};base64,${file.base64}`} alt={`The picture ${name}`} width={file.width} height={file.height} />
    </figure>
  );
}

function CellOutputs({ cell }: { cell: NotebookCellView }): ReactNode {
  if (cell.outputs.length === 0) return null;
  return (
    <div className="notebook-cell__outputs">
      {cell.outputs.map((o, i) =>
        o.type === 'text' ? (
          <pre key={i} className="notebook-cell__text">
            {o.text}
          </pre>
        ) : (
          <img key={i} className="notebook-cell__image" src={`data:${o.mediaType};base64,${o.data}`} alt={`Output ${i + 1} of cell ${cell.cellId}`} />
        ),
      )}
    </div>
  );
}

export function NotebookCell({ cell, index, language }: { cell: NotebookCellView; index: number; language?: string | undefined }): ReactNode {
  const lang = cell.cellType === 'markdown' ? 'markdown' : cell.cellType === 'code' ? languageForWord(language) : null;
  const kind = cell.cellType === 'markdown' ? 'Text' : cell.cellType === 'code' ? 'Code' : 'Raw';
  return (
    <section className="notebook-cell" aria-label={`Cell ${index + 1}`}>
      <div className="notebook-cell__head">
        <span>
          Cell {index + 1} · {kind}
        </span>
        {typeof cell.executionCount === 'number' && <span className="notebook-cell__count">ran as [{cell.executionCount}]</span>}
        <code className="notebook-cell__id">{cell.cellId}</code>
      </div>
      <CodeView text={cell.source} lang={lang} label={`Source of cell ${index + 1}`} collapseAfter={12} />
      <CellOutputs cell={cell} />
    </section>
  );
}

function Notebook({ file }: { file: Extract<ReadOutput, { type: 'notebook' }>['file'] }): ReactNode {
  const [all, setAll] = useState(false);
  const shown = all ? file.cells : file.cells.slice(0, CELLS_SHOWN);
  return (
    <div className="notebook-cells">
      {shown.map((cell, i) => (
        <NotebookCell key={`${cell.cellId}:${i}`} cell={cell} index={i} language={file.language} />
      ))}
      {shown.length < file.cells.length && (
        <button type="button" className="diff__more file-more" onClick={() => setAll(true)}>
          Show all {formatNumber(file.cells.length)} cells
        </button>
      )}
    </div>
  );
}

function ReadResult(props: ToolViewProps): ReactNode {
  const env = useViewEnv();
  const out = readOutput(props.call);
  if (!out) return <genericView.Result {...props} />;
  const name = displayPath(out.file.filePath, env.projectDir);
  switch (out.type) {
    case 'text':
      return <CodeView text={out.file.content} path={out.file.filePath} startLine={out.file.startLine} label={`Content of ${name}`} />;
    case 'image':
      return <Picture file={out.file} name={name} />;
    case 'pdf':
      return (
        <div className="file-pages" tabIndex={0} aria-label={`Text of ${name}`}>
          {out.file.pages.map((p) => (
            <section key={p.page} className="file-page">
              <h4 className="file-page__head">Page {p.page}</h4>
              <pre className="file-page__text">{p.text.trim() || '(no text on this page)'}</pre>
            </section>
          ))}
        </div>
      );
    case 'notebook':
      return <Notebook file={out.file} />;
    case 'file_unchanged':
      return null;
  }
}

function ReadNotes({ call }: ToolViewProps): ReactNode {
  return <NoteList notes={readNotes(readOutput(call))} />;
}

function ReadGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const going = calls.some((c) => isActive(c.state));
  const names = calls.map((c) => baseName(readInput(c.input).filePath) || 'a file');
  return (
    <>
      {going ? 'Reading' : 'Read'} {plural(calls.length, 'file')}
      <span className="tool-group__list">: {listOf(names)}</span>
    </>
  );
}

export const readView: ToolViewParts = {
  subject,
  title: (call, env) => `Read ${subject(call, env)}`,
  Use: ReadUse,
  Result: ReadResult,
  Notes: ReadNotes,
  hasOutput: (props) => {
    if (isActive(props.call.state)) return false;
    const out = readOutput(props.call);
    if (!out) return genericView.hasOutput(props);
    if (out.type === 'file_unchanged') return false;
    if (out.type === 'text') return out.file.numLines > 0;
    return true;
  },
  Grouped: ReadGrouped,
};
