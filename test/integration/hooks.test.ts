// Hooks from a project's .claude/settings.json as real shell scripts, through the whole engine:
// PreToolUse allow / block (exit 2) / ask — headless (denied) and in the app (answered with
// replyPermission) — plus UserPromptSubmit, SessionStart and Stop around the turn (PL3, PL4, PL7).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/shared/session-events';
import { createHarness, resultFor, type Harness } from './harness';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

const PRE_TOOL = [
  'input=$(cat)',
  'case "$input" in',
  `  *'echo trusted'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"trusted by the hook"}}' ;;`,
  `  *'rm -rf'*) echo 'No deleting in this project. Use git clean -n to preview instead.' >&2; exit 2 ;;`,
  `  *'echo check me'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"the hook wants a person to look"}}' ;;`,
  'esac',
].join('\n');

function pushScript(): void {
  h.server.push(
    {
      content: [
        { type: 'tool_use', id: 'toolu_allow', name: 'Bash', input: { command: 'echo trusted' } },
        { type: 'tool_use', id: 'toolu_ask', name: 'Bash', input: { command: 'echo check me' } },
      ],
    },
    { content: [{ type: 'tool_use', id: 'toolu_block', name: 'Bash', input: { command: 'rm -rf build' } }] },
    { content: [{ type: 'text', text: 'Understood.' }] },
  );
}

function useHooks(): void {
  h.script('pre-tool.sh', PRE_TOOL);
  h.projectSettings({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '.claude/hooks/pre-tool.sh' }] }] } });
}

describe('PreToolUse hooks as shell scripts', () => {
  it('headless: allow runs without a rule, exit 2 sends stderr to the model, ask becomes a denial', async () => {
    useHooks();
    pushScript();
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('go').done).ok).toBe(true);

    const [, second, third] = h.server.requests.map((r) => r.body);
    expect(resultFor(second, 'toolu_allow')).toEqual({ type: 'tool_result', tool_use_id: 'toolu_allow', content: 'trusted' });
    const asked = resultFor(second, 'toolu_ask')!;
    expect(asked.is_error).toBe(true);
    expect(asked.content).toContain('agent-desk ran headless');
    expect(asked.content).toContain('--allowedTools "Bash(echo check me)"');
    const blocked = resultFor(third, 'toolu_block')!;
    expect(blocked.is_error).toBe(true);
    expect(blocked.content).toContain('No deleting in this project. Use git clean -n to preview instead.');
    expect(h.states('toolu_block')).toEqual(['validating', 'rejected']);
    expect(h.states('toolu_ask')).toEqual(['validating', 'awaiting_permission', 'rejected']);
    expect(existsSync(path.join(h.projectDir, 'build'))).toBe(false);
  });

  it('in the app: ask publishes a permission_request; replyPermission allows it; session:open shows it while pending', async () => {
    useHooks();
    pushScript();
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('go');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Extract<SessionEvent, { type: 'permission_request' }>;
    expect(req.request).toMatchObject({ toolUseId: 'toolu_ask', toolName: 'Bash', input: { command: 'echo check me' }, destructive: false });
    expect(req.request.message).toContain('the hook wants a person to look');

    // The allowed call runs beside the one that asks (both are read-only, TC2): wait for it to end.
    await h.waitFor((ev) => ev.type === 'tool_call' && ev.call.id === 'toolu_allow' && ev.call.state === 'succeeded');
    const opened = await engine.sessions.open(h.projectDir, session.id);
    expect(opened.status).toBe('running');
    expect(opened.pendingPermissions).toEqual([req.request]);
    expect(opened.toolCalls!.find((c) => c.id === 'toolu_ask')).toMatchObject({ state: 'awaiting_permission' });
    expect(opened.toolCalls!.find((c) => c.id === 'toolu_allow')).toMatchObject({ state: 'succeeded' });

    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: 'nope', decision: 'allow_once' })).toBe(false);
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'allow_once' })).toBe(true);
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: req.request.requestId, decision: 'deny' })).toBe(false);
    expect((await done).ok).toBe(true);

    expect(h.events.find((ev) => ev.type === 'permission_resolved')).toMatchObject({ requestId: req.request.requestId, decision: 'allow_once' });
    expect(h.states('toolu_ask')).toEqual(['validating', 'awaiting_permission', 'running', 'succeeded']);
    expect(resultFor(h.server.requests[1]!.body, 'toolu_ask')!.content).toBe('check me');
    expect(resultFor(h.server.requests[2]!.body, 'toolu_block')!.content).toContain('No deleting in this project.');
    expect((await engine.sessions.open(h.projectDir, session.id)).pendingPermissions).toEqual([]);
  });

  it('in the app: "always allow" saves a session rule; the next matching call runs without asking', async () => {
    h.server.push(
      // Commands that write (read-only ones run without asking, TC2).
      { content: [{ type: 'tool_use', id: 'toolu_a1', name: 'Bash', input: { command: 'touch first' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_a2', name: 'Bash', input: { command: 'touch second' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_a3', name: 'Bash', input: { command: 'mkdir third' } }] },
      { content: [{ type: 'text', text: 'ok' }] },
    );
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('go');
    const first = (await h.waitFor((ev) => ev.type === 'permission_request')) as Extract<SessionEvent, { type: 'permission_request' }>;
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: first.request.requestId, decision: 'allow_always', rule: 'Bash(touch:*)' })).toBe(true);
    const third = (await h.waitFor((ev) => ev.type === 'permission_request' && ev.request.toolUseId === 'toolu_a3')) as Extract<SessionEvent, { type: 'permission_request' }>;
    expect(await engine.sessions.replyPermission(h.projectDir, { requestId: third.request.requestId, decision: 'deny', feedback: 'no need for a folder' })).toBe(true);
    expect((await done).ok).toBe(true);
    expect(h.events.filter((ev) => ev.type === 'permission_request').map((ev) => ev.type === 'permission_request' && ev.request.toolUseId)).toEqual(['toolu_a1', 'toolu_a3']);
    expect(h.states('toolu_a2')).toEqual(['validating', 'running', 'succeeded']);
    const denied = resultFor(h.server.requests[3]!.body, 'toolu_a3')!;
    expect(denied).toMatchObject({ is_error: true, content: expect.stringContaining('no need for a folder') });
  });

  it('in the app: Stop while a permission is pending withdraws it (permission_resolved cancelled)', async () => {
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_wait', name: 'Bash', input: { command: 'touch hi' } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('go');
    const req = (await h.waitFor((ev) => ev.type === 'permission_request')) as Extract<SessionEvent, { type: 'permission_request' }>;
    // No hook, no rule: Bash asks by itself, suggesting the exact command first.
    expect(req.request.suggestions[0]).toBe('Bash(touch hi)');
    await session.stop();
    expect(await done).toMatchObject({ aborted: true });
    expect(h.events.filter((ev) => ev.type === 'permission_resolved')).toEqual([
      expect.objectContaining({ requestId: req.request.requestId, decision: 'cancelled' }),
    ]);
    expect(h.calls().get('toolu_wait')!.state).toBe('cancelled');
    expect((await session.start('again').done).ok).toBe(true);
  });
});

