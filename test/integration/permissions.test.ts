// The permission engine through the whole app (real engine, tools, settings files, fake model):
// "Always allow" saved to .claude/settings.local.json lets the next Write run unasked; a settings
// file edited mid-session applies to the next call; a policy that disables bypassPermissions wins.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PermissionReplyInput } from '../../src/shared/permissions/request';
import type { SessionEvent } from '../../src/shared/session-events';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Req = Extract<SessionEvent, { type: 'permission_request' }>;

describe('permissions in the app', () => {
  it('Always allow → saved to settings.local.json; the next Write runs without asking', async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_w1', name: 'Write', input: { file_path: path.join(h.projectDir, 'src', 'a.ts'), content: 'one\n' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_w2', name: 'Write', input: { file_path: path.join(h.projectDir, 'src', 'b.ts'), content: 'two\n' } }] },
      { content: [{ type: 'text', text: 'Both written.' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('write two files');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    expect(req.request).toMatchObject({ toolName: 'Write', suggestions: ['Edit(/src/a.ts)', 'Edit(/src/**)'] });
    expect(req.request.message).toBe('Asked because no rule allows writing src/a.ts.');
    const reply: PermissionReplyInput = { requestId: req.request.requestId, decision: 'allow_always', rule: 'Edit(/src/**)', destination: 'localSettings' };
    expect(await engine.sessions.replyPermission(h.projectDir, reply)).toBe(true);
    expect((await done).ok).toBe(true);

    expect(JSON.parse(readFileSync(path.join(h.projectDir, '.claude', 'settings.local.json'), 'utf8'))).toEqual({ permissions: { allow: ['Edit(/src/**)'] } });
    expect(h.events.filter((ev) => ev.type === 'permission_request')).toHaveLength(1);
    expect(h.states('toolu_w2')).toEqual(['validating', 'running', 'succeeded']);
    expect(readFileSync(path.join(h.projectDir, 'src', 'b.ts'), 'utf8')).toBe('two\n');

    // A new session (no session rule) is allowed by the saved file alone, with the file as its reason.
    const listing = await engine.permissions.list(h.projectDir);
    expect(listing.sources.find((s) => s.source === 'localSettings')).toMatchObject({ allow: ['Edit(/src/**)'] });
  });

  it('a settings file changed mid-session applies to the very next call (no restart)', async () => {
    h.server.push(
      { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'echo first' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_2', name: 'Bash', input: { command: 'echo second' } }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    // Before the turn: the file allows only `echo first`.
    h.projectSettings({ permissions: { allow: ['Bash(echo first)'] } });
    let edited = false;
    const off = engine.bus.subscribe((channel, payload) => {
      // As soon as the first call has run, someone edits the file.
      const ev = payload as SessionEvent;
      if (channel === 'session:event' && ev.type === 'tool_call' && ev.call.id === 'toolu_1' && ev.call.state === 'succeeded' && !edited) {
        edited = true;
        h.projectSettings({ permissions: { allow: ['Bash(echo first)', 'Bash(echo second)'] } });
      }
    });
    expect((await session.start('go').done).ok).toBe(true);
    off();
    expect(resultFor(h.server.requests[1]!.body, 'toolu_1')!.content).toBe('first');
    expect(resultFor(h.server.requests[2]!.body, 'toolu_2')!.content).toBe('second');
  });

  it('policy disableBypassPermissionsMode: --permission-mode bypassPermissions is refused with an error and default applies', async () => {
    writeFileSync(h.env.AGENT_DESK_MANAGED_SETTINGS!, JSON.stringify({ permissions: { disableBypassPermissionsMode: 'disable' } }));
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: 'touch made-by-bash' } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine({ headless: true, permissionMode: 'bypassPermissions' });
    const session = await engine.sessions.createSession(h.projectDir);
    expect(session.permissionMode()).toBe('default');
    expect(h.notices).toEqual([expect.stringContaining('bypassPermissions mode is disabled by policy')]);
    await session.start('go').done;
    const result = resultFor(h.server.requests[1]!.body, 'toolu_b')!;
    expect(result).toMatchObject({ is_error: true, content: expect.stringContaining('was not granted') });
  });

  it('a headless denial tells the model why when it is more than "no rule" (a compound command)', async () => {
    h.projectSettings({ permissions: { allow: ['Bash(echo:*)'] } });
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_c', name: 'Bash', input: { command: 'echo a && curl x' } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    await session.start('go').done;
    expect(resultFor(h.server.requests[1]!.body, 'toolu_c')!.content).toContain('`curl x` matched no rule');
  });
});
