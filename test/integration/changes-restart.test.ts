// Issue 4 follow-up (UI2, DK4): the final snapshots of Write/Edit calls, structured output included,
// are saved with the transcript, so session:open after a restart (a new engine on the same data dir)
// still hands the Changes pane what it needs; calls of other tools are not saved.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/main/app/handlers';
import { createLogger } from '../../src/main/base/log';
import type { AuthService, HostPort } from '../../src/main/app/ports';
import { transcriptPath } from '../../src/main/engine/session-runtime';
import { createDispatcher } from '../../src/main/ipc/dispatch';
import type { Engine } from '../../src/main/app/engine';
import { EditOutput } from '../../src/shared/tools/edit';
import { WriteOutput } from '../../src/shared/tools/write';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

/** session:open through the real dispatcher, so the answer is checked against the contract too. */
async function openOver(engine: Engine, sessionId: string) {
  const handlers = createHandlers({ sessions: engine.sessions, auth: {} as AuthService, host: {} as HostPort, log: createLogger({ level: 'silent' }) });
  const dispatcher = createDispatcher({ ...handlers, log: createLogger({ level: 'silent' }) });
  const answer = await dispatcher.invoke('session:open', { sessionId }, { host: 'web', clientId: 'c1', projectDir: h.projectDir });
  if (!answer.ok) throw new Error(`session:open failed: ${JSON.stringify(answer.error)}`);
  return answer.value as { toolCalls: Array<{ id: string; name: string; state: string; result?: { data?: unknown } }>; messages: unknown[] };
}

describe('file-changing calls outlive a restart (UI2, DK4)', () => {
  it('a Write and an Edit come back from session:open in a new engine with their structured output; Bash does not', async () => {
    const file = path.join(h.projectDir, 'notes.md');
    h.server.push(
      {
        content: [
          { type: 'tool_use', id: 'toolu_write', name: 'Write', input: { file_path: file, content: 'one\ntwo\n' } },
          { type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: 'echo side note' } },
        ],
      },
      { content: [{ type: 'tool_use', id: 'toolu_edit', name: 'Edit', input: { file_path: file, old_string: 'two', new_string: 'three' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_miss', name: 'Edit', input: { file_path: file, old_string: 'nowhere', new_string: 'x' } }] },
      { content: [{ type: 'text', text: 'Written and edited.' }] },
    );
    const first = await h.engine({ allowedTools: ['Write', 'Edit', 'Bash'] });
    const session = await first.sessions.createSession(h.projectDir);
    expect((await session.start('write the notes').done).ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('one\nthree\n');
    const live = h.calls();
    expect(live.get('toolu_miss')?.state).toBe('failed');

    // The calls are on disk next to the messages, one line per final snapshot.
    type Line = { type: string; call?: { id: string }; blocks?: Array<{ id?: string }> };
    const lines = readFileSync(transcriptPath(h.dataDir, h.projectDir, session.id), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Line);
    expect(lines.filter((l) => l.type === 'tool_call')).toHaveLength(3);
    // Each snapshot is written when its call ends (PX5), after the call itself.
    for (const [i, l] of lines.entries()) {
      if (l.type === 'tool_call') expect(i).toBeGreaterThan(lines.findIndex((x) => x.type === 'reply_blocks' && x.blocks!.some((b) => b.id === l.call!.id)));
    }

    await first.dispose();
    const second = await h.engine();
    const opened = await openOver(second, session.id);
    expect(opened.messages).toHaveLength(8);
    expect(opened.toolCalls.map((c) => [c.id, c.name, c.state])).toEqual([
      ['toolu_write', 'Write', 'succeeded'],
      ['toolu_edit', 'Edit', 'succeeded'],
      ['toolu_miss', 'Edit', 'failed'],
    ]);
    // The same snapshots the first engine published, structured output and all.
    for (const c of opened.toolCalls) expect(c).toEqual(live.get(c.id));
    const write = WriteOutput.parse(opened.toolCalls[0]!.result?.data);
    expect(write).toMatchObject({ type: 'create', filePath: file, content: 'one\ntwo\n', originalFile: null });
    const edit = EditOutput.parse(opened.toolCalls[1]!.result?.data);
    expect(edit).toMatchObject({ filePath: file, originalFile: 'one\ntwo\n', oldString: 'two', newString: 'three', replacements: 1 });
    expect(edit.structuredPatch.flatMap((hunk) => hunk.lines)).toEqual([' one', '-two', '+three']);
  });

  it('a reopened session adds its new calls to the saved ones, and both survive the next restart', async () => {
    const file = path.join(h.projectDir, 'a.txt');
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_w1', name: 'Write', input: { file_path: file, content: 'alpha\n' } }] },
      { content: [{ type: 'text', text: 'Created.' }] },
    );
    const first = await h.engine({ allowedTools: ['Write', 'Edit'] });
    const session = await first.sessions.createSession(h.projectDir);
    expect((await session.start('create a.txt').done).ok).toBe(true);
    await first.dispose();

    // Second run: the stored call plus a live one.
    // (What a run has read is not remembered across restarts: the model reads before it edits.)
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_r1', name: 'Read', input: { file_path: file } }] },
      { content: [{ type: 'tool_use', id: 'toolu_e1', name: 'Edit', input: { file_path: file, old_string: 'alpha', new_string: 'beta' } }] },
      { content: [{ type: 'text', text: 'Edited.' }] },
    );
    const second = await h.engine({ allowedTools: ['Write', 'Edit'] });
    const resumed = await second.sessions.get(h.projectDir, session.id);
    expect((await resumed.start('now edit it').done).ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('beta\n');
    const during = await openOver(second, session.id);
    // Read is live only; the saved Write first, then this run's calls.
    expect(during.toolCalls.map((c) => [c.id, c.state])).toEqual([
      ['toolu_w1', 'succeeded'],
      ['toolu_r1', 'succeeded'],
      ['toolu_e1', 'succeeded'],
    ]);
    await second.dispose();

    const third = await h.engine();
    const after = await openOver(third, session.id);
    expect(after.toolCalls.map((c) => [c.id, c.state])).toEqual([
      ['toolu_w1', 'succeeded'],
      ['toolu_e1', 'succeeded'],
    ]);
    expect(EditOutput.parse(after.toolCalls[1]!.result?.data).originalFile).toBe('alpha\n');
  });
});
