// No busy polling of background tasks (issue 18): the tasks' folder and each running task's folder are
// watched — a task appearing, its record or requests changing, its events growing each tell what
// changed — and an unchanged requests file (a large preview) is not read again.
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { createLogger } from '../../base/log';
import { createEventBus } from '../event-bus';
import { changeOf, watchTaskFolders, type TaskChange } from './folder-watch';
import { createLocalTaskHost } from './local-host';
import { backgroundTasksDir, taskFiles, writeApprovals, writeRecord, type TaskRecordFile } from './records';
import { createBackgroundTasks } from './service';

const log = createLogger({ level: 'silent' });
let dataDir: string;
beforeEach(() => {
  dataDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-desk-watch-')));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const id = 'abc123def0';
const record = (over: Partial<TaskRecordFile> = {}): TaskRecordFile => ({
  version: 1, id, name: 'nightly', projectDir: dataDir, prompt: 'p', mode: 'default', trustFolder: false, status: 'running',
  createdAt: Date.now(), worker: { pid: 999_999, startToken: 'x' }, sessionId: 's1', activity: null, turns: 0, usage: null, ...over,
});
const request = (requestId: string, text = 'x'): PermissionRequestView => ({ requestId, sessionId: 's1', toolUseId: 't', toolName: 'Write', input: { content: text }, message: 'ask', suggestions: [], destructive: false });

describe('what a changed file in a task’s folder means', () => {
  it('its events, its state, or nothing (temp files of an atomic write, the worker’s log, replies)', () => {
    expect(changeOf('events.jsonl')).toBe('events');
    expect(changeOf('task.json')).toBe('state');
    expect(changeOf('approvals.json')).toBe('state');
    expect(changeOf('.task.json.agent-desk-0123456789ab.tmp')).toBeNull();
    expect(changeOf('worker.log')).toBeNull();
    expect(changeOf('replies')).toBeNull();
    expect(changeOf(null)).toBe('state');
  });
});

describe('the folder watch', () => {
  it('tells of a task appearing, of a followed task’s state and events, and of nothing once it is no longer followed', async () => {
    const seen: TaskChange[] = [];
    const w = watchTaskFolders(backgroundTasksDir(dataDir), (c) => seen.push(c), log)!;
    expect(w).not.toBeNull();
    await writeRecord(dataDir, record());
    await vi.waitFor(() => expect(seen).toContainEqual({ taskId: null, what: 'state' }));
    w.follow([id]);
    seen.length = 0;
    writeFileSync(taskFiles(dataDir, id).events, '{}\n');
    await vi.waitFor(() => expect(seen).toContainEqual({ taskId: id, what: 'events' }));
    await writeApprovals(dataDir, id, { requests: [request('r1')] });
    await vi.waitFor(() => expect(seen).toContainEqual({ taskId: id, what: 'state' }));
    w.follow([]);
    await new Promise((r) => setTimeout(r, 50));
    seen.length = 0;
    writeFileSync(taskFiles(dataDir, id).events, '{}\n{}\n');
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual([]);
    w.close();
  });
});

describe('the service, watching', () => {
  it('hears of a task’s new request without being asked to look, and reads an unchanged requests file only once', async () => {
    await writeRecord(dataDir, record());
    const bus = createEventBus();
    const requests: string[] = [];
    bus.subscribe((channel, payload) => {
      const ev = payload as { type?: string; request?: PermissionRequestView };
      if (channel === 'session:event' && ev.type === 'permission_request') requests.push(ev.request!.requestId);
    });
    const host = createLocalTaskHost({ dataDir, env: {}, log, alive: () => true });
    const svc = createBackgroundTasks({ hosts: [host], bus, log, pollMs: 0 });
    await svc.refresh();
    await writeApprovals(dataDir, id, { requests: [request('r1', 'a'.repeat(50_000))] });
    await vi.waitFor(() => expect(requests).toEqual(['r1']), { timeout: 3_000 });

    // The same size and time, other contents: what was read stands (the file is not read again).
    svc.dispose();
    const file = taskFiles(dataDir, id).approvals;
    const at = new Date(2026, 0, 1, 12, 0, 0);
    utimesSync(file, at, at);
    expect((await host.approvals()).map((a) => a.request.requestId)).toEqual(['r1']);
    const size = statSync(file).size;
    writeFileSync(file, readFileSync(file, 'utf8').replace('"r1"', '"r2"'));
    utimesSync(file, at, at);
    expect(statSync(file).size).toBe(size);
    expect((await host.approvals()).map((a) => a.request.requestId)).toEqual(['r1']);
    // Once it changes, it is read again.
    utimesSync(file, at, new Date(at.getTime() + 5_000));
    expect((await host.approvals()).map((a) => a.request.requestId)).toEqual(['r2']);
  });
});
