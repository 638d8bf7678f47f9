// The inbox views and the modal policy rendered over real stores (static markup; effects do not run):
// which request the modal shows, "Review all N in the inbox", the header button's name, the groups.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { SessionSummary } from '../../../shared/transcript';
import { ApprovalDialog } from '../permissions/ApprovalDialog';
import { RequestPanel } from '../permissions/RequestPanel';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { InboxButton } from './InboxButton';
import { InboxPanel } from './InboxPanel';

const P = '/home/ana/shop';
const init: AppInit = {
  host: 'web',
  version: '0.1.0',
  project: { dir: P, name: 'shop' },
  auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false },
  model: 'claude-test',
  recentProjects: [],
};
const summary = (id: string, title: string): SessionSummary => ({ id, projectDir: P, title, createdAt: 1, updatedAt: 1, messageCount: 0 });

let n = 0;
function req(sessionId: string, toolName: string, input: Record<string, unknown>, over: Partial<PermissionRequestView> = {}): PermissionRequestView {
  n++;
  return { requestId: `r${n}`, sessionId, toolUseId: `t${n}`, toolName, input, message: 'Asked because no rule allows it.', suggestions: [], destructive: false, ...over };
}
const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('approval inbox views (issue 5 item 6, DK4)', () => {
  let bridge: FakeBridge;
  let stores: Stores;
  const ev = (request: PermissionRequestView): void => bridge.emit('session:event', { sessionId: request.sessionId, type: 'permission_request', request });
  const render = (node: React.ReactNode): string => renderLive(stores, node, { projectDir: P });

  beforeEach(async () => {
    bridge = createFakeBridge();
    bridge.handle('app:init', () => init);
    bridge.handle('session:list', () => ({ sessions: [summary('s1', 'Fix the cart'), summary('s2', 'Write the docs')] }));
    bridge.handle('session:open', ({ sessionId }) => ({ session: summary(sessionId, sessionId === 's1' ? 'Fix the cart' : 'Write the docs'), messages: [], status: 'idle' as const }));
    bridge.handle('permission:pending', () => ({ requests: [] }));
    stores = createStores(bridge, { schedule: () => () => {} });
    await stores.start();
    await new Promise((r) => setTimeout(r, 0));
    await stores.sessions.getState().open('s1');
  });

  it('the modal pops only for the conversation on screen; other conversations, subagents and tasks wait', () => {
    ev(req('s2', 'Bash', { command: 'npm run docs' }));
    ev(req('s1', 'Bash', { command: 'npm test' }, { origin: { kind: 'subagent', label: 'Explore agent' } }));
    ev(req('task-1', 'Bash', { command: 'rm -rf dist' }, { origin: { kind: 'task', label: 'Nightly build' }, expiresAt: Date.now() + 8 * 60_000 }));
    expect(render(<ApprovalDialog />)).not.toContain('<dialog');
    expect(render(<InboxButton open={false} onToggle={() => {}} />)).toContain('aria-label="Approvals, 3 waiting"');

    ev(req('s1', 'Bash', { command: 'npm ci' }));
    const html = render(<ApprovalDialog onReviewAll={() => {}} />);
    expect(text(html)).toContain('npm ci');
    expect(text(html)).not.toContain('1 of');
    // Four wait in all: the way to the inbox is offered.
    expect(html).toMatch(/<button[^>]*>Review all 4 in the inbox<\/button>/);
    // While the inbox is open nothing pops up by itself.
    expect(render(<ApprovalDialog inboxOpen onReviewAll={() => {}} />)).not.toContain('<dialog');
  });

  it('"Review" opens any request in the full modal, with where it comes from and a way back', () => {
    const task = req('task-1', 'Bash', { command: 'rm -rf dist' }, { origin: { kind: 'task', label: 'Nightly build' }, expiresAt: Date.now() + 8 * 60_000 - 1000, destructive: true });
    ev(task);
    const html = render(<ApprovalDialog reviewId={task.requestId} inboxOpen onReviewAll={() => {}} onReviewEnd={() => {}} />);
    const t = text(html);
    expect(t).toContain('rm -rf dist');
    expect(t).toContain('From the background task “Nightly build”. Denied automatically in 8 min if you do not answer.');
    expect(html).toMatch(/<button[^>]*>Back to the inbox<\/button>/);
    expect(t).not.toContain('Review all');
    for (const b of ['Allow once', 'Always allow…', 'Deny']) expect(html).toMatch(new RegExp(`<button[^>]*>${b} <kbd`));
  });

  it('one request alone: no "Review all"; the modal still counts the conversation\'s own requests', () => {
    ev(req('s1', 'Bash', { command: 'ls' }));
    expect(render(<ApprovalDialog onReviewAll={() => {}} />)).not.toContain('Review all');
    ev(req('s1', 'Bash', { command: 'pwd' }));
    const t = text(render(<ApprovalDialog onReviewAll={() => {}} />));
    expect(t).toContain('1 of 2');
    expect(t).toContain('Review all 2 in the inbox');
  });

  it('a subagent request names the helper and its conversation', () => {
    const html = renderToStaticMarkup(
      <RequestPanel request={req('s1', 'Bash', { command: 'ls' }, { origin: { kind: 'subagent', label: 'Explore agent' } })} busy={false} fromOther="Fix the cart" onAnswer={() => {}} />,
    );
    expect(text(html)).toContain('From the helper agent “Explore agent” in the conversation “Fix the cart”.');
  });

  it('the inbox panel: a dialog named "Approvals waiting", groups with Allow all / Deny all, each request with its answers', () => {
    const turn = { turn: 'm1', createdAt: Date.now() - 3 * 60_000 };
    for (const f of ['a', 'b', 'c']) ev(req('s2', 'Read', { file_path: `/tmp/outside/${f}.txt` }, turn));
    ev(req('s1', 'Bash', { command: 'npm test' }, { turn: 'm7', createdAt: Date.now() }));
    const html = render(<InboxPanel onClose={() => {}} onReview={() => {}} reviewing={false} />);
    const t = text(html);
    expect(html).toMatch(/<section[^>]*role="dialog"[^>]*aria-labelledby="inbox-title"/);
    expect(html).toContain('<h2 id="inbox-title" class="inbox__title">Approvals waiting</h2>');
    expect(t).toContain('4 requests wait for your answer.');
    expect(t).toContain('Conversation “Write the docs” · waiting 3 min');
    expect(t).toContain('3 reads outside the project');
    expect(t).toContain('Conversation “Fix the cart” · asked just now');
    expect(t).toContain('1 command');
    expect(html).toMatch(/<button[^>]*>Allow all 3<\/button>/);
    expect(t).toContain('“Allow all” allows each request this one time.');
    expect(html).toMatch(/<button[^>]*>Deny all 3<\/button>/);
    // No group buttons for a group of one, and never an "Always allow" in the inbox.
    expect(t).not.toContain('Allow all 1');
    expect(t).not.toMatch(/Always allow/);
    expect(html.match(/>Allow once<\/button>/g)).toHaveLength(4);
    expect(html.match(/>Review<\/button>/g)).toHaveLength(4);
    expect(t).toContain('Read a file outside the project /tmp/outside/a.txt');
    expect(t).not.toContain('Use the tool Read');
  });

  it('no group with "Allow all": the panel does not explain it', () => {
    ev(req('s1', 'Bash', { command: 'ls' }));
    ev(req('s2', 'Read', { file_path: '/tmp/outside/a.txt' }));
    const t = text(render(<InboxPanel onClose={() => {}} onReview={() => {}} reviewing={false} />));
    expect(t).toContain('2 requests wait for your answer.');
    expect(t).not.toContain('Allow all');
  });

  it('with nothing waiting, the button is quiet and the panel says so', () => {
    const button = render(<InboxButton open={false} onToggle={() => {}} />);
    expect(button).toContain('aria-label="No approvals waiting"');
    expect(button).not.toContain('inbox-button__badge');
    expect(text(render(<InboxPanel onClose={() => {}} onReview={() => {}} reviewing={false} />))).toContain('Nothing is waiting for your answer.');
  });
});
