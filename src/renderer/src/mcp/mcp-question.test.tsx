// Issue 17 item 6: a connected tool's question is a request of the approval inbox — docked with its form
// in the conversation whose call asked (announced and reached with F6 like any approval), waiting in the
// inbox for other conversations (their row says so) and, with no call running, in the project's inbox
// from the connected tool; the form's values become the answer. (Static renders over real stores.)
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import { MCP_QUESTION_REQUEST_NAME, type McpQuestionInput } from '../../../shared/mcp-question';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { SessionSummary } from '../../../shared/transcript';
import { SessionList } from '../components/SessionList';
import { InboxPanel } from '../inbox/InboxPanel';
import { popsModal } from '../inbox/modal-policy';
import { windowTitle } from '../inbox/window-title';
import { ApprovalDialog } from '../permissions/ApprovalDialog';
import { requestKindFor } from '../permissions/registry';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { contentOf, initialValues } from './question-values';

const P = '/p';
const init: AppInit = { host: 'web', version: '0.1.0', project: { dir: P, name: 'p' }, auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false }, model: 'm', recentProjects: [] };
const summary = (id: string, title: string): SessionSummary => ({ id, projectDir: P, title, createdAt: 1, updatedAt: 1, messageCount: 0 });
const input: McpQuestionInput = {
  server: 'booking',
  message: 'Who is coming?',
  fields: [
    { name: 'name', label: 'Your name', kind: 'text', required: true, description: 'As on the booking' },
    { name: 'email', label: 'Email', kind: 'text', required: false, format: 'email' },
    { name: 'guests', label: 'Guests', kind: 'integer', required: true, default: 2, minimum: 1, maximum: 12 },
    { name: 'veg', label: 'Vegetarian menu', kind: 'boolean', required: false },
    { name: 'time', label: 'Time', kind: 'choice', required: false, options: [{ value: '19:00', label: 'Seven o’clock' }] },
  ],
};
const question = (requestId: string, sessionId: string, over: Partial<PermissionRequestView> = {}): PermissionRequestView => ({
  requestId,
  sessionId,
  toolUseId: `toolu_${requestId}`,
  toolName: MCP_QUESTION_REQUEST_NAME,
  kind: 'other',
  input,
  message: 'The connected tool “booking” asks: Who is coming?',
  suggestions: [],
  destructive: false,
  createdAt: 1,
  ...over,
});
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim();

