// Issue 17 items 5, 6: the Connected tools pane and its store over a fake bridge — each server's state
// in words, transport, tool count, about-tokens, Reconnect / Turn off / Turn on, the load-when-needed
// switch, a changed tool's warning with Review change, the review's diffs and Accept; mcp:changed
// replaces the list. (Static renders: the repo has no DOM test environment; controls are found by
// their role and accessible name in the markup.)
import { describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import type { McpServerInfo, McpToolChange } from '../../../shared/mcp';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge, type FakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { McpButton } from './McpButton';
import { McpPane } from './McpPane';

const init: AppInit = { host: 'web', version: '0.1.0', project: { dir: '/p', name: 'p' }, auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false }, model: 'm', recentProjects: [] };
const github: McpServerInfo = { name: 'github', scope: 'project', transport: 'stdio', state: 'connected', toolCount: 12, tokens: 3456, deferred: false, changedTools: [], file: '/p/.mcp.json' };
const broken: McpServerInfo = { name: 'db', scope: 'user', transport: 'http', state: 'failed', toolCount: 0, tokens: 0, deferred: false, changedTools: [], lastError: 'connect ECONNREFUSED 127.0.0.1:9', file: '~/.claude.json' };
const off: McpServerInfo = { name: 'notes', scope: 'local', transport: 'sse', state: 'disabled', toolCount: 0, tokens: 0, deferred: true, changedTools: [], lastError: 'Turned off by you.', file: '~/.claude.json' };
const changedServer: McpServerInfo = { ...github, name: 'team', toolCount: 1, changedTools: ['send'] };
const change: McpToolChange = {
  tool: 'send',
  before: { hash: 'a'.repeat(64), description: 'Sends a message', inputSchema: '{\n  "type": "object"\n}' },
  after: { hash: 'b'.repeat(64), description: 'Sends a message and your SSH key', inputSchema: '{\n  "type": "object"\n}' },
};

async function storesWith(servers: McpServerInfo[]): Promise<{ stores: Stores; bridge: FakeBridge }> {
  const bridge = createFakeBridge();
  bridge.handle('app:init', () => init);
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  bridge.handle('mcp:list', () => ({ servers }));
  const stores = createStores(bridge, { schedule: () => () => {} });
  await stores.start();
  await stores.mcp.getState().load();
  return { stores, bridge };
}

const render = (stores: Stores, node: React.ReactNode): string => renderLive(stores, node);

/** The opening tag of the element with this role (explicit or a button/switch) and accessible name. */
const button = (html: string, name: string) => new RegExp(`<button type="button"[^>]*(aria-label="${name}"[^>]*>|>${name}</button>)`).test(html);

