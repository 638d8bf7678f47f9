// Issue 15 item 4: the Running programs panel and its store over a fake bridge — the header button's
// count, a running program with its port link, memory, processor, time, keep switch and Stop; a finished
// one greyed with how it ended; leftovers on top with "Stop them" / "Leave them"; tasks:changed re-reads.
import { describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import type { LeftoverView, TaskView } from '../../../shared/ipc/tasks-contract';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { ProcessesButton } from './ProcessesButton';
import { ProcessesPane } from './ProcessesPane';

const init: AppInit = { host: 'web', version: '0.1.0', project: { dir: '/p', name: 'p' }, auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false }, model: 'm', recentProjects: [] };
const now = Date.now();
const server: TaskView = {
  id: 'bash_1',
  command: 'npm run dev',
  description: 'Start the dev server',
  sessionId: 's1',
  status: 'running',
  startedAt: now - 3 * 60_000 - 1_000,
  pid: 10,
  kept: false,
  activity: { processes: [{ pid: 10, parentPid: 1, command: 'node vite' }, { pid: 11, parentPid: 10, command: 'esbuild' }], ports: [5173], cpuPercent: 2.4, memoryBytes: 80 * 1024 * 1024 },
  outputTail: 'ready in 300 ms',
};
const finished: TaskView = { id: 'bash_2', command: 'npm test', sessionId: 's1', status: 'failed', exitCode: 1, startedAt: now - 10_000, endedAt: now - 5_000, kept: false };
const leftover: LeftoverView = { id: 'bash_0', command: 'python -m http.server 8000', pid: 9, startedAt: now - 3_600_000, kept: true, activity: { processes: [], ports: [8000], cpuPercent: 0, memoryBytes: 1 } };

async function storesWith(tasks: TaskView[], leftovers: LeftoverView[]): Promise<{ stores: Stores; bridge: FakeBridge; calls: { channel: string; req: unknown }[] }> {
  const bridge = createFakeBridge();
  const calls: { channel: string; req: unknown }[] = [];
  bridge.handle('app:init', () => init);
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  bridge.handle('tasks:list', (req) => (calls.push({ channel: 'tasks:list', req }), { tasks }));
  bridge.handle('tasks:leftovers', () => ({ leftovers }));
  bridge.handle('tasks:stop', (req) => (calls.push({ channel: 'tasks:stop', req }), { stopped: true }));
  bridge.handle('tasks:keep', (req) => (calls.push({ channel: 'tasks:keep', req }), { kept: true }));
  bridge.handle('tasks:clean-up', (req) => (calls.push({ channel: 'tasks:clean-up', req }), { stopped: 1, left: 0 }));
  const stores = createStores(bridge, { schedule: () => () => {} });
  await stores.start();
  await stores.processes.getState().load();
  return { stores, bridge, calls };
}

const render = (stores: Stores, node: React.ReactNode): string => renderLive(stores, node);

describe('Running programs panel (issue 15 item 4)', () => {
  it('the header button counts running programs and leftovers; without any, no count', async () => {
    const { stores } = await storesWith([server, finished], [leftover]);
    expect(render(stores, <ProcessesButton open={false} onToggle={() => {}} />)).toMatch(/<span class="pane-label__long">Running programs<\/span><span class="pane-label__short" aria-hidden="true">Programs<\/span><span class="side-pane-toggle__count"><span class="visually-hidden">: <\/span>2<\/span><\/button>/);
    const none = await storesWith([finished], []);
    expect(render(none.stores, <ProcessesButton open={false} onToggle={() => {}} />)).not.toContain('side-pane-toggle__count');
  });

  it('a running program: its port as a link, memory, processor, time, the keep switch and Stop; a finished one greyed with its end', async () => {
    const { stores } = await storesWith([server, finished], []);
    const html = render(stores, <ProcessesPane onClose={() => {}} />);
    expect(html).toContain('<section id="processes-pane" class="side-pane side-pane--docked processes-pane" aria-label="Running programs">');
    expect(html).toMatch(/<a class="program__port" href="http:\/\/localhost:5173"[^>]*>Listening on port 5173<\/a>/);
    expect(html).toContain('Running for 3 min');
    expect(html).toContain('Memory 80 MB');
    expect(html).toContain('Processor 2%');
    expect(html).toContain('1 program it started');
    expect(html).toMatch(/<input type="checkbox" role="switch"[^>]*\/>Keep running after I close/);
    expect(html).toMatch(/<button type="button" class="button button--small program__stop">Stop<\/button>/);
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('Show what it printed');
    expect(html).toMatch(/<li class="side-pane__card program program--ended" aria-label="npm test">/);
    expect(html).toContain('Ended with a problem after 5 s (exit code 1)');
  });

  it('leftovers from last time on top, with Stop them and Leave them', async () => {
    const { stores } = await storesWith([], [leftover]);
    const html = render(stores, <ProcessesPane onClose={() => {}} />);
    expect(html).toContain('1 program was left running when Agent Desk last closed');
    expect(html).toContain('You chose to keep it running.');
    expect(html).toContain('Listening on port 8000');
    expect(html).toMatch(/<button[^>]*>Stop them<\/button>/);
    expect(html).toMatch(/<button[^>]*>Leave them<\/button>/);
    expect(html.indexOf('left running')).toBeLessThan(html.indexOf('Nothing the assistant started is running now'));
  });
});

describe('processes store (issue 15 item 4)', () => {
  it('asks for details only while the panel is open; stop, keep and clean-up go to main and re-read', async () => {
    const { stores, calls } = await storesWith([server], []);
    expect(calls.filter((c) => c.channel === 'tasks:list').every((c) => (c.req as { details: boolean }).details === false)).toBe(true);
    stores.processes.getState().setDetailed(true);
    await stores.processes.getState().load();
    expect(calls.at(-1)).toEqual({ channel: 'tasks:list', req: { details: true } });
    await stores.processes.getState().stop('bash_1');
    expect(calls).toContainEqual({ channel: 'tasks:stop', req: { taskId: 'bash_1' } });
    await stores.processes.getState().keep('bash_1', true);
    expect(calls).toContainEqual({ channel: 'tasks:keep', req: { taskId: 'bash_1', kept: true } });
    await stores.processes.getState().cleanUp('stop');
    expect(calls).toContainEqual({ channel: 'tasks:clean-up', req: { action: 'stop' } });
    expect(stores.processes.getState().cleanedUp).toBe('Stopped the program.');
    expect(calls.at(-1)!.channel).toBe('tasks:list');
  });

  it('tasks:changed makes it read the list again; a failed stop is said in words', async () => {
    const { stores, bridge, calls } = await storesWith([server], []);
    const before = calls.length;
    bridge.emit('tasks:changed', { taskId: 'bash_1', status: 'killed' });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.length).toBe(before + 1);
    bridge.fail('tasks:stop', { code: 'not_found', message: 'That program is not one the assistant started in this project.' });
    await stores.processes.getState().stop('bash_1');
    expect(stores.processes.getState().failure).toContain('not one the assistant started');
    expect(stores.processes.getState().busy).toEqual({});
  });
});
