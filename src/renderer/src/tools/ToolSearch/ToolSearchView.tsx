// ToolSearch's card (AS4): the assistant readied more of its tools — "Made 1 more tool ready:
// SendUserMessage" — or found none. Its result is an instruction to the model, so the card shows no
// output and no field names (PX2); keywords it looked for are said in words.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { toolWords } from '../tool-words';
import type { ToolViewParts } from '../types';

const SELECT = /^\s*select:/i;

function queryOf(call: ToolCallView): string {
  const q = typeof call.input === 'object' && call.input !== null ? (call.input as { query?: unknown }).query : undefined;
  return typeof q === 'string' ? q.trim() : '';
}

/** The tools it readied, as a person reads their names; null before it ended. */
function readied(call: ToolCallView): string[] | null {
  const data = call.result?.data;
  const matches = typeof data === 'object' && data !== null ? (data as { matches?: unknown }).matches : undefined;
  return Array.isArray(matches) ? matches.filter((m): m is string => typeof m === 'string').map(toolWords) : null;
}

/** Keywords it looked for ('' for a `select:` of names, which the title says once it ended). */
function keywords(call: ToolCallView): string {
  const q = queryOf(call);
  return SELECT.test(q) ? '' : q;
}

function subject(call: ToolCallView): string {
  const names = readied(call);
  if (names && names.length > 0) return names.join(', ');
  return keywords(call) || queryOf(call).replace(SELECT, '').trim();
}

function title(call: ToolCallView): string {
  const names = call.state === 'succeeded' ? readied(call) : null;
  if (!names) return 'Get more of its tools ready';
  if (names.length === 0) return 'Looked for more of its tools: none matched';
  return `Made ${names.length === 1 ? '1 more tool' : `${names.length} more tools`} ready: ${names.join(', ')}`;
}

function ToolSearchUse({ call }: { call: ToolCallView }): ReactNode {
  const words = keywords(call);
  return words ? <p className="tool-note">Looked for: {words}</p> : null;
}

function ToolSearchGrouped({ calls }: { calls: readonly ToolCallView[] }): ReactNode {
  const names = [...new Set(calls.flatMap((c) => readied(c) ?? []))];
  return <>Made more of its tools ready{names.length > 0 ? `: ${names.join(', ')}` : ''}</>;
}

export const toolSearchView: ToolViewParts = {
  subject,
  title,
  Use: ToolSearchUse,
  // What it returns tells the model how to call them; nothing there for the person.
  hasOutput: () => false,
  Grouped: ToolSearchGrouped,
};
