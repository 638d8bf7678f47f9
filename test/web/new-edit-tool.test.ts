// Issue 11 item 1 and 4: a new file-editing tool defined in one folder (apply-patch/) gets, from the
// traits it declares and with no other file changed, what the built-in editing tools get — acceptEdits
// lets it edit inside the project, `Edit(...)` rules cover it (and `Read(...)` denies), its approval
// says what it changes (the notification's words) and the inbox groups it with the edits. Through the
// real engine and pipeline, against the fake model.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requestKind } from '../../src/shared/permissions/request-traits';
import type { SessionEvent } from '../../src/shared/session-events';
import { approvalSummary } from '../../src/main/electron/approval-text';
import { getAllBaseTools } from '../../src/main/tools/builtin';
import { groupRequests } from '../../src/renderer/src/inbox/group-requests';
import { createHarness, resultFor, type Harness } from '../integration/harness';
import { ApplyPatchTool } from './apply-patch/apply-patch.tool';

let h: Harness;
beforeEach(async () => void (h = await createHarness()));
afterEach(() => h.close());

type Req = Extract<SessionEvent, { type: 'permission_request' }>;
const withNewTool = () => [...getAllBaseTools(), ApplyPatchTool];
const patch = (id: string, rel: string, content: string) => ({
  content: [{ type: 'tool_use' as const, id, name: 'ApplyPatch', input: { target_file: path.join(h.projectDir, rel), content } }],
});

describe('a new file-editing tool in one folder (issue 11)', () => {
  it('acceptEdits lets it edit inside the project and still asks outside', async () => {
    const outside = path.join(h.home, 'outside.txt');
    h.server.push(
      patch('toolu_in', 'src/a.ts', 'in\n'),
      { content: [{ type: 'tool_use', id: 'toolu_out', name: 'ApplyPatch', input: { target_file: outside, content: 'out\n' } }] },
      { content: [{ type: 'text', text: 'done' }] },
    );
    const engine = await h.engine({ baseTools: withNewTool, permissionMode: 'acceptEdits', headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('patch it').done).ok).toBe(true);
    expect(readFileSync(path.join(h.projectDir, 'src', 'a.ts'), 'utf8')).toBe('in\n');
    expect(h.states('toolu_in')).toEqual(['validating', 'running', 'succeeded']);
    // Outside the project acceptEdits does not apply: it asks, which headless means no.
    expect(h.states('toolu_out')).toEqual(['validating', 'awaiting_permission', 'rejected']);
    expect(resultFor(h.server.requests[2]!.body, 'toolu_out')!.content).toContain('was not granted');
    expect(() => readFileSync(outside)).toThrow();
    // The Changes pane reads its call: the view carries the tool's kind.
    expect([...h.calls().values()].find((c) => c.id === 'toolu_in')?.kind).toBe('edit');
  });

  it('Edit(...) allow rules cover it; a Read(...) deny rule covers it too', async () => {
    h.projectSettings({ permissions: { allow: ['Edit(/src/**)'], deny: ['Read(./.env)'] } });
    h.server.push(patch('toolu_ok', 'src/b.ts', 'b\n'), patch('toolu_env', '.env', 'TOKEN=x\n'), { content: [{ type: 'text', text: 'done' }] });
    const engine = await h.engine({ baseTools: withNewTool, headless: true });
    const session = await engine.sessions.createSession(h.projectDir);
    expect((await session.start('patch twice').done).ok).toBe(true);
    expect(readFileSync(path.join(h.projectDir, 'src', 'b.ts'), 'utf8')).toBe('b\n');
    const denied = resultFor(h.server.requests[2]!.body, 'toolu_env')!;
    expect(denied.is_error).toBe(true);
    expect(denied.content).toContain('Read(./.env)');
  });

  it('its approval request says what it changes, and the inbox groups it with the edits', async () => {
    h.server.push(patch('toolu_ask', 'src/c.ts', 'c\n'), { content: [{ type: 'text', text: 'done' }] });
    const engine = await h.engine({ baseTools: withNewTool });
    const session = await engine.sessions.createSession(h.projectDir);
    const { done } = session.start('patch it');
    const { request } = (await h.waitFor((ev) => ev.type === 'permission_request')) as Req;
    expect(request).toMatchObject({ toolName: 'ApplyPatch', kind: 'edit', target: { path: path.join(h.projectDir, 'src', 'c.ts'), isDir: false } });
    expect(request.suggestions).toEqual(['Edit(/src/c.ts)', 'Edit(/src/**)']);
    expect(approvalSummary(request)).toBe('Change c.ts');
    expect(requestKind(request)).toBe('edit');
    const [group] = groupRequests([request], { projectDir: h.projectDir, sessionTitle: () => 'Patch' });
    expect(group).toMatchObject({ kind: 'edits', label: '1 edit in src/' });
    await engine.sessions.replyPermission(h.projectDir, { requestId: request.requestId, decision: 'deny' });
    await done;
  });
});
