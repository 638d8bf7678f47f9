// The one line for a run of searches (Grep and Glob share the group key "search", UI1):
// "Searched 3 patterns: TODO, **/*.ts, fixme".
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { listOf, oneLine } from '../input-summary';
import { isActive } from '../state';
import { plural } from './paths';

export const SEARCH_GROUP_KEY = 'search';

function patternOf(call: ToolCallView): string {
  const r = (typeof call.input === 'object' && call.input !== null ? call.input : {}) as Record<string, unknown>;
  return typeof r.pattern === 'string' && r.pattern ? oneLine(r.pattern, 40) : '?';
}

export function SearchGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const going = calls.some((c) => isActive(c.state));
  return (
    <>
      {going ? 'Searching' : 'Searched'} {plural(calls.length, 'pattern')}
      <span className="tool-group__list">: {listOf(calls.map(patternOf))}</span>
    </>
  );
}
