// "+3 −1": lines added and removed, in green and red, with the words for screen readers.
import type { ReactNode } from 'react';
import { plural } from '../tools/shared/paths';

export function diffStatsWords(added: number, removed: number): string {
  if (added === 0 && removed === 0) return 'No lines changed';
  return `${plural(added, 'line')} added, ${plural(removed, 'line')} removed`;
}

export function DiffStats({ added, removed }: { added: number; removed: number }): ReactNode {
  return (
    <span className="diff-stats" title={diffStatsWords(added, removed)}>
      <span className="visually-hidden">{diffStatsWords(added, removed)}</span>
      <span className="diff-stats__added" aria-hidden="true">
        +{added}
      </span>
      <span className="diff-stats__removed" aria-hidden="true">
        −{removed}
      </span>
    </span>
  );
}
