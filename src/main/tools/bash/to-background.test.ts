// "Keep running in background" (BA10): a running foreground command becomes a shell task — same
// process, output so far and after in the task's file — and its call returns at once; the call's
// Stop and timeout no longer reach it, TaskStop (the registry) does.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolProgress } from '../../../shared/tools/tool-call';
import { isProcessAlive } from '../../process/kill-tree';
import { createInMemoryTaskRegistry, type TaskRegistry } from '../../tasks/registry';
import { waitForTaskEnd } from '../../tasks/wait-for-end';
import { createBackgroundRequests } from '../core/backgrounding';
import type { CanUseTool } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';
import { createBashTool } from './bash.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
let registry: TaskRegistry;

afterEach(async () => {
  await registry?.stopAll();
  project?.cleanup();
  project = undefined;
});

/** Runs `command`, asks to move it once its first output arrived; resolves with the call's data. */
async function runAndMove(command: string, timeout?: number) {
  project = tempProject();
  registry = createInMemoryTaskRegistry();
  const requests = createBackgroundRequests();
  const ctx = { ...project.ctx, toolUseId: 'toolu_bg', backgroundRequests: requests };
  const tool = createBashTool({ tasks: registry, launchers: false });
  const input = tool.inputSchema().parse({ command, description: 'serve it', ...(timeout ? { timeout } : {}) });
  let moved = false;
  const onProgress = (p: ToolProgress) => {
    if (!moved && p.type === 'output') moved = requests.request('toolu_bg');
  };
  const { data } = await tool.call(input, ctx, allow, 'm', onProgress);
  return { data, tool, requests };
}

describe('Keep running in background (BA10)', () => {
  it('BA10 the call returns with the task id and the output so far; the command goes on into the task’s file', async () => {
    const { data, tool, requests } = await runAndMove('echo before; sleep 2; echo after', 500);
    expect(data).toMatchObject({ backgroundedByUser: true, stdout: 'before\n', exitCode: null });
    const id = data.backgroundTaskId!;
    // Its project too: Running programs and the to-do list show the project's tasks only.
    expect(registry.get(id)).toMatchObject({ status: 'running', sessionId: 'test-session', description: 'serve it', outputFile: data.outputFile, projectDir: project!.ctx.projectDir });
    const text = String(tool.mapResult(data, 't').content);
    expect(text).toBe(`before\nCommand was manually backgrounded by user with ID: ${id}. Output is being written to: ${data.outputFile}`);
    expect(tool.mapResult(data, 't').isError).toBe(false);
    // The call's 500 ms timeout no longer applies: the command runs its 2 s and ends on its own.
    expect(await waitForTaskEnd(registry, id, 60_000)).toBe('ended');
    expect(registry.get(id)).toMatchObject({ status: 'completed', exitCode: 0 });
    expect(readFileSync(data.outputFile!, 'utf8')).toBe('before\nafter\n');
    // A call moves once; a finished call cannot move.
    expect(requests.request('toolu_bg')).toBe(false);
  });

  it('BA10 after the move Stop no longer reaches the command; stopping the task kills it', async () => {
    const { data } = await runAndMove('echo up; sleep 300');
    const info = registry.get(data.backgroundTaskId!)!;
    expect(info.pid).toBeGreaterThan(0);
    project!.abort.abort();
    expect(isProcessAlive(info.pid!)).toBe(true);
    expect(registry.get(info.id)!.status).toBe('running');
    expect(await registry.stop(info.id)).toBe(true);
    expect(registry.get(info.id)!.status).toBe('killed');
    expect(isProcessAlive(info.pid!)).toBe(false);
  });

  it('BA10 a command that ends before anyone asks returns as usual and cannot move', async () => {
    project = tempProject();
    registry = createInMemoryTaskRegistry();
    const requests = createBackgroundRequests();
    const tool = createBashTool({ tasks: registry, launchers: false });
    const ctx = { ...project.ctx, toolUseId: 'toolu_x', backgroundRequests: requests };
    const { data } = await tool.call(tool.inputSchema().parse({ command: 'echo done' }), ctx, allow, 'm', () => undefined);
    expect(data).toMatchObject({ stdout: 'done\n', exitCode: 0 });
    expect(data.backgroundTaskId).toBeUndefined();
    expect(requests.request('toolu_x')).toBe(false);
    expect(registry.list()).toEqual([]);
  });
});

describe('assistant mode moves a blocking command to the background by itself (BA10, ASSISTANT_BLOCKING_BUDGET_MS)', () => {
  async function runWithBudget(command: string, budgetMs: number) {
    project = tempProject();
    registry = createInMemoryTaskRegistry();
    const ctx = { ...project.ctx, toolUseId: 'toolu_auto', backgroundRequests: createBackgroundRequests(), blockingBudgetMs: budgetMs };
    const tool = createBashTool({ tasks: registry, launchers: false });
    const input = tool.inputSchema().parse({ command, description: 'build it' });
    const { data } = await tool.call(input, ctx, allow, 'm', () => {});
    return { data, tool };
  }

  it('BA10 past the budget the call returns with the task and the output so far, and says so to the model', async () => {
    const { data, tool } = await runWithBudget('echo before; sleep 3; echo after', 400);
    expect(data).toMatchObject({ backgroundedAfterMs: 400, stdout: 'before\n', exitCode: null });
    expect(data.backgroundedByUser).toBeUndefined();
    const id = data.backgroundTaskId!;
    const { content, isError } = tool.mapResult(data, 't');
    expect(isError).toBe(false);
    expect(String(content)).toBe(
      `before\nCommand was still running after 0.4s and was moved to the background with ID: ${id}. It keeps running; read its output with TaskOutput or stop it with TaskStop. Output is being written to: ${data.outputFile}`,
    );
    expect(await waitForTaskEnd(registry, id, 60_000)).toBe('ended');
    expect(readFileSync(data.outputFile!, 'utf8')).toBe('before\nafter\n');
  });

  it('BA10 a command that ends within the budget is an ordinary call', async () => {
    const { data } = await runWithBudget('echo quick', 10_000);
    expect(data).toMatchObject({ stdout: 'quick\n', exitCode: 0 });
    expect(data.backgroundTaskId).toBeUndefined();
    expect(registry.list()).toEqual([]);
  });
});
