// Background tasks headless, end to end (BA10): through `agent-desk -p` (real processes, fake model),
// the model starts a long command in the background, reads it with TaskOutput and stops it with
// TaskStop; a second run leaves one running and ends. Afterwards no process of either is alive —
// checked in /proc by the pids the commands printed and their process group, not by the registry.
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../fake-model/server';
import { runCli } from './cli-run';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

// The shell leads its own process group (a detached start): its pid is the group's id.
const COMMAND = 'sleep 300 & echo "shell=$$ child=$!"; sleep 300';

const text = (c: unknown) => (typeof c === 'string' ? c : JSON.stringify(c));
/** The task id the Bash result of call `id` announced. */
const taskIdIn = (req: RecordedRequest, id: string) => /with ID: (bash_[0-9a-f]+)/.exec(text(resultFor(req.body, id)?.content))?.[1] ?? 'missing';
const pidsIn = (req: RecordedRequest, id: string) => {
  const m = /shell=(\d+) child=(\d+)/.exec(text(resultFor(req.body, id)?.content));
  return m ? { shell: Number(m[1]), child: Number(m[2]) } : undefined;
};

/** Live (not zombie) processes whose pid is one of `pids` or whose process group is `pgid`, from /proc. */
function aliveIn(pids: number[], pgid: number): number[] {
  const alive: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so split after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z') continue;
    const pid = Number(name);
    if (pids.includes(pid) || Number(pgrp) === pgid) alive.push(pid);
  }
  return alive;
}

const bash = (id: string) => ({ content: [{ type: 'tool_use' as const, id, name: 'Bash', input: { command: COMMAND, run_in_background: true, description: 'Wait a long time' } }] });
const readTask = (id: string, after: string) => (req: RecordedRequest) => ({
  content: [{ type: 'tool_use' as const, id, name: 'TaskOutput', input: { task_id: taskIdIn(req, after), block: true, timeout: 1000 } }],
});

describe('background tasks headless (BA10)', () => {
  it('BA10 start, read, stop; a task left running ends with the run; no process survives', async () => {
    if (process.platform !== 'linux') return;
    let taskId = '';
    h.server.push(
      bash('toolu_bg1'),
      readTask('toolu_read1', 'toolu_bg1'),
      () => {
        taskId = taskIdIn(h.server.requests[1]!, 'toolu_bg1');
        return { content: [{ type: 'tool_use', id: 'toolu_stop1', name: 'TaskStop', input: { task_id: taskId } }] };
      },
      { content: [{ type: 'text', text: 'Stopped it.' }] },
    );
    const first = await runCli(h, ['-p', 'start and stop', '--allowedTools', 'Bash']);
    expect(first).toMatchObject({ code: 0, stdout: 'Stopped it.\n' });
    const reqs = h.server.requests;
    const read = text(resultFor(reqs[2]!.body, 'toolu_read1')?.content);
    expect(read).toContain('<retrieval_status>timeout</retrieval_status>');
    expect(read).toContain(`<task_id>${taskId}</task_id>`);
    expect(read).toContain('<status>running</status>');
    const pids1 = pidsIn(reqs[2]!, 'toolu_read1');
    expect(pids1).toBeDefined();
    expect(text(resultFor(reqs[3]!.body, 'toolu_stop1')?.content)).toBe(`Successfully stopped task: ${taskId} (${COMMAND})`);
    expect(aliveIn([pids1!.shell, pids1!.child], pids1!.shell)).toEqual([]);

    // Second run: the task is left running when the run ends.
    const before = reqs.length;
    h.server.push(bash('toolu_bg2'), readTask('toolu_read2', 'toolu_bg2'), { content: [{ type: 'text', text: 'Left it running.' }] });
    const second = await runCli(h, ['-p', 'start and leave', '--allowedTools', 'Bash']);
    expect(second).toMatchObject({ code: 0, stdout: 'Left it running.\n' });
    const pids2 = pidsIn(h.server.requests[before + 2]!, 'toolu_read2');
    expect(pids2).toBeDefined();
    expect(text(resultFor(h.server.requests[before + 2]!.body, 'toolu_read2')?.content)).toContain('<status>running</status>');
    expect(aliveIn([pids2!.shell, pids2!.child], pids2!.shell)).toEqual([]);
  }, 60_000);

  it('BA10 a command the person moved to the background outlives its turn, and ends with the session', async () => {
    if (process.platform !== 'linux') return;
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_fg', name: 'Bash', input: { command: COMMAND, description: 'Serve' } }] },
      { content: [{ type: 'text', text: 'It runs in the background now.' }] },
    );
    const engine = await h.engine({ allowedTools: ['Bash'] });
    const session = await engine.sessions.createSession(h.projectDir);
    const turn = session.start('serve it').done;
    // Once its first output is on screen, the person presses "Keep running in background".
    await h.waitFor((ev) => ev.type === 'tool_progress' && ev.callId === 'toolu_fg' && ev.progress.type === 'output');
    expect(await engine.sessions.backgroundCall(h.projectDir, session.id, 'toolu_fg')).toBe(true);
    expect((await turn).ok).toBe(true);
    const result = text(resultFor(h.server.requests[1]!.body, 'toolu_fg')?.content);
    expect(result).toMatch(/^shell=\d+ child=\d+\nCommand was manually backgrounded by user with ID: bash_[0-9a-f]+\. Output is being written to: /);
    const pids = pidsIn(h.server.requests[1]!, 'toolu_fg')!;
    // The turn is over; the command is not.
    expect(aliveIn([pids.shell, pids.child], pids.shell)).toEqual(expect.arrayContaining([pids.shell, pids.child]));
    expect(await engine.sessions.backgroundCall(h.projectDir, session.id, 'toolu_fg')).toBe(false);
    await session.dispose();
    expect(aliveIn([pids.shell, pids.child], pids.shell)).toEqual([]);
  }, 60_000);
});
