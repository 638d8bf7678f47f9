// A file's change as a diff (UI2): unified (old and new line numbers, − red / + green) or side by
// side, hunks headed by the lines they cover, code highlighted by the file's language once the
// grammar has loaded. Very long diffs show their start and a button for the rest.
import { useMemo, useState, type ReactNode } from 'react';
import type { PatchHunk } from '../../../shared/tools/edit';
import type { TokenLine } from '../highlight/highlighter';
import { languageForPath, type LangId } from '../highlight/languages';
import { TokenText } from '../highlight/TokenText';
import { useTokens } from '../highlight/use-tokens';
import { formatNumber, plural } from '../tools/shared/paths';
import { DiffStats } from './DiffStats';
import { buildDiff, splitRows, type HunkHeading, type LineChange, type SideCell, type UnifiedRow } from './model';
import './Diff.css';

export type DiffMode = 'unified' | 'split';

/** Rows drawn before "Show all" (a rewrite of a big file stays quick to open). */
const ROW_LIMIT = 400;

export interface DiffViewProps {
  hunks: readonly PatchHunk[];
  /** The file's path: picks the highlighting language unless `lang` is given. */
  path: string;
  lang?: LangId | null;
  /** The diff's accessible name ("Changes to src/app.ts"). */
  label: string;
  /** Shifts line numbers: the hunks start at line `offset + 1` of the file. */
  offset?: number;
  mode?: DiffMode;
  /** Scroll inside a box of limited height (in the transcript); the Changes pane lets it grow. */
  bounded?: boolean;
  /** Shown when there are no hunks. */
  emptyText?: string;
  /** Say in words what red and green mean (for people who never read a diff). */
  legend?: boolean;
}

const CHANGE_WORDS: Record<LineChange, string> = { add: 'Added: ', del: 'Removed: ', context: '' };
const SIGN: Record<LineChange, string> = { add: '+', del: '−', context: ' ' };

function HunkRow({ heading, span }: { heading: HunkHeading; span: number }): ReactNode {
  return (
    <tr className="diff__hunk">
      <td colSpan={span}>
        {/* The raw header ("@@ -2,7 +2,8 @@") only on hover: the label says it in words (PX2). */}
        <span className="diff__hunk-label" title={heading.header}>
          {heading.label}
        </span>
        {heading.skipped > 0 && <span className="diff__hunk-skipped"> · {plural(heading.skipped, 'unchanged line')} above not shown</span>}
      </td>
    </tr>
  );
}

function UnifiedBody({ rows, oldTokens, newTokens }: { rows: readonly UnifiedRow[]; oldTokens: TokenLine[] | null; newTokens: TokenLine[] | null }): ReactNode {
  return rows.map((row) => {
    if (row.type === 'hunk') return <HunkRow key={row.key} heading={row.heading} span={4} />;
    if (row.type === 'note') {
      return (
        <tr key={row.key} className="diff__note">
          <td colSpan={4}>{row.text}</td>
        </tr>
      );
    }
    const l = row.line;
    const tokens = l.newIdx !== null ? newTokens?.[l.newIdx] : l.oldIdx !== null ? oldTokens?.[l.oldIdx] : undefined;
    return (
      <tr key={row.key} className={`diff__row diff__row--${l.change}`}>
        <td className="diff__no">{l.oldNo ?? ''}</td>
        <td className="diff__no">{l.newNo ?? ''}</td>
        <td className="diff__sign" aria-hidden="true">
          {SIGN[l.change]}
        </td>
        <td className="diff__code">
          {l.change !== 'context' && <span className="visually-hidden">{CHANGE_WORDS[l.change]}</span>}
          <TokenText text={l.text} tokens={tokens} />
        </td>
      </tr>
    );
  });
}

function SideCells({ cell, tokens }: { cell: SideCell | null; tokens: TokenLine[] | null }): ReactNode {
  if (!cell) {
    return (
      <>
        <td className="diff__no diff__empty" />
        <td className="diff__code diff__empty" />
      </>
    );
  }
  return (
    <>
      <td className={`diff__no diff__cell--${cell.change}`}>{cell.no}</td>
      <td className={`diff__code diff__cell--${cell.change}`}>
        {cell.change !== 'context' && <span className="visually-hidden">{CHANGE_WORDS[cell.change]}</span>}
        <TokenText text={cell.text} tokens={tokens?.[cell.idx]} />
      </td>
    </>
  );
}

