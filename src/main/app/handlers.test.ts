// Issue 5 item 6 (approval inbox): permission:reply-many applies each reply in order through the same
// path as permission:reply (per-request accepted flag, never a throw); permission:pending lists the
// project's waiting requests. Both need a project (PL4e).
import { describe, expect, it, vi } from 'vitest';
import type { PermissionReplyInput, PermissionRequestView } from '../../shared/permissions/request';
import type { HandlerContext } from '../ipc/context';
import { createDispatcher } from '../ipc/dispatch';
import { createHandlers } from './handlers';
import { createLogger } from '../base/log';
import type { AuthService, HostPort, SessionService } from './ports';

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
