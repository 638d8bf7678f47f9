// A file's content (or part of it) with line numbers, highlighted by its language; long contents
// show their first lines and a "Show all" button, so a big file never floods the transcript.
import { useState, type ReactNode } from 'react';
import { languageForPath, type LangId } from '../highlight/languages';
import { TokenText } from '../highlight/TokenText';
import { useTokens } from '../highlight/use-tokens';
import { formatNumber } from '../tools/shared/paths';
import { splitLines } from './compute';
import './Diff.css';

/** Lines shown before "Show all" (the brief's ~30). */
export const CODE_COLLAPSED_LINES = 30;

export interface CodeViewProps {
  text: string;
  /** Picks the language when `lang` is not given. */
  path?: string;
  lang?: LangId | null;
  /** The number of the first line (Read of a range). */
  startLine?: number;
  /** Accessible name ("Content of src/app.ts"). */
  label: string;
  /** Lines shown while folded; 0 = always everything. */
  collapseAfter?: number;
  /** Mark every line as added (a new file), green like a diff. */
  added?: boolean;
}

export function CodeView({ text, path, lang, startLine = 1, label, collapseAfter = CODE_COLLAPSED_LINES, added = false }: CodeViewProps): ReactNode {
  const [all, setAll] = useState(false);
  const lines = splitLines(text);
  const folded = !all && collapseAfter > 0 && lines.length > collapseAfter + 5;
  const shown = folded ? lines.slice(0, collapseAfter) : lines;
  const language = lang !== undefined ? lang : path ? languageForPath(path) : null;
  // Only what is shown is tokenised: a folded 2,000-line read costs 30 lines.
  const tokens = useTokens(shown.join('\n'), language);

  return (
    <figure className={added ? 'code-view code-view--added' : 'code-view'} aria-label={label}>
      {lines.length === 0 ? (
        <p className="diff__empty-text">(empty)</p>
      ) : (
        <div className="diff__scroll" tabIndex={0}>
          <table className="diff__table code-view__table">
            <colgroup>
              <col className="diff__col-no" />
              <col />
            </colgroup>
            <tbody>
              {shown.map((line, i) => (
                <tr key={i} className={added ? 'diff__row diff__row--add' : 'diff__row'}>
                  <td className="diff__no">{startLine + i}</td>
                  <td className="diff__code">
                    <TokenText text={line} tokens={tokens?.[i]} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {folded && (
        <button type="button" className="diff__more" onClick={() => setAll(true)}>
          Show all {formatNumber(lines.length)} lines
        </button>
      )}
    </figure>
  );
}
