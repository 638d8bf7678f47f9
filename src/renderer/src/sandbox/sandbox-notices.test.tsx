// Issue 15 item 2: the ledger above the message box — a host blocked through the proxy offers "Allow for
// this conversation / this project"; a raw /dev/tcp connection, which no allowance opens, says so and
// offers only Dismiss.
import { describe, expect, it } from 'vitest';
import type { AppInit } from '../../../shared/ipc/contract';
import type { BlockedConnection } from '../../../shared/sandbox';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { SandboxNotices } from './SandboxNotices';

const init: AppInit = { host: 'web', version: '0.1.0', project: { dir: '/p', name: 'p' }, auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false }, model: 'm', recentProjects: [] };
const at = Date.now();
const viaProxy: BlockedConnection = { id: 'blk_1', sessionId: 's1', command: 'npm install', host: 'registry.example.org', port: 443, reason: 'host is not on the allow list', at, lastAt: at, count: 2 };
const raw: BlockedConnection = { id: 'blk_2', sessionId: 's1', command: 'exec 3<>/dev/tcp/10.0.0.5/5432', host: '10.0.0.5', port: 5432, reason: 'a direct connection', direct: true, at, lastAt: at, count: 1 };

async function render(connections: BlockedConnection[]): Promise<string> {
  const bridge = createFakeBridge();
  bridge.handle('app:init', () => init);
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  bridge.handle('sandbox:blocked', () => ({ connections }));
  const stores: Stores = createStores(bridge, { schedule: () => () => {} });
  await stores.start();
  stores.sessions.setState({ currentId: 's1' });
  await stores.sandbox.getState().load('s1');
  return renderLive(stores, <SandboxNotices />);
}

describe('SandboxNotices (issue 15 item 2, BA6)', () => {
  it('a host refused at the proxy: which command, which host, how often, and both ways to allow it', async () => {
    const html = await render([viaProxy]);
    expect(html).toContain('<code>npm install</code> tried to reach <strong>registry.example.org</strong> (2 times) — blocked by the sandbox.');
    expect(html).toContain('aria-label="Allow registry.example.org for this conversation"');
    expect(html).toContain('aria-label="Allow registry.example.org for this project"');
  });

  it('a raw connection says that no allowance opens it, and offers only Dismiss', async () => {
    const html = await render([raw]);
    expect(html).toContain('aria-label="Blocked direct connection to 10.0.0.5"');
    expect(html).toMatch(/tried to connect to <strong>10\.0\.0\.5<\/strong> directly — blocked\./);
    expect(html).not.toContain('Allow 10.0.0.5');
    expect(html).toContain('aria-label="Dismiss the blocked connection to 10.0.0.5"');
  });
});
