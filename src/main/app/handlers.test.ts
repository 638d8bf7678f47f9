// Issue 5 item 6 (approval inbox): permission:reply-many applies each reply in order through the same
// path as permission:reply (per-request accepted flag, never a throw); permission:pending lists the
// project's waiting requests. Both need a project (PL4e). Issue 13 item 3: permission:undo-always takes
// a rule out of the session and the settings file it was saved to, and refuses bad input untouched.
import { chmod, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import nodePath from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionReplyInput, PermissionRequestView } from '../../shared/permissions/request';
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { SessionStatus } from '../../shared/transcript';
import type { HandlerContext } from '../ipc/context';
import { createDispatcher } from '../ipc/dispatch';
import { createHandlers } from './handlers';
import { createLogger } from '../base/log';
import { IpcFailure } from '../../shared/ipc/errors';
import type { AuthService, HostPort, PermissionService, SessionService } from './ports';

const ctx: HandlerContext = { host: 'web', clientId: 'c', projectDir: '/p' };
const view = (requestId: string, createdAt: number): PermissionRequestView => ({
  requestId,
  sessionId: 's',
  toolUseId: `tu_${requestId}`,
  toolName: 'Read',
  input: {},
  message: 'm',
  suggestions: [],
  destructive: false,
  createdAt,
});

function setup(sessions: Partial<SessionService>) {
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const handlers = createHandlers({ sessions: sessions as SessionService, auth: {} as AuthService, host: {} as HostPort, log });
  return { log, dispatcher: createDispatcher({ ...handlers, log: createLogger({ level: 'silent' }) }) };
}

