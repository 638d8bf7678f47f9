// The one line for a run of searches (Grep and Glob share the group key "search", UI1, and so do Bash
// lines that only search, read or list, BA12), each said in words (PX2): "Ran 3 searches: “TODO”,
// TypeScript files, “fixme”"; with Bash looks among them, "Ran 2 searches and 1 listing: …".
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { bashActivity, bashInput } from '../Bash/bash-facts';
import { globSubject } from '../Glob/glob-facts';
import { grepSubject } from '../Grep/grep-facts';
import { listOf, oneLine } from '../input-summary';
import { isActive } from '../state';
import { plural } from './paths';

export const SEARCH_GROUP_KEY = 'search';

/** The searches of the group key, each with its words (a table of data, like the registry). */
const SUBJECTS: Record<string, (call: ToolCallView) => string> = { Grep: grepSubject, Glob: globSubject, Bash: (c) => bashInput(c.input).command };

function subjectOf(call: ToolCallView): string {
  if (Object.hasOwn(SUBJECTS, call.name)) return oneLine(SUBJECTS[call.name]!(call), 40);
  const r = (typeof call.input === 'object' && call.input !== null ? call.input : {}) as Record<string, unknown>;
  return typeof r.pattern === 'string' && r.pattern ? oneLine(r.pattern, 40) : '?';
}

type Look = 'search' | 'read' | 'list';
const lookOf = (call: ToolCallView): Look => (call.name === 'Bash' ? (bashActivity(bashInput(call.input).command) ?? 'search') : 'search');
const NOUNS: Record<Look, [string, string]> = { search: ['search', 'searches'], list: ['listing', 'listings'], read: ['read', 'reads'] };

/** "3 searches", "2 searches, 1 listing and 1 read". */
export function looksWords(calls: readonly ToolCallView[]): string {
  const counts = new Map<Look, number>();
  for (const c of calls) {
    const look = lookOf(c);
    counts.set(look, (counts.get(look) ?? 0) + 1);
  }
  const words = (['search', 'list', 'read'] as const).filter((k) => counts.has(k)).map((k) => plural(counts.get(k)!, ...NOUNS[k]));
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export function SearchGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const going = calls.some((c) => isActive(c.state));
  return (
    <>
      {going ? 'Running' : 'Ran'} {looksWords(calls)}
      <span className="tool-group__list">: {listOf(calls.map(subjectOf))}</span>
    </>
  );
}
