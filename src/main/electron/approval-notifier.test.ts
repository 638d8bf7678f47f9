// Issue 5 item 6 / DK3 / PL4e: the desktop's approval signals against the stand-in electron — a
// native notification when nobody is looking (no focused window, or the project has no window),
// clicking it shows the project; the badge and the tray tooltip count waiting requests across projects.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, FakeBrowserWindow, FakeNotification, FakeTray, resetElectronStub } from '../../../test/electron-stub';
import type { PermissionRequestView, RequestOrigin } from '../../shared/permissions/request';
import type { SessionEvent } from '../../shared/session-events';
import { createEventBus } from '../app/event-bus';
import type { EventBus } from '../app/ports';
import { createApprovalNotifier } from './approval-notifier';
import { CLAUDE_CODE_TOOLS } from '../../shared/tools/claude-code-tools';
import { targetOf } from '../../shared/tools/traits';
import { getAllBaseTools } from '../tools/builtin';
import { approvalSummary, approvalWhere, NOTIFICATION_TITLE } from './approval-text';
import { createAppTray, type AppTray } from './tray';
import { createProjectWindows, type ProjectWindows } from './windows';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
let bus: EventBus;
let windows: ProjectWindows;
let tray: AppTray | null;
let shownProjects: string[];

function view(id: string, over: Partial<PermissionRequestView> = {}): PermissionRequestView {
  return {
    requestId: id,
    sessionId: 's1',
    toolUseId: `tu_${id}`,
    toolName: 'Bash',
    input: { command: 'npm test' },
    message: 'Asked because no rule allows npm test.',
    suggestions: ['Bash(npm test)'],
    destructive: false,
    createdAt: 1,
    origin: { kind: 'session', label: 'Fix the login bug' },
    ...over,
  };
}
const ask = (projectDir: string, request: PermissionRequestView) =>
  bus.publish('session:event', { type: 'permission_request', sessionId: request.sessionId, request } as SessionEvent, { projectDir });
const resolve = (projectDir: string, requestId: string, decision: 'allow_once' | 'deny' | 'cancelled' = 'allow_once') =>
  bus.publish('session:event', { type: 'permission_resolved', sessionId: 's1', requestId, decision } as SessionEvent, { projectDir });
const live = () => FakeNotification.created.filter((n) => n.shown && !n.closed);

function setup() {
  const notifier = createApprovalNotifier({ bus, windows, showProject: (dir) => void shownProjects.push(dir), tray: () => tray, log });
  return notifier;
}

beforeEach(() => {
  resetElectronStub();
  vi.clearAllMocks();
  bus = createEventBus();
  windows = createProjectWindows({ log, create: () => new FakeBrowserWindow({ title: 'Agent Desk' }) as never });
  tray = createAppTray('/res/tray.png', { recent: () => [], openProject: vi.fn(), openRecent: vi.fn(), newTask: vi.fn(), openApp: vi.fn(), showTask: vi.fn(), stopTask: vi.fn(), reviewApprovals: vi.fn(), quit: vi.fn() });
  shownProjects = [];
});

describe('issue 5 item 6 / DK3: native notification when nobody is looking', () => {
  test('no window focused: "Agent Desk needs your OK" with the summary and where it comes from; a click shows the project', () => {
    const win = windows.openProject('/p/shop').win as unknown as FakeBrowserWindow;
    win.blur();
    setup();
    ask('/p/shop', view('r1'));
    expect(live()).toHaveLength(1);
    const n = live()[0]!;
    expect(n.title).toBe(NOTIFICATION_TITLE);
    expect(n.title).toBe('Agent Desk needs your OK');
    expect(n.body).toBe('Run a command: npm test\n“Fix the login bug” in shop');
    n.click();
    expect(shownProjects).toEqual(['/p/shop']);
    expect(n.closed).toBe(true);
  });

  test('the project’s window is focused: no notification (its inbox or modal shows it)', () => {
    windows.openProject('/p/shop');
    expect(windows.all()[0]!.win.isFocused()).toBe(true);
    setup();
    ask('/p/shop', view('r1'));
    expect(FakeNotification.created).toEqual([]);
  });

  test('another project is focused but this one has no window: notify, and the click opens it', () => {
    windows.openProject('/p/other');
    setup();
    ask('/p/shop', view('r1', { origin: { kind: 'task', label: 'Nightly deps' } }));
    expect(live()).toHaveLength(1);
    expect(live()[0]!.body).toBe('Run a command: npm test\nBackground task “Nightly deps” in shop');
    live()[0]!.click();
    expect(shownProjects).toEqual(['/p/shop']);
  });

  test('another project’s window is focused and this project has a window: no popup (its title and the badge count it)', () => {
    windows.openProject('/p/shop');
    windows.openProject('/p/other');
    const notifier = setup();
    ask('/p/shop', view('r1'));
    expect(FakeNotification.created).toEqual([]);
    expect(notifier.waiting()).toBe(1);
  });

  test('one notification per project: a second request replaces the first and counts; resolving all closes it', () => {
    setup();
    ask('/p/shop', view('r1', { toolName: 'Read', input: { file_path: '/home/me/a.md' } }));
    ask('/p/shop', view('r2', { toolName: 'Read', input: { file_path: '/home/me/b.md' } }));
    expect(FakeNotification.created).toHaveLength(2);
    expect(FakeNotification.created[0]!.closed).toBe(true);
    expect(live()).toHaveLength(1);
    expect(live()[0]!.body).toBe('Read b.md\n“Fix the login bug” in shop · 2 requests waiting');
    resolve('/p/shop', 'r1');
    expect(live()).toHaveLength(1);
    resolve('/p/shop', 'r2', 'deny');
    expect(live()).toEqual([]);
  });

  test('notifications unsupported: skipped silently, the count still kept', () => {
    FakeNotification.supported = false;
    const notifier = setup();
    ask('/p/shop', view('r1'));
    expect(FakeNotification.created).toEqual([]);
    expect(notifier.waiting()).toBe(1);
    expect(log.warn).not.toHaveBeenCalled();
  });

  test('events of other channels, unscoped events and unknown resolutions change nothing', () => {
    const notifier = setup();
    bus.publish('app:notice', { level: 'info', message: 'hi' }, { projectDir: null });
    resolve('/p/shop', 'never-asked');
    expect(notifier.waiting()).toBe(0);
    expect(electron.app.badgeCount).toBeNull();
    expect(FakeNotification.created).toEqual([]);
  });
});

