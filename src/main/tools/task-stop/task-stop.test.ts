// TaskStop (BA10): stops a task of this session — its whole tree — with Claude Code's words; unknown,
// foreign and finished tasks are clear errors; the deprecated shell_id still works.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../../process/kill-tree';
import { createInMemoryTaskRegistry, type TaskInfo, type TaskRegistry } from '../../tasks/registry';
import { waitForTaskEnd } from '../../tasks/wait-for-end';
import { startBackgroundShell } from '../bash/background';
import type { CanUseTool } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';
import { createTaskStopTool } from './task-stop.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
let registry: TaskRegistry;

afterEach(async () => {
  await registry?.stopAll();
  project?.cleanup();
  project = undefined;
});

function start(command: string, sessionId = 'test-session'): TaskInfo {
  return startBackgroundShell({
    launch: { file: '/bin/bash', args: ['-c', command], cwd: project!.dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
    command,
    sessionId,
    outputDir: path.join(project!.dir, 'tasks'),
    registry,
  });
}

function setup() {
  project = tempProject();
  registry = createInMemoryTaskRegistry();
  const tool = createTaskStopTool({ tasks: registry });
  const run = async (raw: Record<string, unknown>) => {
    const input = tool.inputSchema().parse(raw);
    const valid = await tool.validateInput!(input, project!.ctx);
    if (!valid.result) return { error: valid.message };
    const { data } = await tool.call(input, project!.ctx, allow, 'm', () => undefined);
    return { data, text: String(tool.mapResult(data, 't').content) };
  };
  return { tool, run };
}

describe('TaskStop (BA10)', () => {
  it('BA10 stops the task and its children and says so as Claude Code does', async () => {
    const { run } = setup();
    const t = start('sleep 300 & echo "child=$!"; sleep 300');
    let child: number | undefined;
    while (child === undefined) {
      const m = /child=(\d+)/.exec(readFileSync(t.outputFile, 'utf8'));
      if (m) child = Number(m[1]);
      else await waitForTaskEnd(registry, t.id, 20);
    }
    const r = await run({ task_id: t.id });
    expect(r.text).toBe(`Successfully stopped task: ${t.id} (sleep 300 & echo "child=$!"; sleep 300)`);
    expect(registry.get(t.id)!.status).toBe('killed');
    expect(isProcessAlive(t.pid!)).toBe(false);
    expect(isProcessAlive(child)).toBe(false);
  });

  it('BA10 accepts Claude Code’s deprecated shell_id', async () => {
    const { run } = setup();
    const t = start('sleep 300');
    expect((await run({ shell_id: t.id })).text).toBe(`Successfully stopped task: ${t.id} (sleep 300)`);
  });

  it('BA10 unknown, another session’s, finished, or no id at all: a clear error', async () => {
    const { run } = setup();
    expect(await run({ task_id: 'bash_nope' })).toEqual({ error: 'No task found with ID: bash_nope' });
    const other = start('sleep 300', 'other-session');
    expect(await run({ task_id: other.id })).toEqual({ error: `No task found with ID: ${other.id}` });
    expect(registry.get(other.id)!.status).toBe('running');
    const done = start('true');
    await waitForTaskEnd(registry, done.id, 10_000);
    expect(await run({ task_id: done.id })).toEqual({ error: `Task ${done.id} is not running (status: completed)` });
    expect(await run({})).toEqual({ error: 'Missing required parameter: task_id' });
  });

  it('BA10 never asks: it only stops what this session started', async () => {
    const { tool } = setup();
    expect(await tool.checkPermissions({ task_id: 'x' }, project!.ctx)).toMatchObject({ behavior: 'allow' });
  });
});