describe('session hooks', () => {
  it('UserPromptSubmit exit 2 blocks the prompt: an error event, nothing sent to the model', async () => {
    h.script('prompt.sh', 'input=$(cat); case "$input" in *secret*) echo "Prompts must not contain secrets." >&2; exit 2 ;; esac; echo "Ticket: AD-42"');
    h.projectSettings({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: '.claude/hooks/prompt.sh' }] }] } });
    h.server.push({ content: [{ type: 'text', text: 'noted' }] });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const blocked = await session.start('here is my secret').done;
    expect(blocked).toMatchObject({ ok: false, messages: [], error: { code: 'hook_blocked', message: expect.stringContaining('Prompts must not contain secrets.') } });
    expect(h.server.requests).toHaveLength(0);
    expect(session.transcript()).toEqual([]);
    expect(h.events.filter((ev) => ev.type === 'message')).toEqual([]);

    // An allowed prompt carries the hook's stdout as context, after the prompt, in the request only.
    expect((await session.start('plain question').done).ok).toBe(true);
    const content = h.server.requests[0]!.body.messages[0].content;
    expect(content[0]).toEqual({ type: 'text', text: 'plain question' });
    expect(content[1].text).toContain('Ticket: AD-42');
    expect(session.transcript()[0]!.content).toEqual([{ type: 'text', text: 'plain question' }]);
  });

  it('SessionStart adds context at the first turn; a Stop hook sends the model back to work once', async () => {
    h.script('start.sh', 'cat > /dev/null; echo "This repo uses pnpm."');
    h.script('stop.sh', 'input=$(cat); case "$input" in *\'"stop_hook_active":true\'*) exit 0 ;; esac; echo "Run the tests before you stop." >&2; exit 2');
    h.projectSettings({
      hooks: {
        SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: '.claude/hooks/start.sh' }] }],
        Stop: [{ hooks: [{ type: 'command', command: '.claude/hooks/stop.sh' }] }],
      },
    });
    h.server.push({ content: [{ type: 'text', text: 'Done.' }] }, { content: [{ type: 'text', text: 'Tests pass. Done.' }] });
    const engine = await h.engine();
    const session = await engine.sessions.createSession(h.projectDir);
    const outcome = await session.start('fix it').done;
    expect(outcome).toMatchObject({ ok: true, turns: 2 });
    const [first, second] = h.server.requests.map((r) => r.body);
    expect(first.messages[0].content[0].text).toContain('This repo uses pnpm.');
    expect(first.messages[0].content[1]).toEqual({ type: 'text', text: 'fix it' });
    expect(second.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'Stop hook feedback:\nRun the tests before you stop.' }] });
    // The context sits in the same place in every request (a stable, cacheable prefix).
    expect(second.messages[0]).toEqual(first.messages[0]);
  });

  it('a broken settings file is reported by name and line; the rest still loads', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.join(h.projectDir, '.claude'), { recursive: true });
    writeFileSync(path.join(h.projectDir, '.claude', 'settings.local.json'), '{\n  "permissions": {\n    "allow": ["Bash"],,\n  }\n}\n');
    h.projectSettings({ permissions: { allow: ['Bash(echo from project)'] } });
    h.server.push({ content: [{ type: 'tool_use', id: 'toolu_p', name: 'Bash', input: { command: 'echo from project' } }] }, { content: [{ type: 'text', text: 'ok' }] });
    const engine = await h.engine({ headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('go').done).ok).toBe(true);
    const local = path.join(h.projectDir, '.claude', 'settings.local.json');
    expect(h.notices).toEqual([expect.stringMatching(new RegExp(`^Settings file ${local.replace(/[.]/g, '\\.')} is not valid JSON at line 3, column \\d+`))]);
    expect(resultFor(h.server.requests[1]!.body, 'toolu_p')!.content).toBe('from project');
  });
});