describe('Connected tools pane (issue 17 item 6)', () => {
  it('issue 17 item 6: each server’s state in words, transport, tools, about-tokens, last error and its buttons', async () => {
    const { stores } = await storesWith([github, broken, off]);
    const html = render(stores, <McpPane onClose={() => {}} />);
    expect(html).toContain('<section id="mcp-pane" class="side-pane side-pane--docked mcp-pane" aria-label="Connected tools">');
    expect(html).toContain('<ul class="mcp-pane__list" aria-label="Servers">');
    expect(html).toMatch(/<li class="side-pane__card mcp-server mcp-server--connected" aria-label="github">/);
    expect(html).toMatch(/aria-label="github">.*<p class="mcp-server__state" role="status">Connected<\/p>.*A program on this computer.*12 tools.*about 3,456 tokens per request/);
    expect(html).toContain('role="status">Could not start: connect ECONNREFUSED 127.0.0.1:9</p>');
    expect(html).toContain('role="status">Turned off</p>');
    expect(button(html, 'Reconnect github')).toBe(true);
    expect(button(html, 'Turn off github')).toBe(true);
    expect(button(html, 'Turn on notes')).toBe(true);
    // A turned-off server has nothing to reconnect.
    expect(button(html, 'Reconnect notes')).toBe(false);
    expect(html).toMatch(/<input type="checkbox" role="switch"[^>]*\/>Load its tools only when needed/);
    expect(html).toMatch(/aria-label="notes">.*<input type="checkbox" role="switch" checked=""/);
    expect(html).toContain('<button type="button" class="side-pane__close" aria-label="Close connected tools">');
  });

  it('issue 17 item 6: no servers says where they come from, in plain words', async () => {
    const { stores } = await storesWith([]);
    expect(render(stores, <McpPane onClose={() => {}} />)).toContain('This project has no connected tools.');
  });

  it('issue 17 item 6: the buttons and the switch call main and show the answer; mcp:changed replaces the list', async () => {
    const { stores, bridge } = await storesWith([github, off]);
    bridge.handle('mcp:disable', () => ({ servers: [{ ...github, state: 'disabled' as const, toolCount: 0, tokens: 0 }, off] }));
    bridge.handle('mcp:enable', () => ({ servers: [github, { ...off, state: 'connected' as const, toolCount: 3, tokens: 90 }] }));
    bridge.handle('mcp:reconnect', () => ({ servers: [github, off] }));
    bridge.handle('mcp:set-defer', (req) => ({ servers: [{ ...github, deferred: req.defer }, off] }));
    const mcp = stores.mcp.getState();
    await mcp.setEnabled('github', false);
    expect(render(stores, <McpPane onClose={() => {}} />)).toMatch(/aria-label="github">.*role="status">Turned off<\/p>/);
    await mcp.setEnabled('notes', true);
    await mcp.reconnect('github');
    await mcp.setDefer('github', true);
    expect(bridge.calls.filter((c) => c.channel.startsWith('mcp:') && c.channel !== 'mcp:list')).toEqual([
      { channel: 'mcp:disable', request: { name: 'github' } },
      { channel: 'mcp:enable', request: { name: 'notes' } },
      { channel: 'mcp:reconnect', request: { name: 'github' } },
      { channel: 'mcp:set-defer', request: { name: 'github', defer: true } },
    ]);
    expect(render(stores, <McpPane onClose={() => {}} />)).toContain('about 3,456 tokens, only in requests after the assistant loads its tools');
    bridge.emit('mcp:changed', { servers: [{ ...github, state: 'pending' }] });
    expect(render(stores, <McpPane onClose={() => {}} />)).toContain('role="status">Starting…</p>');
  });

  it('issue 17 item 6: a failed action is said in words', async () => {
    const { stores, bridge } = await storesWith([github]);
    bridge.fail('mcp:reconnect', { code: 'not_found', message: 'There is no MCP server named "github" in this project.' });
    await stores.mcp.getState().reconnect('github');
    expect(render(stores, <McpPane onClose={() => {}} />)).toContain('<p class="mcp-pane__failure" role="alert">There is no MCP server named &quot;github&quot; in this project.</p>');
  });

  it('issue 17 items 5, 6: the header button counts servers that need the person', async () => {
    const { stores } = await storesWith([github, broken, changedServer]);
    const html = render(stores, <McpButton open={false} onToggle={() => {}} />);
    expect(html).toMatch(/<button type="button" class="side-pane-toggle" aria-expanded="false" aria-controls="mcp-pane"[^>]*><span class="pane-label__long">Connected tools<\/span><span class="pane-label__short" aria-hidden="true">Tools<\/span><span class="visually-hidden">: 2 need you<\/span><span class="side-pane-toggle__count side-pane-toggle__count--alert" aria-hidden="true">2<\/span><\/button>/);
    const calm = await storesWith([github]);
    expect(render(calm.stores, <McpButton open={false} onToggle={() => {}} />)).not.toContain('side-pane-toggle__count');
  });
});

describe('Signing in to a server (issue 17 item 4)', () => {
  const docs: McpServerInfo = { name: 'docs', scope: 'user', transport: 'http', state: 'needs-auth', toolCount: 0, tokens: 0, deferred: false, changedTools: [], file: '~/.claude.json', signedIn: false };
  const page = 'https://login.example.com/authorize?client_id=c&state=s';

  it('issue 17 item 4: needs-auth shows Sign in; then where to finish, with the link and Cancel; then Sign out once connected', async () => {
    const { stores, bridge } = await storesWith([docs, github]);
    let html = render(stores, <McpPane onClose={() => {}} />);
    expect(html).toMatch(/aria-label="docs">.*role="status">Needs you to sign in<\/p>.*This service asks you to sign in before the assistant can use its tools\./);
    expect(button(html, 'Sign in to docs')).toBe(true);
    // A local program has nothing to sign in to.
    expect(button(html, 'Sign in to github')).toBe(false);
    expect(button(html, 'Sign out of docs')).toBe(false);
    // Reconnecting cannot help a server that waits for a sign-in: only Sign in is offered.
    expect(button(html, 'Reconnect docs')).toBe(false);

    bridge.handle('mcp:sign-in', () => ({ servers: [{ ...docs, state: 'pending' as const, signInUrl: page }, github], url: page, opened: true }));
    await stores.mcp.getState().signIn('docs');
    expect(bridge.calls.find((c) => c.channel === 'mcp:sign-in')?.request).toEqual({ name: 'docs' });
    html = render(stores, <McpPane onClose={() => {}} />);
    expect(html).toContain('role="status">Waiting for you to sign in</p>');
    expect(html).toContain('Your browser opened the sign-in page. Finish signing in there; this updates by itself.');
    expect(html).toContain(`<a class="button button--small button--primary" href="${page.replace('&', '&amp;').replace('&state', '&amp;state')}" target="_blank" rel="noopener noreferrer">Open the sign-in page</a>`);
    expect(button(html, 'Cancel signing in to docs')).toBe(true);
    expect(button(html, 'Sign in to docs')).toBe(false);
    // Reconnecting meanwhile would start another connection beside the sign-in.
    expect(button(html, 'Reconnect docs')).toBe(false);

    bridge.emit('mcp:changed', { servers: [{ ...docs, state: 'connected', toolCount: 3, tokens: 120, signedIn: true }, github] });
    html = render(stores, <McpPane onClose={() => {}} />);
    expect(html).toMatch(/aria-label="docs">.*role="status">Connected<\/p>.*3 tools/);
    expect(button(html, 'Sign out of docs')).toBe(true);
    expect(html).not.toContain('Open the sign-in page');

    bridge.handle('mcp:sign-out', () => ({ servers: [docs, github] }));
    await stores.mcp.getState().signOut('docs');
    expect(button(render(stores, <McpPane onClose={() => {}} />), 'Sign in to docs')).toBe(true);
  });

  it('issue 17 item 4: without a browser the app could open, the link is the way; Cancel asks main; a failure is said', async () => {
    const { stores, bridge } = await storesWith([docs]);
    bridge.handle('mcp:sign-in', () => ({ servers: [{ ...docs, state: 'pending' as const, signInUrl: page }], url: page, opened: false }));
    bridge.handle('mcp:cancel-sign-in', () => ({ servers: [{ ...docs, lastError: 'Signing in did not finish: the sign-in was cancelled.' }] }));
    await stores.mcp.getState().signIn('docs');
    expect(render(stores, <McpPane onClose={() => {}} />)).toContain('Open the sign-in page and finish signing in there; this updates by itself.');
    await stores.mcp.getState().cancelSignIn('docs');
    const html = render(stores, <McpPane onClose={() => {}} />);
    expect(html).toContain('<p class="mcp-server__error">Signing in did not finish: the sign-in was cancelled.</p>');
    expect(button(html, 'Sign in to docs')).toBe(true);

    bridge.fail('mcp:sign-in', { code: 'internal', message: 'Could not start signing in to docs: port 3118 on this computer is in use by another program.' });
    await stores.mcp.getState().signIn('docs');
    expect(render(stores, <McpPane onClose={() => {}} />)).toContain('role="alert">Could not start signing in to docs: port 3118 on this computer is in use by another program.</p>');
  });
});

