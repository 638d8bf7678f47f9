// BA10 in the transcript: TaskOutput is one line ("Read the output of “…”", "Still running, 12 new
// lines") opening to the new output in its colours; TaskStop says what it stopped; a Bash card says it
// runs in the background with its task id, and a running command offers "Keep running in background".
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BashOutput } from '../../../../shared/tools/bash';
import type { TaskOutputData } from '../../../../shared/tools/task-output';
import type { TaskStopData } from '../../../../shared/tools/task-stop';
import type { ToolCallView } from '../../../../shared/tools/tool-call';
import { createStores } from '../../stores/create-stores';
import { StoresProvider } from '../../stores/react';
import { createFakeBridge } from '../../testing/fake-bridge';
import { ToolCallCardView } from '../../transcript/ToolCallCard';

const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const card = (name: string, input: unknown, state: ToolCallView['state'], data?: unknown, resultText = ''): ToolCallView => ({
  id: `toolu_${name}`,
  name,
  userFacingName: name,
  messageId: 'm1',
  input,
  state,
  ...(data !== undefined ? { result: { text: resultText, isError: false, data } } : {}),
});
const taskData = (over: Partial<TaskOutputData> = {}): TaskOutputData => ({
  retrievalStatus: 'not_ready',
  taskId: 'bash_1a2b3c4d',
  taskType: 'local_bash',
  command: 'npm run dev',
  status: 'running',
  output: Array.from({ length: 12 }, (_, i) => `\u001b[32mready\u001b[0m line ${i + 1}`).join('\n') + '\n',
  newLines: 12,
  omittedBytes: 0,
  outputFile: '/data/tasks/bash_1a2b3c4d.output',
  ...over,
});
const render = (call: ToolCallView) => renderToStaticMarkup(<ToolCallCardView call={call} progress={undefined} />);

describe('BA10 TaskOutput card', () => {
  it('BA10 one line: what it read and how the task is, the output folded behind Show output', () => {
    const html = render(card('TaskOutput', { task_id: 'bash_1a2b3c4d' }, 'succeeded', taskData()));
    expect(text(html)).toContain('Read the output of “npm run dev”');
    expect(text(html)).toContain('Still running, 12 new lines');
    expect(html).toContain('aria-expanded="false"');
    expect(text(html)).toContain('Show output');
  });

  it('BA10 finished and failed tasks, nothing new, and a left-out part with the file', () => {
    expect(text(render(card('TaskOutput', { task_id: 'x' }, 'succeeded', taskData({ status: 'completed', exitCode: 0, newLines: 1, output: 'ok\n' }))))).toContain('Finished, 1 new line');
    expect(text(render(card('TaskOutput', { task_id: 'x' }, 'succeeded', taskData({ status: 'failed', exitCode: 2 }))))).toContain('Failed (error 2), 12 new lines');
    const quiet = text(render(card('TaskOutput', { task_id: 'x' }, 'succeeded', taskData({ output: '', newLines: 0 }))));
    expect(quiet).toContain('Still running, nothing new');
    expect(quiet).toContain('It printed nothing new since the last look.');
    const cut = text(render(card('TaskOutput', { task_id: 'x' }, 'succeeded', taskData({ omittedBytes: 2048 }))));
    expect(cut).toContain('Only the newest part is shown; 2 KB before it were left out. All of it is in /data/tasks/bash_1a2b3c4d.output');
  });

  it('BA10 while it waits, and when the id is unknown', () => {
    const waiting = text(render(card('TaskOutput', { task_id: 'bash_1a2b3c4d' }, 'running')));
    expect(waiting).toContain('Check on background task bash_1a2b3c4d');
    expect(waiting).toContain('Waiting for it…');
  });
});

describe('BA10 TaskStop card', () => {
  it('BA10 says what it stopped', () => {
    const data: TaskStopData = { message: 'Successfully stopped task: bash_1 (npm run dev)', taskId: 'bash_1', taskType: 'local_bash', command: 'npm run dev' };
    const t = text(render(card('TaskStop', { task_id: 'bash_1' }, 'succeeded', data, data.message)));
    expect(t).toContain('Stopped “npm run dev”');
    expect(t).not.toContain('Show output');
  });
});

describe('BA10 Bash cards of background commands', () => {
  const out = (over: Partial<BashOutput>): BashOutput => ({ stdout: '', stderr: '', exitCode: null, interrupted: false, timedOut: false, timeoutMs: 120_000, cwd: '/p', ...over });

  it('BA10 started in the background: says so with its task id, no "saved output" line', () => {
    const t = text(render(card('Bash', { command: 'npm run dev', run_in_background: true }, 'succeeded', out({ backgroundTaskId: 'bash_9', outputFile: '/t/bash_9.output' }))));
    expect(t).toContain('Started in the background');
    expect(t).toContain('Runs in the background: it keeps running, listed under Running programs and in the to-do list, where you can stop it; the assistant can check on it or stop it too.');
    expect(t).not.toContain('bash_9');
    expect(t).not.toContain('too long to keep here');
  });

  it('BA10 moved by the person: its own words', () => {
    const t = text(render(card('Bash', { command: 'npm run dev' }, 'succeeded', out({ backgroundTaskId: 'bash_9', backgroundedByUser: true, stdout: 'ready\n', outputFile: '/t/bash_9.output' }))));
    expect(t).toContain('Moved to the background');
    expect(t).toContain('Moved to the background: it keeps running, listed under Running programs');
  });

  it('BA10 moved by assistant mode after 15 s: says it moved by itself', () => {
    const t = text(render(card('Bash', { command: 'npm run build' }, 'succeeded', out({ backgroundTaskId: 'bash_7', backgroundedAfterMs: 15_000, outputFile: '/t/bash_7.output' }))));
    expect(t).toContain('Moved to the background');
    expect(t).toContain('Still running after 15s, so it moved to the background by itself: it keeps running, listed under Running programs');
  });

  it('BA10 a running foreground command offers "Keep running in background"; a background one does not', () => {
    const stores = createStores(createFakeBridge());
    const html = (input: unknown) =>
      renderToStaticMarkup(
        <StoresProvider stores={stores}>
          <ToolCallCardView call={card('Bash', input, 'running')} progress={undefined} />
        </StoresProvider>,
      );
    expect(html({ command: 'npm run dev' })).toMatch(/<button type="button" class="button button--small">Keep running in background<\/button>/);
    expect(html({ command: 'npm run dev', run_in_background: true })).not.toContain('Keep running in background');
  });

  it('BA10 the button’s action asks main for the open conversation’s call (session:background-call)', async () => {
    const bridge = createFakeBridge();
    bridge.handle('session:background-call', () => ({ moved: true }));
    const stores = createStores(bridge);
    stores.sessions.setState({ currentId: 's1' });
    expect(await stores.sessions.getState().backgroundCall('toolu_7')).toBe(true);
    expect(bridge.calls.filter((c) => c.channel === 'session:background-call')).toEqual([{ channel: 'session:background-call', request: { sessionId: 's1', toolUseId: 'toolu_7' } }]);
  });
});
