// TaskOutput (BA10): new output since the last read, status and exit code, blocking until the end or
// the timeout, Stop ends the wait, unknown and other sessions' ids are errors.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInMemoryTaskRegistry, type TaskRegistry } from '../../tasks/registry';
import { createOutputReader } from '../../tasks/output-reader';
import { startBackgroundShell } from '../bash/background';
import type { CanUseTool } from '../core/tool';
import { tempProject, type TempProject } from '../core/test-project';
import { createTaskOutputTool } from './task-output.tool';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
let project: TempProject | undefined;
let registry: TaskRegistry;

afterEach(async () => {
  await registry?.stopAll();
  project?.cleanup();
  project = undefined;
});

function start(command: string, sessionId = 'test-session') {
  return startBackgroundShell({
    launch: { file: '/bin/bash', args: ['-c', command], cwd: project!.dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
    command,
    sessionId,
    outputDir: path.join(project!.dir, 'tasks'),
    registry,
  });
}

function setup(maxBytes?: number) {
  project = tempProject();
  registry = createInMemoryTaskRegistry();
  const tool = createTaskOutputTool({ tasks: registry, reader: createOutputReader(maxBytes) });
  const run = async (raw: Record<string, unknown>) => {
    const input = tool.inputSchema().parse(raw);
    const valid = await tool.validateInput!(input, project!.ctx);
    if (!valid.result) return { error: valid.message };
    const { data } = await tool.call(input, project!.ctx, allow, 'm', () => undefined);
    return { data, text: String(tool.mapResult(data, 't').content) };
  };
  return { tool, run };
}

describe('TaskOutput (BA10)', () => {
  it('BA10 input fields and defaults are Claude Code’s: task_id, block=true, timeout=30000 (max 600000)', () => {
    const { tool } = setup();
    expect(tool.inputSchema().parse({ task_id: 'x' })).toEqual({ task_id: 'x', block: true, timeout: 30_000 });
    expect(() => tool.inputSchema().parse({ task_id: 'x', timeout: 600_001 })).toThrow();
    expect(tool.isReadOnly({ task_id: 'x', block: true, timeout: 1 })).toBe(true);
    expect(tool.isConcurrencySafe({ task_id: 'x', block: true, timeout: 1 })).toBe(true);
  });

  it('BA10 block waits for the end and returns status, exit code and output in Claude Code’s shape', async () => {
    const { run } = setup();
    const t = start('echo one; echo two >&2; exit 3');
    const r = await run({ task_id: t.id });
    expect(r.data).toMatchObject({ retrievalStatus: 'success', status: 'failed', exitCode: 3, output: 'one\ntwo\n', newLines: 2, omittedBytes: 0 });
    expect(r.text).toBe(
      `<retrieval_status>success</retrieval_status>\n\n<task_id>${t.id}</task_id>\n\n<task_type>local_bash</task_type>\n\n` +
        '<status>failed</status>\n\n<exit_code>3</exit_code>\n\n<output>\none\ntwo\n</output>',
    );
    // A second read has nothing new.
    expect((await run({ task_id: t.id })).text).toContain('<output>(no new output)</output>');
  });

  it('BA10 block=false on a running task is not_ready with what it wrote so far; then only the new part', async () => {
    const { run } = setup();
    const t = start('echo first; sleep 300');
    // Until "first" is in the file: short blocking reads, each ending on its timeout.
    let r = await run({ task_id: t.id, block: false });
    while (r.data!.output === '') r = await run({ task_id: t.id, block: true, timeout: 20 });
    expect(r.data).toMatchObject({ status: 'running', output: 'first\n', newLines: 1 });
    expect(r.text).toContain('<status>running</status>');
    expect(r.text).not.toContain('<exit_code>');
    const again = await run({ task_id: t.id, block: false });
    expect(again.data).toMatchObject({ retrievalStatus: 'not_ready', output: '' });
  });

  it('BA10 a blocking read of a task still running after the timeout says timeout', async () => {
    const { run } = setup();
    const t = start('sleep 300');
    const r = await run({ task_id: t.id, timeout: 50 });
    expect(r.data).toMatchObject({ retrievalStatus: 'timeout', status: 'running' });
  });

  it('BA10 Stop ends the wait at once', async () => {
    const { tool } = setup();
    const t = start('sleep 300');
    const input = tool.inputSchema().parse({ task_id: t.id, timeout: 600_000 });
    const pending = tool.call(input, project!.ctx, allow, 'm', () => undefined);
    project!.abort.abort();
    await expect(pending).rejects.toThrow(/Stopped while waiting/);
    expect(registry.get(t.id)!.status).toBe('running');
  });

  it('BA10 more new output than the bound: the newest part, how much was left out and where the file is', async () => {
    const { run } = setup(64);
    const t = start('for i in $(seq 1 100); do echo "line $i"; done');
    const r = await run({ task_id: t.id });
    expect(r.data!.output.endsWith('line 100\n')).toBe(true);
    expect(r.data!.output.length).toBeLessThanOrEqual(64);
    expect(r.data!.omittedBytes).toBeGreaterThan(0);
    expect(r.text).toContain(`of new output before what is shown were left out; the full output is in ${t.outputFile}`);
  });

  it('BA10 an unknown id, or another session’s task, is a clear error', async () => {
    const { run } = setup();
    expect(await run({ task_id: 'bash_nope' })).toEqual({ error: 'No task found with ID: bash_nope' });
    const other = start('sleep 300', 'other-session');
    expect(await run({ task_id: other.id })).toEqual({ error: `No task found with ID: ${other.id}` });
  });
});