describe('A connected tool’s question (issue 17 item 6)', () => {
  let bridge: FakeBridge;
  let stores: Stores;
  const ev = (request: PermissionRequestView): void => bridge.emit('session:event', { sessionId: request.sessionId, type: 'permission_request', request });
  const render = (node: React.ReactNode): string => renderLive(stores, node, { projectDir: P });

  beforeEach(async () => {
    bridge = createFakeBridge();
    bridge.handle('app:init', () => init);
    bridge.handle('session:list', () => ({ sessions: [summary('s1', 'Book a table'), summary('s2', 'Plan the trip')] }));
    bridge.handle('session:open', ({ sessionId }) => ({ session: summary(sessionId, 'Book a table'), messages: [], status: 'running' as const }));
    bridge.handle('permission:pending', () => ({ requests: [] }));
    stores = createStores(bridge, { schedule: () => () => {} });
    await stores.start();
    await new Promise((r) => setTimeout(r, 0));
    await stores.sessions.getState().open('s1');
  });

  it('in the conversation whose call asked: docked with its form — the fields asked for, Send, Say no and Not now', () => {
    ev(question('q1', 's1'));
    const html = render(<ApprovalDialog />);
    const t = text(html);
    expect(t).toContain('The connected tool “booking” asks you');
    expect(t).toContain('Who is coming?');
    expect(t).toContain('Press F6 to come here');
    expect(requestKindFor(question('q9', 's1')).dismiss).toEqual({ updatedInput: { answer: { action: 'cancel' } } });
    expect(html).toMatch(/<label for="q1-name">Your name<\/label><input type="text" id="q1-name" aria-describedby="q1-name-hint" required=""/);
    expect(html).toContain('<label for="q1-email">Email (optional)</label><input type="email"');
    expect(html).toMatch(/<input type="number" id="q1-guests" required="" step="1" min="1" max="12" value="2"/);
    expect(html).toMatch(/<input type="checkbox" id="q1-veg"[^>]*\/> Vegetarian menu/);
    expect(html).toMatch(/<select id="q1-time"><option value="" selected="">No choice<\/option><option value="19:00">Seven o’clock<\/option><\/select>/);
    expect(html).toMatch(/<button type="submit" class="button button--primary"[^>]*>Send<\/button>/);
    // MCP's refusal and dismissal look different, each said in a line the button points to (item 4).
    expect(html).toMatch(/<button type="button" class="button"[^>]*aria-describedby="q1-no"[^>]*>Say no<\/button>/);
    expect(html).toMatch(/<button type="button" class="button button--ghost"[^>]*aria-describedby="q1-later"[^>]*>Not now<\/button>/);
    expect(t).toContain('Send: your answer goes to “booking”.');
    expect(html).toContain('id="q1-no"><strong>Say no:</strong> “booking” is told you refused.</li>');
    expect(html).toContain('id="q1-later"><strong>Not now:</strong> “booking” is told you closed the question without answering.</li>');
    expect(t).not.toContain('Decline');
    expect(t).not.toContain('Cancel');
    expect(t).toContain('Your answer goes to “booking” only. Never type a password here.');
    // Answered with its form only: no Allow / Deny, no "Why am I asked?".
    expect(t).not.toContain('Allow once');
    expect(t).not.toContain('Why am I asked?');
  });

  it('counted like an approval: the window title, and "Waiting for you" on the row of the conversation it belongs to', () => {
    ev(question('q2', 's2'));
    expect(render(<ApprovalDialog />)).not.toContain('<dialog');
    expect(windowTitle('p', stores.tools.getState().permissions.length)).toBe('(1) p — Agent Desk');
    const row = text(render(<SessionList />));
    expect(row).toMatch(/Plan the trip Waiting for you/);
    expect(row).not.toMatch(/Book a table Waiting for you/);
  });

  it('asked with no call running: the project’s inbox, from the connected tool; answered there with its form or refused', () => {
    const project = question('q3', '', { origin: { kind: 'tool', label: 'booking' } });
    ev(project);
    expect(popsModal(project, 's1')).toBe(false);
    expect(render(<ApprovalDialog />)).not.toContain('<dialog');
    const html = render(<InboxPanel onClose={() => {}} onReview={() => {}} reviewing={false} />);
    const t = text(html);
    expect(t).toContain('From the connected tool “booking”');
    expect(t).toContain('1 question from “booking”');
    expect(t).toContain('Who is coming?');
    expect(html).toMatch(/<button[^>]*>Answer…<\/button>/);
    expect(html).toMatch(/<button[^>]*>Say no<\/button>/);
    expect(t).not.toContain('Allow once');
    // "Answer…" opens it in the full modal, with its form and where it comes from.
    const review = text(render(<ApprovalDialog reviewId="q3" inboxOpen onReviewEnd={() => {}} />));
    expect(review).toContain('From the connected tool “booking”, while no conversation was using it.');
    expect(review).toContain('Your name');
  });

  it('values as typed become the answer: numbers as numbers, empty optional ones left out', () => {
    const values = initialValues(input.fields);
    expect(values).toEqual({ name: '', email: '', guests: '2', veg: false, time: '' });
    expect(contentOf(input.fields, { ...values, name: 'Ada', guests: '3', veg: true })).toEqual({ name: 'Ada', guests: 3, veg: true });
    expect(contentOf(input.fields, { ...values, guests: 'three' })).toEqual({ guests: 'three', veg: false });
  });
});
