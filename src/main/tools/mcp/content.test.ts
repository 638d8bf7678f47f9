import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_INLINE_BINARY_BYTES, simplify, toResultBlocks } from './content';

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'mcp-content-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const b64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

describe('MCP content → tool_result blocks (PL6, MC6)', () => {
  it('text stays text; a text-only result becomes one string', async () => {
    const { blocks } = await toResultBlocks([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], { dir, id: 't1' });
    expect(simplify(blocks)).toBe('a\nb');
  });

  it('a PNG image stays inline for the model; a type the API cannot take is saved', async () => {
    const { blocks, savedFiles } = await toResultBlocks(
      [
        { type: 'image', data: b64(10), mimeType: 'image/png' },
        { type: 'image', data: b64(10), mimeType: 'image/svg+xml' },
      ],
      { dir, id: 't1' },
    );
    expect(blocks[0]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(10) } });
    expect(savedFiles).toEqual([path.join(dir, 't1-1.svg')]);
    expect(blocks[1]).toEqual({ type: 'text', text: `[Image (image/svg+xml, 1 KB) saved to ${savedFiles[0]}]` });
  });

  it('a binary blob over 25 KB is saved to disk and referenced; a smaller one stays inline (MC6)', async () => {
    const big = b64(MAX_INLINE_BINARY_BYTES + 1);
    const { blocks, savedFiles } = await toResultBlocks(
      [
        { type: 'resource', resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: big } },
        { type: 'resource', resource: { uri: 'file:///s.bin', blob: b64(3) } },
        { type: 'resource', resource: { uri: 'file:///t.txt', text: 'plain words' } },
      ],
      { dir, id: 'call/../x' },
    );
    expect(savedFiles).toEqual([path.join(dir, 'call____x-1.pdf')]);
    expect(readFileSync(savedFiles[0]!).length).toBe(MAX_INLINE_BINARY_BYTES + 1);
    expect(blocks.map((b) => (b as { text: string }).text)).toEqual([
      `[Resource file:///r.pdf (application/pdf, 25 KB) saved to ${savedFiles[0]}]`,
      `[Resource file:///s.bin (binary), base64: ${b64(3)}]`,
      'plain words',
    ]);
  });

  it('a resource link is named; an unknown block is shown as JSON', async () => {
    const { blocks } = await toResultBlocks([{ type: 'resource_link', name: 'doc', uri: 'demo://d' }, { type: 'weird', x: 1 }], { dir, id: 't' });
    expect(simplify(blocks)).toBe('[Resource link: doc demo://d]\n{"type":"weird","x":1}');
  });
});
