// The grouping selector (UI1): consecutive calls of one tool within one assistant message become one
// group ("Ran 3 commands", "Read 5 files: …"). Tools may share a group key (Grep and Glob are both
// searches: "Ran 3 searches"). Text between calls and a new message end a run.
import type { ToolCallState } from '../../../shared/tools/tool-call';

/** One step of an assistant reply, in order. */
export type StepItem =
  | { kind: 'text'; key: string; text: string }
  | { kind: 'tool'; id: string; name: string; messageId: string; input?: unknown };

export type RenderItem =
  | { kind: 'text'; key: string; text: string }
  | { kind: 'tool'; id: string; name: string }
  /** `name` is the first call's tool (its view renders the group); `groupKey` what the run shares. */
  | { kind: 'group'; key: string; name: string; groupKey: string; ids: string[] };

export interface GroupOptions {
  /** Calls in a run before they collapse into a group (default 2). */
  minSize?: number;
  /** A call → the key calls must share to group (default: the tool's name). */
  groupKeyOf?: (toolName: string, input: unknown) => string;
}

export function groupSteps(items: readonly StepItem[], options: GroupOptions = {}): RenderItem[] {
  const minSize = Math.max(2, options.minSize ?? 2);
  const keyOf = options.groupKeyOf ?? ((name: string, _input: unknown) => name);
  const out: RenderItem[] = [];
  let run: Extract<StepItem, { kind: 'tool' }>[] = [];

  const endRun = (): void => {
    if (run.length >= minSize) {
      const first = run[0]!;
      out.push({ kind: 'group', key: `group:${first.id}`, name: first.name, groupKey: keyOf(first.name, first.input), ids: run.map((c) => c.id) });
    } else {
      for (const c of run) out.push({ kind: 'tool', id: c.id, name: c.name });
    }
    run = [];
  };

  for (const item of items) {
    if (item.kind === 'text') {
      // Blank text between two calls says nothing and does not split them.
      if (item.text.trim() === '') continue;
      endRun();
      out.push(item);
      continue;
    }
    const last = run.at(-1);
    if (last && (keyOf(last.name, last.input) !== keyOf(item.name, item.input) || last.messageId !== item.messageId)) endRun();
    run.push(item);
  }
  endRun();
  return out;
}

/** One state for a whole group: what needs the person first, then what is still going, then how it ended. */
export function groupState(states: readonly ToolCallState[]): ToolCallState {
  const order: ToolCallState[] = ['awaiting_permission', 'running', 'validating', 'failed', 'cancelled', 'rejected'];
  for (const s of order) if (states.includes(s)) return s;
  return 'succeeded';
}
