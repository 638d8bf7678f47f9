// Issue 19 through the whole app (real engine, fake model): SendUserMessage (Claude Code's Brief) is
// deferred to ToolSearch, runs without asking by its name or its alias Brief, and its attachments are
// checked against the working directory before the model is told the message was delivered.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

describe('SendUserMessage in the app (issue 19)', () => {
  it('issue 19 delivered with its attachment, by name and by the alias Brief; a missing file is an error', async () => {
    writeFileSync(path.join(h.projectDir, 'report.txt'), 'all green\n');
    h.server.push(
      {
        content: [
          { type: 'tool_use', id: 'toolu_m', name: 'SendUserMessage', input: { message: 'Tests pass. Report attached.', status: 'proactive', attachments: ['report.txt'] } },
          { type: 'tool_use', id: 'toolu_b', name: 'Brief', input: { message: 'Also: lint is clean.', status: 'normal' } },
          { type: 'tool_use', id: 'toolu_x', name: 'SendUserMessage', input: { message: 'See the log', status: 'normal', attachments: ['missing.log'] } },
        ],
      },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('run the tests and tell me').done).ok).toBe(true);
    const body = h.server.requests[1]!.body;
    expect(resultFor(body, 'toolu_m')!.content).toBe('Message delivered to user. (1 attachment included)');
    expect(resultFor(body, 'toolu_b')!.content).toBe('Message delivered to user.');
    expect(resultFor(body, 'toolu_x')).toMatchObject({ is_error: true, content: expect.stringContaining(`Attachment ${path.join(h.projectDir, 'missing.log')} does not exist.`) });
    expect(h.events.some((ev) => ev.type === 'permission_request')).toBe(false);
    expect(h.calls().get('toolu_m')!.result!.data).toMatchObject({ message: 'Tests pass. Report attached.', proactive: true, attachments: [{ path: path.join(h.projectDir, 'report.txt'), size: 10, isImage: false }] });
    // Deferred: announced by name in the system blocks, not in the tools array.
    expect(JSON.stringify(h.server.requests[0]!.body.system)).toContain('SendUserMessage');
    expect(h.server.requests[0]!.body.tools.map((t: { name: string }) => t.name)).not.toContain('SendUserMessage');
  });
});
