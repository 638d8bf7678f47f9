// The Changes pane's revert controls over real stores (PX6; static markup, effects do not run): each
// file has "Revert file", the pane "Revert all" and the words on what Revert covers; "Open in editor"
// only in the desktop app; a reverted file says so and offers no second revert.
import { describe, expect, it } from 'vitest';
import type { AppInit, HostKind } from '../../../shared/ipc/contract';
import type { ToolCallView } from '../../../shared/tools/tool-call';
import type { WriteOutput } from '../../../shared/tools/write';
import { createStores, type Stores } from '../stores/create-stores';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderLive } from '../testing/render-live';
import { ChangesPane } from './ChangesPane';

const P = '/home/ana/shop';
const init = (host: HostKind): AppInit => ({ host, version: '0.1.0', project: { dir: P, name: 'shop' }, auth: { configured: true, source: 'env:ANTHROPIC_API_KEY', canStoreKey: false }, model: 'm', recentProjects: [] });
const data: WriteOutput = { type: 'update', filePath: `${P}/a.ts`, content: 'b\n', originalFile: 'a\n', structuredPatch: [] };
const write: ToolCallView = { id: 'w1', name: 'Write', userFacingName: 'Write', kind: 'edit', messageId: 'm1', input: {}, state: 'succeeded', endedAt: 1, result: { text: 'ok', isError: false, data } };

async function storesFor(host: HostKind): Promise<Stores> {
  const bridge = createFakeBridge();
  bridge.handle('app:init', () => init(host));
  bridge.handle('session:list', () => ({ sessions: [] }));
  bridge.handle('permission:pending', () => ({ requests: [] }));
  bridge.handle('changes:revert', ({ paths }) => ({ files: (paths as string[]).map((path) => ({ path, outcome: 'restored' as const, message: 'Reverted: back to how it was before this conversation.' })) }));
  const stores = createStores(bridge, { schedule: () => () => {} });
  await stores.start();
  stores.sessions.setState({ currentId: 's1' });
  stores.tools.setState({ calls: { w1: write } });
  return stores;
}

const render = (stores: Stores): string => renderLive(stores, <ChangesPane onClose={() => {}} />, { projectDir: P });

describe('Changes pane: revert (PX6)', () => {
  it('web: Revert file, Revert all and what Revert covers; no Open in editor', async () => {
    const html = render(await storesFor('web'));
    expect(html).toMatch(/<button[^>]*>Revert file<\/button>/);
    expect(html).toMatch(/<button[^>]*>Revert all<\/button>/);
    expect(html).toContain('changes made by commands it ran are not included');
    expect(html).not.toContain('Open in editor');
  });

  it('desktop: Open in editor too; after a revert the file says so and offers no second revert', async () => {
    const stores = await storesFor('desktop');
    expect(render(stores)).toMatch(/<button[^>]*>Open in editor<\/button>/);
    await stores.changes.getState().revert({ sessionId: 's1', files: [{ path: `${P}/a.ts`, calls: 1 }] });
    const html = render(stores);
    expect(html).toContain('Reverted: back to how it was before this conversation.');
    expect(html).not.toContain('Revert file');
    expect(html).not.toContain('Revert all');
  });
});
