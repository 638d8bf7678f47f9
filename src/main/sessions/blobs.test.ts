// Issue 16 item 6: a large Write's text is stored once beside the session file, however many lines
// carry it (the reply's blocks, the message, the call's snapshot); it loads back whole, a listing never
// reads it, a missing blob is named in a warning and the rest loads, and it moves with the session to
// the trash and back.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../shared/tools/tool-call';
import type { Message } from '../../shared/transcript';
import { sessionsDir } from '../base/data-paths';
import { BLOB_MIN_CHARS, blobReviver, serializeWithBlobs } from './blobs';
import { createSessionStore, type SessionMeta } from './store';

let dataDir: string;
const projectDir = '/work/p';
const warnings: string[] = [];
const log = { debug() {}, info() {}, warn: (m: string) => void warnings.push(m), error() {} };
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'agent-desk-blobs-'));
  warnings.length = 0;
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const big = 'x'.repeat(3 * BLOB_MIN_CHARS) + '\n"quoted" \u00e9 end';
const meta: SessionMeta = { type: 'meta', version: 1, id: 's1', projectDir, createdAt: 1, title: 'big write' };
const user: Message = { id: 'm1', role: 'user', content: [{ type: 'text', text: 'write it' }], createdAt: 2 };
const assistant: Message = { id: 'm2', role: 'assistant', content: [{ type: 'tool_use', id: 'tu1', name: 'Write', input: { file_path: '/work/p/a.txt', content: big } }], createdAt: 3 };
const call: ToolCallView = {
  id: 'tu1',
  name: 'Write',
  userFacingName: 'Write',
  messageId: 'm2',
  input: { file_path: '/work/p/a.txt', content: big },
  state: 'succeeded',
  summary: 'a.txt',
  result: { text: 'File created', isError: false, data: { type: 'create', filePath: '/work/p/a.txt', content: big, originalFile: null, structuredPatch: [] } },
  startedAt: 4,
  endedAt: 5,
};

async function saved() {
  const store = createSessionStore({ dataDir, log });
  await store.append(projectDir, 's1', { meta, lines: [{ type: 'reply_blocks', messageId: 'm2', blocks: assistant.content, at: 3 }], messages: [user, assistant], calls: [call] });
  const file = path.join(sessionsDir(dataDir, projectDir), 's1.jsonl');
  return { store, file, blobs: file.replace(/\.jsonl$/, '.blobs') };
}

describe('large strings stored once (issue 16 item 6)', () => {
  it('three lines carrying a 196 KB text make one blob; the file holds references only; it loads back whole', async () => {
    const { store, file, blobs } = await saved();
    expect(readdirSync(blobs)).toHaveLength(1);
    expect(statSync(path.join(blobs, readdirSync(blobs)[0]!)).size).toBe(Buffer.byteLength(big));
    expect((await readFile(file, 'utf8')).length).toBeLessThan(10_000);
    const loaded = await store.load(projectDir, 's1');
    expect(loaded?.messages.at(-1)).toEqual(assistant);
    expect(loaded?.calls).toEqual([call]);
  });

  it('a listing does not read the blobs and still counts the messages', async () => {
    const { store, blobs } = await saved();
    await rm(blobs, { recursive: true });
    expect(await store.list(projectDir)).toMatchObject([{ id: 's1', messageCount: 2 }]);
    expect(warnings).toEqual([]);
  });

  it('a missing blob is named in a warning; the session still opens with a note in its place', async () => {
    const { store, blobs } = await saved();
    await rm(blobs, { recursive: true });
    const loaded = await store.load(projectDir, 's1');
    expect(loaded?.messages).toHaveLength(2);
    const input = (loaded?.messages[1]?.content[0] as { input: { content: string } }).input;
    expect(input.content).toBe(`[${big.length} characters saved beside the session file are missing]`);
    expect(warnings.some((w) => /names saved text [0-9a-f]{12}… that is missing/.test(w))).toBe(true);
  });

  it('the blobs go to the trash with the session and come back with it', async () => {
    const { store, blobs } = await saved();
    expect(await store.remove(projectDir, 's1')).toBe(true);
    expect(existsSync(blobs)).toBe(false);
    expect(existsSync(path.join(path.dirname(blobs), '.trash', 's1.blobs'))).toBe(true);
    expect(await store.restore(projectDir, 's1')).toBe(true);
    expect((await store.load(projectDir, 's1'))?.calls).toEqual([call]);
  });

  it('short strings stay in the line; an object that only looks like a reference is left as it is', () => {
    const { json, blobs } = serializeWithBlobs({ a: 'short', b: { $adBlob: 'not-a-hash', chars: 3 } });
    expect(blobs.size).toBe(0);
    expect(JSON.parse(json, blobReviver(() => 'READ'))).toEqual({ a: 'short', b: { $adBlob: 'not-a-hash', chars: 3 } });
    const extra = JSON.stringify({ v: { $adBlob: 'a'.repeat(64), chars: 3, more: 1 } });
    expect(JSON.parse(extra, blobReviver(() => 'READ'))).toEqual({ v: { $adBlob: 'a'.repeat(64), chars: 3, more: 1 } });
  });
});
