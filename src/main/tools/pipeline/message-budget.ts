// PL6, per message: all tool results of one assistant message together stay under 200,000 chars;
// the largest results are persisted first until the rest fits (seed 4.8's third limit).
import type { ToolResultContent } from '../core/tool';
import { contentText, contentTextSize } from './content';
import type { ResultPersister } from './deps';
import { MAX_TOOL_RESULTS_PER_MESSAGE_CHARS, PREVIEW_SIZE_CHARS } from './limits';
import { PERSISTED_TAG } from './persist';
import { limitContent } from './map-result';

export interface BudgetItem {
  toolUseId: string;
  content: ToolResultContent;
  persistedPath?: string;
}

export interface BudgetOptions {
  dir: string;
  persister: ResultPersister;
  budget?: number;
}

/** Roughly what the persisted-output wrapper adds around a preview (path, size, instructions). */
const PREVIEW_OVERHEAD = 500;

function alreadyPersisted(item: BudgetItem): boolean {
  return item.persistedPath !== undefined || contentText(item.content).startsWith(PERSISTED_TAG);
}

/** Same order, same length; only the replaced items change (content + persistedPath). */
export async function applyMessageBudget<T extends BudgetItem>(results: readonly T[], opts: BudgetOptions): Promise<T[]> {
  const budget = opts.budget ?? MAX_TOOL_RESULTS_PER_MESSAGE_CHARS;
  const out = [...results];
  let total = out.reduce((n, r) => n + contentTextSize(r.content), 0);
  const candidates = out
    .map((r, i) => ({ i, size: contentTextSize(r.content) }))
    .filter(({ i }) => !alreadyPersisted(out[i]!))
    .sort((a, b) => b.size - a.size);
  for (const { i, size } of candidates) {
    // Sorted largest first: once results are no bigger than a preview, persisting cannot shrink anything.
    if (total <= budget || size <= PREVIEW_SIZE_CHARS + PREVIEW_OVERHEAD) break;
    const item = out[i]!;
    // Limit 0: this one goes to disk whatever its size; only its preview stays in the message.
    const limited = await limitContent(item.content, 0, item.toolUseId, opts.dir, opts.persister);
    const next = { ...item, content: limited.content };
    if (limited.persistedPath) next.persistedPath = limited.persistedPath;
    out[i] = next;
    total += contentTextSize(limited.content) - size;
  }
  return out;
}
