// Issue 17 item 6: a connected tool's question as a form — its message, a field per asked value with
// its label, Send / Decline / Cancel — and the store: questions arrive by event, the answer goes to
// main, a refused one is said in words, a closed one goes away. (Static renders, as mcp-pane.test.)
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import type { McpElicitation } from '../../../shared/mcp-elicitation';
import { createStores, type Stores } from '../stores/create-stores';
import { StoresProvider } from '../stores/react';
import { createFakeBridge } from '../testing/fake-bridge';
import { McpQuestions } from './McpQuestion';
import { contentOf, initialValues } from './question-values';

const init: AppInit = { host: 'web', version: '0.1.0', project: { dir: '/p', name: 'p' }, auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false }, model: 'm', recentProjects: [] };
const question: McpElicitation = {
  id: 'q1',
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

async function setup(pending: McpElicitation[] = []) {
  const bridge = createFakeBridge();
  bridge.handle('app:init', () => init);
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  bridge.handle('mcp:list', () => ({ servers: [] }));
  bridge.handle('mcp:elicitations', () => ({ elicitations: pending }));
  const stores = createStores(bridge, { schedule: () => () => {} });
  await stores.start();
  await stores.mcp.getState().load();
  await Promise.resolve();
  return { stores, bridge };
}

/** No question: only the (empty) spoken-notice region is there. */
const NOTHING = '<div class="visually-hidden" role="status" aria-label="Question notices"></div>';

const render = (stores: Stores) => renderToStaticMarkup(<StoresProvider stores={{ ...stores, mcp: { ...stores.mcp, getInitialState: stores.mcp.getState } }}><McpQuestions /></StoresProvider>);

describe('A connected tool’s question (issue 17 item 6)', () => {
  it('issue 17 item 6: a form from the fields asked for, with Send, Decline and Cancel', async () => {
    const { stores, bridge } = await setup();
    expect(render(stores)).toBe(NOTHING);
    bridge.emit('mcp:elicitation', question);
    bridge.emit('mcp:elicitation', { ...question, id: 'q2' });
    const html = render(stores);
    expect(html).toContain('role="dialog" aria-modal="false" aria-labelledby="q1-title" aria-describedby="q1-message"');
    // Announced (like an approval it does not take the keyboard; F6 reaches it).
    expect(html).toContain('aria-label="Question notices">The connected tool “booking” asks you something: Who is coming? Press F6 to answer.</div>');
    expect(html).toContain('Press F6 to come here');
    expect(html).toContain('<h2 id="q1-title" class="mcp-question__title">The connected tool “booking” asks you</h2>');
    expect(html).toContain('Who is coming?');
    expect(html).toMatch(/<label for="q1-name">Your name<\/label><input type="text" id="q1-name" aria-describedby="q1-name-hint" required=""/);
    expect(html).toContain('<label for="q1-email">Email (optional)</label><input type="email"');
    expect(html).toMatch(/<input type="number" id="q1-guests" required="" step="1" min="1" max="12" value="2"/);
    expect(html).toMatch(/<input type="checkbox" id="q1-veg"[^>]*\/> Vegetarian menu/);
    expect(html).toMatch(/<select id="q1-time"><option value="" selected="">No choice<\/option><option value="19:00">Seven o’clock<\/option><\/select>/);
    expect(html).toContain('<button type="submit" class="button button--primary">Send</button>');
    expect(html).toContain('>Decline</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('1 more question waits');
    expect(html).toContain('Your answer goes to “booking” only. Never type a password here.');
  });

  it('issue 17 item 6: the answer goes to main; a refused one is said; a closed question goes away', async () => {
    const { stores, bridge } = await setup([question]);
    expect(stores.mcp.getState().questions.map((q) => q.id)).toEqual(['q1']);
    bridge.fail('mcp:elicitation-reply', { code: 'invalid_input', message: '“Your name” is needed.' });
    expect(await stores.mcp.getState().answer('q1', { action: 'accept', content: {} })).toBe('“Your name” is needed.');
    expect(stores.mcp.getState().questions).toHaveLength(1);
    bridge.handle('mcp:elicitation-reply', () => ({}));
    expect(await stores.mcp.getState().answer('q1', { action: 'decline' })).toBeNull();
    expect(bridge.calls.filter((c) => c.channel === 'mcp:elicitation-reply').at(-1)?.request).toEqual({ id: 'q1', answer: { action: 'decline' } });
    expect(stores.mcp.getState().questions).toEqual([]);
    bridge.emit('mcp:elicitation', question);
    bridge.emit('mcp:elicitation-closed', { id: 'q1' });
    expect(render(stores)).toBe(NOTHING);
  });

  it('issue 17 item 6: values as typed become the answer: numbers as numbers, empty optional ones left out', () => {
    const values = initialValues(question.fields);
    expect(values).toEqual({ name: '', email: '', guests: '2', veg: false, time: '' });
    expect(contentOf(question.fields, { ...values, name: 'Ada', guests: '3', veg: true })).toEqual({ name: 'Ada', guests: 3, veg: true });
    expect(contentOf(question.fields, { ...values, guests: 'three' })).toEqual({ guests: 'three', veg: false });
  });
});
