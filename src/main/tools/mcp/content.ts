// An MCP result's content blocks → tool_result blocks (PL6, MC6): text as text, images the API takes
// inline, embedded text resources as text; binary blobs over 25 KB (and images the API cannot take)
// saved under the session's tool-results folder and referenced by path.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ResultBlock = { type: 'text'; text: string } | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

/** MC6: binary output over this is saved to disk and referenced. */
export const MAX_INLINE_BINARY_BYTES = 25 * 1024;
/** The Messages API's own limit for one image. */
const MAX_INLINE_IMAGE_BYTES = 5 * 1024 * 1024;
const API_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'application/gzip': 'gz',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};

export interface SaveTarget {
  dir: string;
  /** Names the files (`<id>-<n>.<ext>`). */
  id: string;
}

const bytesOfBase64 = (b64: string) => Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

function sizeWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

async function save(target: SaveTarget, n: number, mimeType: string | undefined, base64: string): Promise<string> {
  const safeId = target.id.replace(/[^A-Za-z0-9_-]/g, '_') || 'result';
  const file = path.join(target.dir, `${safeId}-${n}.${EXTENSIONS[mimeType ?? ''] ?? 'bin'}`);
  await mkdir(target.dir, { recursive: true });
  await writeFile(file, Buffer.from(base64, 'base64'));
  return file;
}

type McpBlock = { type: string; [k: string]: unknown };

export async function toResultBlocks(content: readonly unknown[], target: SaveTarget): Promise<{ blocks: ResultBlock[]; savedFiles: string[] }> {
  const blocks: ResultBlock[] = [];
  const savedFiles: string[] = [];
  let n = 0;
  const saveBinary = async (mimeType: string | undefined, data: string, what: string) => {
    const file = await save(target, ++n, mimeType, data);
    savedFiles.push(file);
    blocks.push({ type: 'text', text: `[${what} (${mimeType ?? 'binary'}, ${sizeWords(bytesOfBase64(data))}) saved to ${file}]` });
  };
  for (const raw of content) {
    const b = raw as McpBlock;
    if (b.type === 'text' && typeof b.text === 'string') {
      blocks.push({ type: 'text', text: b.text });
    } else if (b.type === 'image' && typeof b.data === 'string') {
      const mime = typeof b.mimeType === 'string' ? b.mimeType : 'image/png';
      if (API_IMAGE_TYPES.has(mime) && bytesOfBase64(b.data) <= MAX_INLINE_IMAGE_BYTES) blocks.push({ type: 'image', source: { type: 'base64', media_type: mime, data: b.data } });
      else await saveBinary(mime, b.data, 'Image');
    } else if (b.type === 'audio' && typeof b.data === 'string') {
      await saveBinary(typeof b.mimeType === 'string' ? b.mimeType : undefined, b.data, 'Audio');
    } else if (b.type === 'resource' && typeof b.resource === 'object' && b.resource !== null) {
      const r = b.resource as { uri?: string; mimeType?: string; text?: string; blob?: string };
      if (typeof r.text === 'string') blocks.push({ type: 'text', text: r.text });
      else if (typeof r.blob === 'string') {
        if (bytesOfBase64(r.blob) > MAX_INLINE_BINARY_BYTES) await saveBinary(r.mimeType, r.blob, `Resource ${r.uri ?? ''}`.trim());
        else blocks.push({ type: 'text', text: `[Resource ${r.uri ?? ''} (${r.mimeType ?? 'binary'}), base64: ${r.blob}]` });
      }
    } else if (b.type === 'resource_link') {
      blocks.push({ type: 'text', text: `[Resource link: ${String(b.name ?? '')} ${String(b.uri ?? '')}]`.replace(/\s+\]/, ']') });
    } else {
      blocks.push({ type: 'text', text: JSON.stringify(raw) });
    }
  }
  return { blocks, savedFiles };
}

/** A text-only result as one string (what most tools return); mixed content stays blocks. */
export function simplify(blocks: ResultBlock[]): string | ResultBlock[] {
  if (blocks.every((b) => b.type === 'text')) return blocks.map((b) => (b as { text: string }).text).join('\n');
  return blocks;
}
