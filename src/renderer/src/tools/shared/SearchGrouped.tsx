// The one line for a run of searches (Grep and Glob share the group key "search", UI1), each said in
// words (PX2): "Ran 3 searches: “TODO”, TypeScript files, “fixme”".
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { globSubject } from '../Glob/glob-facts';
import { grepSubject } from '../Grep/grep-facts';
import { listOf, oneLine } from '../input-summary';
import { isActive } from '../state';
import { plural } from './paths';

export const SEARCH_GROUP_KEY = 'search';

/** The searches of the group key, each with its words (a table of data, like the registry). */
const SUBJECTS: Record<string, (call: ToolCallView) => string> = { Grep: grepSubject, Glob: globSubject };

function subjectOf(call: ToolCallView): string {
  if (Object.hasOwn(SUBJECTS, call.name)) return oneLine(SUBJECTS[call.name]!(call), 40);
  const r = (typeof call.input === 'object' && call.input !== null ? call.input : {}) as Record<string, unknown>;
  return typeof r.pattern === 'string' && r.pattern ? oneLine(r.pattern, 40) : '?';
}

export function SearchGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const going = calls.some((c) => isActive(c.state));
  return (
    <>
      {going ? 'Running' : 'Ran'} {plural(calls.length, 'search', 'searches')}
      <span className="tool-group__list">: {listOf(calls.map(subjectOf))}</span>
    </>
  );
}