describe('issue 5 item 6: permission:reply-many', () => {
  it('applies each reply in order through replyPermission; accepted per request; a throwing reply is false and the rest still apply', async () => {
    const seen: PermissionReplyInput[] = [];
    const { dispatcher, log } = setup({
      replyPermission: async (dir, reply) => {
        expect(dir).toBe('/p');
        seen.push(reply);
        if (reply.requestId === 'boom') throw new Error('broken');
        return reply.requestId !== 'stale';
      },
    });
    const replies: PermissionReplyInput[] = [
      { requestId: 'a', decision: 'allow_once' },
      { requestId: 'stale', decision: 'deny' },
      { requestId: 'boom', decision: 'allow_once' },
      { requestId: 'b', decision: 'deny', feedback: 'no' },
    ];
    const r = await dispatcher.invoke('permission:reply-many', { replies }, ctx);
    expect(r).toEqual({
      ok: true,
      value: {
        results: [
          { requestId: 'a', accepted: true },
          { requestId: 'stale', accepted: false },
          { requestId: 'boom', accepted: false },
          { requestId: 'b', accepted: true },
        ],
      },
    });
    expect(seen).toEqual(replies);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('without a project: no_project; an empty or malformed list: invalid_input', async () => {
    const replyPermission = vi.fn(async () => true);
    const { dispatcher } = setup({ replyPermission });
    expect(await dispatcher.invoke('permission:reply-many', { replies: [{ requestId: 'a', decision: 'allow_once' }] }, { ...ctx, projectDir: null })).toMatchObject({ ok: false, error: { code: 'no_project' } });
    expect(await dispatcher.invoke('permission:reply-many', { replies: [] }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.invoke('permission:reply-many', { replies: [{ requestId: 'a', decision: 'maybe' }] }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(replyPermission).not.toHaveBeenCalled();
  });
});

describe('issue 5 item 6: permission:pending', () => {
  it('answers the service’s list for the caller’s project', async () => {
    const pendingPermissions = vi.fn(async () => [view('old', 1), view('new', 2)]);
    const { dispatcher } = setup({ pendingPermissions });
    expect(await dispatcher.invoke('permission:pending', {}, ctx)).toEqual({ ok: true, value: { requests: [view('old', 1), view('new', 2)] } });
    expect(pendingPermissions).toHaveBeenCalledWith('/p');
  });

  it('a service that cannot hold requests answers an empty list; no project is no_project', async () => {
    const { dispatcher } = setup({});
    expect(await dispatcher.invoke('permission:pending', {}, ctx)).toEqual({ ok: true, value: { requests: [] } });
    expect(await dispatcher.invoke('permission:pending', {}, { ...ctx, projectDir: null })).toMatchObject({ ok: false, error: { code: 'no_project' } });
  });
});

describe('PX6: changes:revert and changes:open', () => {
  async function project() {
    const dir = await realpath(await mkdtemp(nodePath.join(os.tmpdir(), 'agent-desk-changes-')));
    const file = nodePath.join(dir, 'a.txt');
    await writeFile(file, 'after\n');
    const edit: ToolCallView = {
      id: 't1', name: 'Write', userFacingName: 'Write', kind: 'edit', messageId: 'm', input: {}, state: 'succeeded', endedAt: 1,
      result: { text: 'ok', isError: false, data: { type: 'update', filePath: file, content: 'after\n', originalFile: 'before\n', structuredPatch: [] } },
    };
    return { dir, file, edit, done: () => rm(dir, { recursive: true, force: true }) };
  }
  function changesSetup(dir: string, calls: ToolCallView[], status: SessionStatus = 'idle', host: Partial<HostPort> = {}) {
    const open = vi.fn(async () => ({ session: {} as never, messages: [], status, toolCalls: calls }));
    const sessions = { open, workingDirectories: async () => [dir] } as unknown as SessionService;
    const handlers = createHandlers({ sessions, auth: {} as AuthService, host: host as HostPort, log: createLogger({ level: 'silent' }) });
    return { open, dispatcher: createDispatcher({ ...handlers, log: createLogger({ level: 'silent' }) }), ctx: { ...ctx, projectDir: dir } };
  }

  it('reverts from the session’s own calls, per file; contents in the payload are refused as invalid_input', async () => {
    const p = await project();
    const { dispatcher, open, ctx: c } = changesSetup(p.dir, [p.edit]);
    expect(await dispatcher.invoke('changes:revert', { sessionId: 's', paths: [p.file], content: 'evil' }, c)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatcher.invoke('changes:revert', { sessionId: 's', paths: 'some' }, c)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const r = await dispatcher.invoke('changes:revert', { sessionId: 's', paths: 'all' }, c);
    expect(r).toEqual({ ok: true, value: { files: [{ path: p.file, outcome: 'restored', message: expect.any(String), canOverwrite: false }] } });
    expect(open).toHaveBeenCalledWith(p.dir, 's');
    expect(await readFile(p.file, 'utf8')).toBe('before\n');
    await p.done();
  });

  it('while the assistant works: busy, nothing written; without a project: no_project', async () => {
    const p = await project();
    const { dispatcher, ctx: c } = changesSetup(p.dir, [p.edit], 'running');
    expect(await dispatcher.invoke('changes:revert', { sessionId: 's', paths: 'all' }, c)).toMatchObject({ ok: false, error: { code: 'busy' } });
    expect(await dispatcher.invoke('changes:revert', { sessionId: 's', paths: 'all' }, { ...c, projectDir: null })).toMatchObject({ ok: false, error: { code: 'no_project' } });
    expect(await readFile(p.file, 'utf8')).toBe('after\n');
    await p.done();
  });

  it('changes:open: unsupported without the desktop host; only files the session changed; a runnable file is shown in its folder', async () => {
    const p = await project();
    expect(await changesSetup(p.dir, [p.edit]).dispatcher.invoke('changes:open', { sessionId: 's', path: p.file }, { ...ctx, projectDir: p.dir })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    const host = { openPath: vi.fn(async () => undefined), showInFolder: vi.fn() };
    const script = nodePath.join(p.dir, 'run.sh');
    await writeFile(script, 'echo hi\n');
    const scriptEdit = { ...p.edit, id: 't2', result: { text: 'ok', isError: false, data: { type: 'create', filePath: script, content: 'echo hi\n', originalFile: null, structuredPatch: [] } } };
    // Opening is harmless while the assistant works.
    const { dispatcher, ctx: c } = changesSetup(p.dir, [p.edit, scriptEdit], 'running', host);
    expect(await dispatcher.invoke('changes:open', { sessionId: 's', path: p.file }, c)).toEqual({ ok: true, value: { shown: 'file' } });
    expect(host.openPath).toHaveBeenCalledWith(p.file);
    expect(await dispatcher.invoke('changes:open', { sessionId: 's', path: script }, c)).toEqual({ ok: true, value: { shown: 'folder' } });
    expect(host.showInFolder).toHaveBeenCalledWith(script);
    expect(await dispatcher.invoke('changes:open', { sessionId: 's', path: '/etc/passwd' }, c)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await chmod(p.file, 0o755);
    expect(await dispatcher.invoke('changes:open', { sessionId: 's', path: p.file }, c)).toEqual({ ok: true, value: { shown: 'folder' } });
    expect(host.openPath).toHaveBeenCalledTimes(1);
    await p.done();
  });
});

describe('issue 13 item 3: permission:undo-always', () => {
  function undoSetup(opts: { sessionRules?: string[]; fileRules?: Partial<Record<'localSettings' | 'projectSettings' | 'userSettings', string[]>> } = {}) {
    const sessionRules = new Set(opts.sessionRules ?? []);
    const files = { localSettings: [], projectSettings: [], userSettings: [], ...opts.fileRules } as Record<string, string[]>;
    const forgetRule = vi.fn(async (_dir: string, sessionId: string, rule: string) => {
      if (sessionId !== 's1') throw new IpcFailure({ code: 'not_found', message: `No session ${sessionId} in this project.` });
      return sessionRules.delete(rule);
    });
    const remove = vi.fn(async (_dir: string, edit: { source: string; behavior: string; rule: string }) => {
      const list = files[edit.source]!;
      if (!list.includes(edit.rule)) throw new IpcFailure({ code: 'not_found', message: `no ${edit.behavior} rule "${edit.rule}"` });
      files[edit.source] = list.filter((r) => r !== edit.rule);
      return {} as never;
    });
    const permissions = { remove } as unknown as PermissionService;
    const handlers = createHandlers({ sessions: { forgetRule } as unknown as SessionService, auth: {} as AuthService, host: {} as HostPort, log: createLogger({ level: 'silent' }), permissions });
    return { forgetRule, remove, sessionRules, files, dispatcher: createDispatcher({ ...handlers, log: createLogger({ level: 'silent' }) }) };
  }

  it('a rule saved to a settings file goes from the session and from that file only', async () => {
    const u = undoSetup({ sessionRules: ['Bash(touch:*)'], fileRules: { localSettings: ['Bash(touch:*)', 'Bash(ls)'], userSettings: ['Bash(touch:*)'] } });
    const r = await u.dispatcher.invoke('permission:undo-always', { sessionId: 's1', rule: ' Bash(touch:*) ', destination: 'localSettings' }, ctx);
    expect(r).toEqual({ ok: true, value: { undone: true, session: true, file: true } });
    expect(u.forgetRule).toHaveBeenCalledWith('/p', 's1', 'Bash(touch:*)');
    expect(u.remove).toHaveBeenCalledWith('/p', { source: 'localSettings', behavior: 'allow', rule: 'Bash(touch:*)' });
    expect(u.sessionRules.size).toBe(0);
    expect(u.files).toEqual({ localSettings: ['Bash(ls)'], projectSettings: [], userSettings: ['Bash(touch:*)'] });
  });

  it('a session-only rule goes from the session; no file is touched', async () => {
    const u = undoSetup({ sessionRules: ['Bash(touch:*)'], fileRules: { localSettings: ['Bash(touch:*)'] } });
    expect(await u.dispatcher.invoke('permission:undo-always', { sessionId: 's1', rule: 'Bash(touch:*)', destination: 'session' }, ctx)).toEqual({
      ok: true,
      value: { undone: true, session: true, file: false },
    });
    expect(u.remove).not.toHaveBeenCalled();
    expect(u.files.localSettings).toEqual(['Bash(touch:*)']);
  });

  it('a rule that is in neither place: undone false, nothing changed; already gone from the file: the session rule still goes', async () => {
    const u = undoSetup({ sessionRules: ['Bash(ls)'], fileRules: { projectSettings: ['Bash(ls)'] } });
    expect(await u.dispatcher.invoke('permission:undo-always', { sessionId: 's1', rule: 'Bash(rm:*)', destination: 'projectSettings' }, ctx)).toEqual({
      ok: true,
      value: { undone: false, session: false, file: false },
    });
    expect([...u.sessionRules]).toEqual(['Bash(ls)']);
    expect(u.files.projectSettings).toEqual(['Bash(ls)']);
    expect(await u.dispatcher.invoke('permission:undo-always', { sessionId: 's1', rule: 'Bash(ls)', destination: 'userSettings' }, ctx)).toEqual({
      ok: true,
      value: { undone: true, session: true, file: false },
    });
    expect(u.files.projectSettings).toEqual(['Bash(ls)']);
  });

  it('an unknown session is not_found and no file is touched', async () => {
    const u = undoSetup({ fileRules: { localSettings: ['Bash(touch:*)'] } });
    expect(await u.dispatcher.invoke('permission:undo-always', { sessionId: 'nope', rule: 'Bash(touch:*)', destination: 'localSettings' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(u.remove).not.toHaveBeenCalled();
    expect(u.files.localSettings).toEqual(['Bash(touch:*)']);
  });

  it('bad payloads are invalid_input and reach nothing; no project is no_project', async () => {
    const u = undoSetup({ sessionRules: ['Bash(ls)'] });
    const good = { sessionId: 's1', rule: 'Bash(ls)', destination: 'session' };
    for (const bad of [
      {},
      { ...good, extra: 1 },
      { ...good, rule: '   ' },
      { ...good, rule: 'x'.repeat(2_001) },
      { ...good, sessionId: '' },
      { ...good, sessionId: 's'.repeat(201) },
      { ...good, destination: 'policySettings' },
      { ...good, destination: 'flagSettings' },
      { sessionId: 's1', rule: 'Bash(ls)' },
    ]) {
      expect(await u.dispatcher.invoke('permission:undo-always', bad, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(await u.dispatcher.invoke('permission:undo-always', good, { ...ctx, projectDir: null })).toMatchObject({ ok: false, error: { code: 'no_project' } });
    expect(u.forgetRule).not.toHaveBeenCalled();
    expect(u.remove).not.toHaveBeenCalled();
  });

  it('a file that cannot be changed is its typed error (Undo can be tried again)', async () => {
    const u = undoSetup({ sessionRules: ['Bash(ls)'] });
    u.remove.mockRejectedValueOnce(new IpcFailure({ code: 'unsupported', message: '.claude/settings.local.json is not valid JSON; fix it before changing rules here.' }));
    expect(await u.dispatcher.invoke('permission:undo-always', { sessionId: 's1', rule: 'Bash(ls)', destination: 'localSettings' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'unsupported', message: expect.stringContaining('not valid JSON') },
    });
  });
});

describe('BA10: session:background-call', () => {
  it('BA10 passes the call to the session service and answers whether it moved; bad input and unknown sessions are typed errors', async () => {
    const seen: string[] = [];
    const { dispatcher } = setup({
      backgroundCall: async (dir, sessionId, toolUseId) => {
        if (sessionId !== 's1') throw new IpcFailure({ code: 'not_found', message: `No session ${sessionId} in this project.` });
        seen.push(`${dir} ${toolUseId}`);
        return toolUseId === 'toolu_running';
      },
    });
    expect(await dispatcher.invoke('session:background-call', { sessionId: 's1', toolUseId: 'toolu_running' }, ctx)).toEqual({ ok: true, value: { moved: true } });
    expect(await dispatcher.invoke('session:background-call', { sessionId: 's1', toolUseId: 'toolu_done' }, ctx)).toEqual({ ok: true, value: { moved: false } });
    expect(seen).toEqual(['/p toolu_running', '/p toolu_done']);
    expect(await dispatcher.invoke('session:background-call', { sessionId: 'nope', toolUseId: 'x' }, ctx)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatcher.invoke('session:background-call', { sessionId: 's1' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