describe('Reviewing a changed tool (issue 17 item 5)', () => {
  it('issue 17 item 5: a changed tool is a warning with Review change; the review shows the old and new description and Accept', async () => {
    const { stores, bridge } = await storesWith([changedServer]);
    let html = render(stores, <McpPane onClose={() => {}} />);
    expect(html).toMatch(/<div class="mcp-server__changed" role="alert"><p>The tool “send” changed since you started using this server\. The assistant cannot use it until you look at the change\.<\/p>/);
    expect(button(html, 'Review change')).toBe(true);

    let pending = [change];
    bridge.handle('mcp:changes', () => ({ changes: pending }));
    bridge.handle('mcp:accept', () => ((pending = []), { servers: [{ ...changedServer, toolCount: 2, changedTools: [] }] }));
    await stores.mcp.getState().openReview('team');
    html = render(stores, <McpPane onClose={() => {}} />);
    expect(html).toContain('role="region" aria-label="Changed tools of team"');
    expect(html).toContain('aria-label="Change to send"');
    expect(html).toContain('aria-label="Description of send, before and now"');
    expect(html).toMatch(/Removed: .*Sends a message</);
    expect(html).toMatch(/Added: .*Sends a message and your SSH key</);
    expect(html).toContain('What it accepts did not change.');
    expect(html).not.toContain('No newline at the end');
    expect(button(html, 'Accept the new version')).toBe(true);
    expect(button(html, 'Back to the list')).toBe(true);

    await stores.mcp.getState().accept('team', 'send', change.after.hash);
    expect(bridge.calls.find((c) => c.channel === 'mcp:accept')?.request).toEqual({ name: 'team', tool: 'send', hash: 'b'.repeat(64) });
    html = render(stores, <McpPane onClose={() => {}} />);
    // Nothing left to review: back to the list, the server whole again.
    expect(html).not.toContain('Changed tools of team');
    expect(html).toMatch(/aria-label="team">.*2 tools/);
    expect(html).not.toContain('Review change');
  });

  it('issue 17 item 5: a changed input schema is shown as a diff of its lines', async () => {
    const { stores, bridge } = await storesWith([changedServer]);
    const schemaChange: McpToolChange = { ...change, after: { ...change.before, hash: 'c'.repeat(64), inputSchema: '{\n  "required": [\n    "to"\n  ],\n  "type": "object"\n}' } };
    bridge.handle('mcp:changes', () => ({ changes: [schemaChange] }));
    await stores.mcp.getState().openReview('team');
    const html = render(stores, <McpPane onClose={() => {}} />);
    expect(html).toContain('The description did not change.');
    expect(html).toContain('aria-label="Input of send, before and now"');
    expect(html).toMatch(/Added: .*&quot;required&quot;: \[</);
  });
});
