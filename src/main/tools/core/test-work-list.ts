// Test support: a temp project whose context carries a task list in a temp file, and a runner that
// parses an input and calls a Task tool the way the pipeline does. Not used by production code.
import path from 'node:path';
import type { Logger } from '../../base/log';
import { createWorkListStore, type WorkListStore } from '../../tasks/work-list';
import type { AnyTool, CanUseTool, ToolUseContext } from './tool';
import { tempProject, type TempProject } from './test-project';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export interface WorkListProject extends TempProject {
  list: WorkListStore;
  /** Parses `raw` with the tool's schema, calls it, and gives its data and the text the model reads. */
  run(tool: AnyTool, raw: unknown, ctx?: Partial<ToolUseContext>): Promise<{ data: unknown; text: string; isError: boolean }>;
}

export function workListProject(): WorkListProject {
  const project = tempProject();
  const list = createWorkListStore(path.join(project.dir, '.session', 'tasks.json'), quiet);
  project.ctx.workList = list;
  return {
    ...project,
    list,
    async run(tool, raw, extra = {}) {
      const input = tool.inputSchema().parse(raw);
      const { data } = await tool.call(input, { ...project.ctx, ...extra }, allow, 'm', () => undefined);
      const mapped = tool.mapResult(data, 't');
      return { data, text: String(mapped.content), isError: mapped.isError === true };
    },
  };
}