describe('issue 5 item 6 / DK3: the waiting count on the badge and the tray', () => {
  test('counts across projects; resolved and cancelled requests leave the count; back to 0 clears both', () => {
    const notifier = setup();
    const trayIcon = FakeTray.created[0]!;
    ask('/p/a', view('a1'));
    ask('/p/a', view('a2'));
    ask('/p/b', view('b1', { origin: { kind: 'subagent', label: 'Explore agent' } as RequestOrigin }));
    expect(notifier.waiting()).toBe(3);
    expect(electron.app.badgeCount).toBe(3);
    expect(trayIcon.tooltip).toBe('Agent Desk — 3 approvals waiting');
    resolve('/p/a', 'a1');
    resolve('/p/b', 'b1', 'cancelled');
    expect(electron.app.badgeCount).toBe(1);
    expect(trayIcon.tooltip).toBe('Agent Desk — 1 approval waiting');
    resolve('/p/a', 'a2', 'deny');
    expect(electron.app.badgeCount).toBe(0);
    expect(trayIcon.tooltip).toBe('Agent Desk');
  });

  test('without a tray the badge still counts', () => {
    tray = null;
    setup();
    ask('/p/a', view('a1'));
    expect(electron.app.badgeCount).toBe(1);
  });

  test('dispose: no more counting, open notifications closed', () => {
    const notifier = setup();
    ask('/p/a', view('a1'));
    notifier.dispose();
    expect(live()).toEqual([]);
    ask('/p/a', view('a2'));
    expect(notifier.waiting()).toBe(1);
    expect(electron.app.badgeCount).toBe(1);
  });
});

/** A request as main sends it: with the tool's kind and the call's target (ToolDef traits). */
function sent(toolName: string, input: unknown): Parameters<typeof approvalSummary>[0] {
  const traits = getAllBaseTools().find((t) => t.name === toolName) ?? CLAUDE_CODE_TOOLS[toolName];
  const target = targetOf(traits?.target, input);
  return { toolName, input, kind: traits?.kind ?? 'other', ...(target ? { target } : {}) };
}

describe('issue 5 item 6: notification words', () => {
  test('summary from the tool and its input, clipped to one line', () => {
    expect(approvalSummary(sent('Bash', { command: 'npm test\n&& rm -rf x' }))).toBe('Run a command: npm test…');
    expect(approvalSummary(sent('Bash', { command: 'x'.repeat(200) }))).toHaveLength(15 + 80);
    expect(approvalSummary(sent('Edit', { file_path: '/p/src/app.ts' }))).toBe('Change app.ts');
    expect(approvalSummary(sent('Write', { file_path: '/p/new.ts' }))).toBe('Change new.ts');
    expect(approvalSummary(sent('NotebookEdit', { notebook_path: '/p/n.ipynb' }))).toBe('Change n.ipynb');
    expect(approvalSummary(sent('Read', { file_path: '/etc/hosts' }))).toBe('Read hosts');
    expect(approvalSummary(sent('WebFetch', { url: 'https://example.com/a?b' }))).toBe('Fetch a page from example.com');
    expect(approvalSummary(sent('WebFetch', { url: 'not a url' }))).toBe('Use WebFetch');
    expect(approvalSummary(sent('mcp__github__create_issue', null))).toBe('Use mcp__github__create_issue');
    expect(approvalSummary(sent('McpQuestion', { server: 'booking', message: 'Who?', fields: [] }))).toBe('Answer a question from “booking”');
  });

  test('where: the conversation, the task or the subagent, and the project', () => {
    expect(approvalWhere({}, '/p/shop')).toBe('In shop');
    expect(approvalWhere({ origin: { kind: 'session', label: 'Fix it' } }, '/p/shop')).toBe('“Fix it” in shop');
    expect(approvalWhere({ origin: { kind: 'task', label: 'Nightly' } }, '/p/shop')).toBe('Background task “Nightly” in shop');
    expect(approvalWhere({ origin: { kind: 'subagent', label: 'Explore agent' } }, '/p/shop')).toBe('Explore agent in shop');
    expect(approvalWhere({ origin: { kind: 'tool', label: 'booking' } }, '/p/shop')).toBe('The connected tool “booking” in shop');
  });
});
