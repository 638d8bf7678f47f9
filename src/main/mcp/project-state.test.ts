// Issue 17 items 5, 6: approved tool definitions and the load-when-needed choice survive a restart, per
// project; a damaged file starts afresh and says so.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pinTool } from './pins';
import { createMcpStateStore } from './project-state';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-mcp-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('MCP project state (issue 17 items 5, 6)', () => {
  it('issue 17 items 5, 6: pins, deferred and turned-off servers are kept per project and read back after a restart', async () => {
    const file = path.join(dir, 'data', 'mcp-projects.json');
    const first = createMcpStateStore(file);
    const a = first.forProject('/projects/a');
    a.pin('srv', { echo: pinTool({ name: 'echo', description: 'Echoes' }) });
    a.pin('srv', { add: pinTool({ name: 'add', description: 'Adds' }) });
    a.setDeferred('srv', true);
    a.setDisabled('other', true);
    first.forProject('/projects/b').setDeferred('srv', true);
    first.forProject('/projects/b').setDeferred('srv', false);
    await first.flush();

    const again = createMcpStateStore(file);
    expect(again.warning).toBeNull();
    expect(Object.keys(again.forProject('/projects/a').pins('srv'))).toEqual(['echo', 'add']);
    expect(again.forProject('/projects/a').pins('srv').echo).toEqual(pinTool({ name: 'echo', description: 'Echoes' }));
    expect(again.forProject('/projects/a').deferred('srv')).toBe(true);
    expect(again.forProject('/projects/a').disabled('other')).toBe(true);
    expect(again.forProject('/projects/a').disabled('srv')).toBe(false);
    expect(again.forProject('/projects/b').deferred('srv')).toBe(false);
    expect(again.forProject('/projects/b').pins('srv')).toEqual({});
  });

  it('issue 17 item 5: a damaged file trusts no old pins and names the file', async () => {
    const file = path.join(dir, 'mcp-projects.json');
    await writeFile(file, '{ not json');
    const store = createMcpStateStore(file);
    expect(store.forProject('/p').pins('srv')).toEqual({});
    expect(store.warning).toContain('mcp-projects.json');
    store.forProject('/p').setDeferred('srv', true);
    await store.flush();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ [path.resolve('/p')]: { pins: {}, deferred: ['srv'], disabled: [] } });
  });

  it('issue 17 item 5: without a file everything is kept for this run only', () => {
    const store = createMcpStateStore(null);
    store.forProject('/p').pin('s', { t: pinTool({ name: 't' }) });
    expect(Object.keys(store.forProject('/p').pins('s'))).toEqual(['t']);
    expect(store.warning).toBeNull();
  });
});
