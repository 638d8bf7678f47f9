// Test support for the file tools: a real temp project with a read cache on its context, and helpers
// to call a tool the way the pipeline does (validate, then call). Not used by production code.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempProject, type TempProject } from '../core/test-project';
import type { AnyTool, CanUseTool, ToolResultContent, ToolUseContext, ValidationResult } from '../core/tool';
import { createFileStateCache } from '../file-state/file-state';

export interface FileProject extends TempProject {
  /** Absolute path of a project-relative path. */
  p(rel: string): string;
  /** Writes a file (creating folders) and returns its absolute path. */
  put(rel: string, content: string | Uint8Array): string;
}

export function fileProject(): FileProject {
  const t = tempProject();
  t.ctx.fileState = createFileStateCache();
  const p = (rel: string) => path.join(t.dir, rel);
  return {
    ...t,
    p,
    put(rel, content) {
      const abs = p(rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, content);
      return abs;
    },
  };
}

export const allowAll: CanUseTool = async () => ({ behavior: 'allow' });

export type Run<O> =
  | { ok: true; data: O; content: ToolResultContent; isError: boolean }
  | { ok: false; stage: 'validate'; errorCode?: number; message: string }
  | { ok: false; stage: 'call'; message: string };

/** Parses the raw input, runs validateInput, then call and mapResult — as the pipeline does. */
export async function runTool<O>(tool: AnyTool, raw: unknown, ctx: ToolUseContext): Promise<Run<O>> {
  const input = tool.inputSchema().parse(raw);
  if (tool.validateInput) {
    const v: ValidationResult = await tool.validateInput(input, ctx);
    if (!v.result) return { ok: false, stage: 'validate', message: v.message, ...('errorCode' in v ? { errorCode: v.errorCode } : {}) };
  }
  try {
    const r = await tool.call(input, ctx, allowAll, 'msg-1', () => undefined);
    const mapped = tool.mapResult(r.data, 'tu-1');
    return { ok: true, data: r.data as O, content: mapped.content, isError: Boolean(mapped.isError) };
  } catch (e) {
    return { ok: false, stage: 'call', message: (e as Error).message };
  }
}

export function textOf(content: ToolResultContent): string {
  return typeof content === 'string' ? content : content.map((b) => (b.type === 'text' ? b.text : `[image ${b.source.media_type}]`)).join('\n');
}