function SplitBody({ rows, oldTokens, newTokens }: { rows: readonly UnifiedRow[]; oldTokens: TokenLine[] | null; newTokens: TokenLine[] | null }): ReactNode {
  const pairs = useMemo(() => splitRows(rows), [rows]);
  return pairs.map((row) => {
    if (row.type === 'hunk') return <HunkRow key={row.key} heading={row.heading} span={4} />;
    if (row.type === 'note') {
      return (
        <tr key={row.key} className="diff__note">
          <td colSpan={4}>{row.text}</td>
        </tr>
      );
    }
    return (
      <tr key={row.key} className="diff__row">
        <SideCells cell={row.left} tokens={oldTokens} />
        <SideCells cell={row.right} tokens={newTokens} />
      </tr>
    );
  });
}

export function DiffView({ hunks, path, lang: langProp, label, offset = 0, mode: initialMode = 'unified', bounded = true, emptyText = 'No lines changed.', legend = false }: DiffViewProps): ReactNode {
  const [mode, setMode] = useState<DiffMode>(initialMode);
  const [showAll, setShowAll] = useState(false);
  const model = useMemo(() => buildDiff(hunks, offset), [hunks, offset]);
  const rows = showAll || model.rows.length <= ROW_LIMIT ? model.rows : model.rows.slice(0, ROW_LIMIT);
  const lang = langProp !== undefined ? langProp : languageForPath(path);
  const oldTokens = useTokens(model.oldSide.join('\n'), lang);
  const newTokens = useTokens(model.newSide.join('\n'), lang);
  const split = mode === 'split';

  return (
    <figure className={bounded ? 'diff diff--bounded' : 'diff'} aria-label={label} data-mode={mode}>
      <div className="diff__bar">
        <DiffStats added={model.added} removed={model.removed} />
        {legend && hunks.length > 0 && (
          <span className="diff__legend">
            <span className="diff__legend-del">Red</span>: removed · <span className="diff__legend-add">green</span>: added
          </span>
        )}
        {hunks.length > 0 && (
          <button type="button" className="diff__toggle" aria-pressed={split} onClick={() => setMode(split ? 'unified' : 'split')}>
            Side by side
          </button>
        )}
      </div>
      {hunks.length === 0 ? (
        <p className="diff__empty-text">{emptyText}</p>
      ) : (
        <div className="diff__scroll" tabIndex={0}>
          <table className={split ? 'diff__table diff__table--split' : 'diff__table diff__table--unified'}>
            <colgroup>
              {split ? (
                <>
                  <col className="diff__col-no" />
                  <col />
                  <col className="diff__col-no" />
                  <col />
                </>
              ) : (
                <>
                  <col className="diff__col-no" />
                  <col className="diff__col-no" />
                  <col className="diff__col-sign" />
                  <col />
                </>
              )}
            </colgroup>
            <thead className={split ? 'diff__head' : 'visually-hidden'}>
              <tr>
                {split ? (
                  <>
                    <th scope="col">
                      <span className="visually-hidden">Old line</span>
                    </th>
                    <th scope="col">Before</th>
                    <th scope="col">
                      <span className="visually-hidden">New line</span>
                    </th>
                    <th scope="col">After</th>
                  </>
                ) : (
                  <>
                    <th scope="col">Old line</th>
                    <th scope="col">New line</th>
                    <th scope="col">Change</th>
                    <th scope="col">Code</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {split ? <SplitBody rows={rows} oldTokens={oldTokens} newTokens={newTokens} /> : <UnifiedBody rows={rows} oldTokens={oldTokens} newTokens={newTokens} />}
            </tbody>
          </table>
        </div>
      )}
      {rows.length < model.rows.length && (
        <button type="button" className="diff__more" onClick={() => setShowAll(true)}>
          Show all {formatNumber(model.rows.length)} rows
        </button>
      )}
    </figure>
  );
}
