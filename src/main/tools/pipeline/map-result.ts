// PL6: the tool's output → its tool_result content (tool.mapResult), then the size limit: a text result
// over the tool's maxResultSizeChars (capped at the absolute limit) is saved whole, the model gets a preview.
import type { AnyTool, ToolResultContent } from '../core/tool';
import { contentTextSize, isToolResultContent } from './content';
import type { ResultPersister } from './deps';
import { errorMessage } from './execute';
import { toolUseError } from '../core/errors';
import { effectiveResultLimit } from './limits';
import { persistLargeText } from './persist';

export type MapResult =
  | { ok: true; content: ToolResultContent; isError: boolean; persistedPath?: string }
  | { ok: false; content: string; message: string };

export interface MapArgs {
  tool: AnyTool;
  output: unknown;
  toolUseId: string;
  dir: string;
  persister: ResultPersister;
}

/** Persists the text part of `content` when it is over `limit`; image blocks stay inline. */
export async function limitContent(
  content: ToolResultContent,
  limit: number,
  toolUseId: string,
  dir: string,
  persister: ResultPersister,
): Promise<{ content: ToolResultContent; persistedPath?: string }> {
  if (contentTextSize(content) <= limit) return { content };
  const text = typeof content === 'string' ? content : content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
  const saved = await persistLargeText(persister, dir, toolUseId, text, limit);
  const out: ToolResultContent =
    typeof content === 'string' ? saved.text : [{ type: 'text', text: saved.text }, ...content.filter((b) => b.type !== 'text')];
  return saved.persistedPath ? { content: out, persistedPath: saved.persistedPath } : { content: out };
}

export async function mapToolResult(a: MapArgs): Promise<MapResult> {
  let mapped: { content: ToolResultContent; isError?: boolean };
  try {
    mapped = a.tool.mapResult(a.output, a.toolUseId);
  } catch (e) {
    return { ok: false, message: errorMessage(e), content: toolUseError(`Error: ${a.tool.name} could not format its result: ${errorMessage(e)}`) };
  }
  if (!mapped || !isToolResultContent(mapped.content)) {
    return { ok: false, message: 'invalid result', content: toolUseError(`Error: ${a.tool.name} produced a result the API cannot take`) };
  }
  const limited = await limitContent(mapped.content, effectiveResultLimit(a.tool.maxResultSizeChars), a.toolUseId, a.dir, a.persister);
  return { ok: true, isError: Boolean(mapped.isError), ...limited };
}
