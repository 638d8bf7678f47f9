// run_in_background (BA10 seam): the command runs detached, writes to its output file, and lives in
// the task registry, which records its end and can stop its whole tree.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskInfo, TaskRegistry } from '../../tasks/registry';
import { createInMemoryTaskRegistry } from '../../tasks/registry';
import type { CanUseTool } from '../core/tool';
import { createBashTool } from './bash.tool';
import { isProcessAlive } from '../../process/kill-tree';
import { tempProject, type TempProject } from '../core/test-project';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
let registry: TaskRegistry | undefined;

afterEach(async () => {
  await registry?.stopAll();
  project?.cleanup();
  project = undefined;
});

/** Resolves when the task leaves 'running' (woken by the registry's event, not by polling). */
function settled(reg: TaskRegistry, id: string): Promise<TaskInfo> {
  return new Promise((resolve) => {
    const check = (t: TaskInfo) => {
      if (t.id === id && t.status !== 'running') {
        unsubscribe();
        resolve(t);
      }
    };
    const unsubscribe = reg.subscribe(check);
    const now = reg.get(id);
    if (now) check(now);
  });
}

describe('Bash run_in_background (BA10 seam)', () => {
  it('BA10 returns a task id and output file at once; the task completes into the registry', async () => {
    project = tempProject();
    registry = createInMemoryTaskRegistry();
    const tool = createBashTool({ tasks: registry });
    const input = tool.inputSchema().parse({ command: 'echo hi; echo oops >&2; echo bye', run_in_background: true, description: 'greet' });
    const { data } = await tool.call(input, project.ctx, allow, 'm', () => undefined);
    expect(data.backgroundTaskId).toMatch(/^bash_[0-9a-f]{8}$/);
    const text = String(tool.mapResult(data, 't').content);
    expect(text).toContain(`ID: ${data.backgroundTaskId}`);
    expect(text).toContain(data.outputFile!);
    expect(tool.mapResult(data, 't').isError).toBe(false);
    const done = await settled(registry, data.backgroundTaskId!);
    expect(done).toMatchObject({ status: 'completed', exitCode: 0, command: 'echo hi; echo oops >&2; echo bye', description: 'greet' });
    expect(readFileSync(data.outputFile!, 'utf8')).toBe('hi\noops\nbye\n');
    expect(registry.list('test-session').map((t) => t.id)).toEqual([data.backgroundTaskId]);
  });

  it('BA10 stopping a task kills its tree and marks it killed', async () => {
    project = tempProject();
    registry = createInMemoryTaskRegistry();
    const tool = createBashTool({ tasks: registry });
    const input = tool.inputSchema().parse({ command: 'sleep 100 & echo "child=$!"; sleep 100', run_in_background: true });
    const { data } = await tool.call(input, project.ctx, allow, 'm', () => undefined);
    const id = data.backgroundTaskId!;
    const info = registry.get(id)!;
    expect(info.status).toBe('running');
    // Issue 15 item 4: what the process manager needs to find it again (project, group, start token).
    expect(info).toMatchObject({ projectDir: project.ctx.projectDir, groupId: info.pid });
    if (process.platform === 'linux') expect(info.startToken).toMatch(/^\d+$/);
    // The shell writes the grandchild's pid first; wait for it through the file's content.
    let child: number | undefined;
    while (child === undefined) {
      const m = /child=(\d+)/.exec(readFileSync(data.outputFile!, 'utf8'));
      if (m) child = Number(m[1]);
      else await new Promise((r) => setTimeout(r, 20));
    }
    expect(await registry.stop(id)).toBe(true);
    expect(registry.get(id)!.status).toBe('killed');
    expect(isProcessAlive(info.pid!)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
    expect(await registry.stop(id)).toBe(false);
  });

  it('BA10 a failing background command is recorded as failed with its exit code', async () => {
    project = tempProject();
    registry = createInMemoryTaskRegistry();
    const tool = createBashTool({ tasks: registry });
    const input = tool.inputSchema().parse({ command: 'exit 7', run_in_background: true });
    const { data } = await tool.call(input, project.ctx, allow, 'm', () => undefined);
    expect(await settled(registry, data.backgroundTaskId!)).toMatchObject({ status: 'failed', exitCode: 7 });
  });
});
