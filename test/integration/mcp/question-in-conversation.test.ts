// A connected tool's question belongs to the conversation whose call is running on that server (issue 17
// item 6): through the real engine, a stdio server asks while the model's call runs, the question is a
// permission request of that session and call — the inbox, the row and the window title count it — and
// the answer given with its form reaches the server, whose reply goes to the model.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MCP_QUESTION_REQUEST_NAME } from '../../../src/shared/mcp-question';
import type { SessionEvent } from '../../../src/shared/session-events';
import { createHarness, resultFor, type Harness } from '../harness';

const SERVER = path.join(__dirname, 'asking-server.mjs');
let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Req = Extract<SessionEvent, { type: 'permission_request' }>;

describe("a connected tool's question in a conversation (issue 17 item 6)", () => {
  it("is a request of the session whose call runs on the server, answered with the form's values", async () => {
    writeFileSync(path.join(h.projectDir, '.mcp.json'), JSON.stringify({ mcpServers: { asking: { command: process.execPath, args: [SERVER] } } }));
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_book', name: 'mcp__asking__book_table', input: {} }] }, { content: [{ type: 'text', text: 'Booked.' }] });
    const engine = await h.engine({ permissionMode: 'bypassPermissions' });
    await engine.mcp.forProject(h.projectDir).ready();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('Book a table');

    const { request } = (await h.waitFor((ev) => ev.type === 'permission_request' && ev.request.toolName === MCP_QUESTION_REQUEST_NAME)) as Req;
    expect(request).toMatchObject({ sessionId: session.id, toolUseId: 'toolu_book', input: { server: 'asking', message: 'Booking a table at Chez Ada: who is coming?' } });
    expect(request.origin).toBeUndefined();
    expect(engine.mcpElicitations!.pending(h.projectDir).map((r) => r.requestId)).toEqual([request.requestId]);
    const content = { name: 'Ada', guests: 3, vegetarian: false };
    expect(engine.mcpElicitations!.reply(h.projectDir, { requestId: request.requestId, decision: 'allow_once', updatedInput: { answer: { action: 'accept', content } } })).toBe(true);
    expect((await done).ok).toBe(true);
    expect(resultFor(h.server.requests[1]!.body, 'toolu_book')!.content).toBe(`accept ${JSON.stringify(content)}`);
    expect(h.events.some((ev) => ev.type === 'permission_resolved' && ev.requestId === request.requestId && ev.sessionId === session.id)).toBe(true);
  });
});
