// Saved call snapshots in the manager (UI2, DK4): session:open merges the stored snapshots with the
// runtime's live ones (live wins for the same id), and only final snapshots of file-changing calls are
// saved, even one that ends while no turn runs. A stand-in tool runtime publishes the snapshots.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../shared/session-events';
import type { ToolCallView } from '../../shared/tools/tool-call';
import { createEventBus } from './event-bus';
import { createLogger } from '../base/log';
import type { SessionEventBody } from '../engine/event-body';
import type { SessionRuntimeFactory } from '../engine/session-runtime';
import type { ToolRuntime } from '../engine/tools/runtime';
import type { ModelAccess } from '../model/access';
import { DEFAULT_RETRY_POLICY } from '../model/retry';
import { SessionManager } from './session-manager';
import { createSessionStore, type SessionMeta, type SessionStore } from '../sessions/store';
import { CLAUDE_CODE_TOOLS } from '../../shared/tools/claude-code-tools';

let dataDir: string;
let store: SessionStore;
const projectDir = '/work/saved-calls project';
let live: ToolCallView[];
let publishers: Array<(e: SessionEventBody) => void>;
let busEvents: SessionEvent[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-saved-calls-'));
  store = createSessionStore({ dataDir });
  live = [];
  publishers = [];
  busEvents = [];
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const runtime: SessionRuntimeFactory = (init) => {
  publishers.push(init.publish);
  const tools = { views: () => live, pendingPermissions: () => [], mode: () => 'default', workingFolder: () => null } as unknown as ToolRuntime;
  return { tools, notify() {} };
};

function manager(): SessionManager {
  const bus = createEventBus();
  bus.subscribe((channel, payload) => void (channel === 'session:event' && busEvents.push(payload as SessionEvent)));
  let n = 0;
  return new SessionManager({
    store,
    bus,
    model: { model: () => 'claude-sonnet-5' } as unknown as ModelAccess,
    log: createLogger({ level: 'silent' }),
    retry: DEFAULT_RETRY_POLICY,
    maxTurns: 10,
    systemPrompt: () => 'system',
    now: () => 1_000,
    newId: () => `id-${++n}`,
    runtime,
  });
}

const meta: SessionMeta = { type: 'meta', version: 1, id: 's1', projectDir, createdAt: 100, title: 'Saved' };
const call = (id: string, name: string, state: ToolCallView['state'], data?: unknown): ToolCallView => ({
  id,
  name,
  userFacingName: name,
  // As the pipeline publishes it: with the tool's kind.
  kind: CLAUDE_CODE_TOOLS[name]?.kind ?? 'other',
  messageId: 'm2',
  input: { file_path: '/p/a.txt' },
  state,
  ...(state === 'succeeded' ? { result: { text: 'done', isError: false, ...(data !== undefined ? { data } : {}) } } : {}),
  startedAt: 10,
  ...(state === 'running' ? {} : { endedAt: 11 }),
});

async function seed(calls: ToolCallView[]): Promise<void> {
  await store.append(projectDir, 's1', { meta, messages: [{ id: 'm1', role: 'user', content: [{ type: 'text', text: 'hi' }], createdAt: 101 }], calls });
}

async function savedCalls(): Promise<ToolCallView[]> {
  return (await store.load(projectDir, 's1'))?.calls ?? [];
}

async function until(pred: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await pred()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('condition never held');
}

describe('saved tool calls in session:open (UI2, DK4)', () => {
  it('merges saved snapshots with live ones; a live snapshot wins for the same id', async () => {
    await seed([call('t1', 'Write', 'succeeded', { v: 'saved' }), call('t2', 'Edit', 'succeeded', { v: 'saved' })]);
    live = [call('t2', 'Edit', 'succeeded', { v: 'live' }), call('t3', 'Read', 'running')];
    const opened = await manager().open(projectDir, 's1');
    expect(opened.toolCalls!.map((c) => [c.id, (c.result?.data as { v?: string } | undefined)?.v])).toEqual([
      ['t1', 'saved'],
      ['t2', 'live'],
      ['t3', undefined],
    ]);
  });

  it('saves only final snapshots of Write/Edit/NotebookEdit, and one that ends while no turn runs is saved at once', async () => {
    await seed([]);
    const m = manager();
    await m.get(projectDir, 's1');
    const publish = publishers[0]!;
    publish({ type: 'tool_call', call: call('w1', 'Write', 'running') });
    publish({ type: 'tool_call', call: call('b1', 'Bash', 'succeeded', { stdout: 'x' }) });
    publish({ type: 'tool_call', call: call('n1', 'NotebookEdit', 'rejected') });
    publish({ type: 'tool_call', call: call('w1', 'Write', 'succeeded', { v: 1 }) });
    // Every snapshot still goes out as an event.
    expect(busEvents.filter((e) => e.type === 'tool_call')).toHaveLength(4);
    await until(async () => (await savedCalls()).length === 2);
    expect((await savedCalls()).map((c) => [c.id, c.state])).toEqual([
      ['n1', 'rejected'],
      ['w1', 'succeeded'],
    ]);

    // A new engine (nothing live) opens them from disk.
    live = [];
    const reopened = await manager().open(projectDir, 's1');
    expect(reopened.toolCalls!.map((c) => c.id)).toEqual(['n1', 'w1']);
    expect(reopened.messages.map((msg) => msg.id)).toEqual(['m1']);
  });

  it('a saved call the runtime has forgotten (its live list is capped) is still returned', async () => {
    await seed([]);
    const m = manager();
    await m.get(projectDir, 's1');
    live = [call('e1', 'Edit', 'succeeded', { v: 'live' })];
    publishers[0]!({ type: 'tool_call', call: live[0]! });
    live = [];
    expect((await m.open(projectDir, 's1')).toolCalls!.map((c) => c.id)).toEqual(['e1']);
  });
});
