// Issue 19 through the whole app (real engine, fake model): Config reads a setting without asking; a
// change asks with its own words (which setting, now and after, which file) and, once approved, the
// very next request uses the new model; a denied change writes nothing; an unknown setting is an error
// the model reads; Config is deferred to ToolSearch (AS5).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/shared/session-events';
import { createHarness, resultFor, type Harness } from './harness';

type Req = Extract<SessionEvent, { type: 'permission_request' }>;
let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

describe('Config in the app (issue 19)', () => {
  it('issue 19 reads without asking; a change asks with its own words and the next request uses the new model', async () => {
    h.server.push(
      {
        content: [
          { type: 'tool_use', id: 'toolu_get', name: 'Config', input: { setting: 'model' } },
          { type: 'tool_use', id: 'toolu_bad', name: 'Config', input: { setting: 'theme', value: 'dark' } },
        ],
      },
      { content: [{ type: 'tool_use', id: 'toolu_set', name: 'Config', input: { setting: 'model', value: 'opus' } }] },
      { content: [{ type: 'text', text: 'Switched.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('use opus from now on');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    expect(req.request.toolName).toBe('Config');
    const file = path.join(h.dataDir, 'settings.json');
    expect(req.request.described).toEqual({
      title: 'Allow the assistant to change a setting?',
      summary: 'Change “AI model” from “claude-sonnet-5” to “claude-opus-4-5”',
      details: expect.arrayContaining([
        { label: 'Now', value: 'claude-sonnet-5' },
        { label: 'After', value: 'claude-opus-4-5 (what “opus” stands for)' },
        { label: 'File that will change', value: `${file} — Agent Desk's own settings` },
      ]),
    });
    expect(existsSync(file)).toBe(false);
    await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'allow_once' });
    expect((await done).ok).toBe(true);
    const second = h.server.requests[1]!.body;
    expect(resultFor(second, 'toolu_get')!.content).toBe("model = \"claude-sonnet-5\"\nclaude-sonnet-5 is Agent Desk's default; no model is set.");
    expect(resultFor(second, 'toolu_bad')).toMatchObject({ is_error: true, content: expect.stringContaining('"theme" is a Claude Code setting Agent Desk does not have') });
    expect(resultFor(h.server.requests[2]!.body, 'toolu_set')!.content).toBe(`Set model to "claude-opus-4-5"\nSaved in ${file}.`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ model: 'claude-opus-4-5' });
    // Only the one change asked; the next message goes to the new model.
    expect(h.events.filter((ev) => ev.type === 'permission_request')).toHaveLength(1);
    h.server.push({ content: [{ type: 'text', text: 'hi' }] });
    await session.start('hello').done;
    expect(h.server.requests[3]!.body.model).toBe('claude-opus-4-5');
    // Deferred: announced by name in the system blocks, not in the tools array.
    expect(JSON.stringify(h.server.requests[0]!.body.system)).toContain('Config');
    expect(h.server.requests[0]!.body.tools.map((t: { name: string }) => t.name)).not.toContain('Config');
  });

  it('issue 19 a denied change of the default permission mode writes nothing and the model is told', async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_mode', name: 'Config', input: { setting: 'permissions.defaultMode', value: 'acceptEdits' } }] },
      { content: [{ type: 'text', text: 'Left as it is.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('stop asking me about edits');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    const userFile = path.join(h.home, '.claude', 'settings.json');
    expect(req.request.described?.details).toContainEqual({ label: 'File that will change', value: `${userFile} — your settings for all projects, shared with Claude Code` });
    await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'deny', feedback: 'not now' });
    expect((await done).ok).toBe(true);
    expect(resultFor(h.server.requests[1]!.body, 'toolu_mode')).toMatchObject({ is_error: true, content: expect.stringContaining('not now') });
    expect(existsSync(userFile)).toBe(false);
  });
});
