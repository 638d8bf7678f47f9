// Serving the built renderer: request path → a file strictly inside the static folder, with its
// content type; traversal in any spelling (.., %2e%2e, backslashes, NUL, absolute forms) is refused.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export type PathResolution = { ok: true; rel: string } | { ok: false; status: 400 | 404; reason: string };

/**
 * Turn the raw request target (no query) into a relative path of safe segments. Works on the raw
 * string on purpose: WHATWG URL parsing would silently fold `..` and `%2e%2e` before we could see them.
 */
export function resolveRequestPath(rawPath: string): PathResolution {
  if (!rawPath.startsWith('/') || rawPath.startsWith('//')) return { ok: false, status: 400, reason: 'not an origin-form path' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400, reason: 'bad percent-encoding' };
  }
  if (/[\0\\]/.test(decoded) || decoded.includes('%')) return { ok: false, status: 400, reason: 'forbidden character' };
  if (decoded === '/') return { ok: true, rel: 'index.html' };
  const segments = decoded.slice(1).split('/');
  for (const seg of segments) {
    if (seg === '..' || seg === '.') return { ok: false, status: 400, reason: 'path traversal' };
    if (seg === '') return { ok: false, status: 404, reason: 'empty segment' };
    // Dotfiles and drive-letter forms are never part of the build.
    if (seg.startsWith('.') || seg.includes(':')) return { ok: false, status: 404, reason: 'hidden or special name' };
  }
  return { ok: true, rel: segments.join('/') };
}

/** The absolute file for a safe relative path, or null when missing, not a file, or outside the root (symlinks). */
export async function locateFile(rootReal: string, rel: string): Promise<{ file: string; size: number } | null> {
  const candidate = path.resolve(rootReal, rel);
  try {
    const real = await realpath(candidate);
    if (real !== rootReal && !real.startsWith(rootReal + path.sep)) return null;
    const st = await stat(real);
    if (!st.isFile()) return null;
    return { file: real, size: st.size };
  } catch {
    return null;
  }
}

/** Stream a file as the response body (headers already set by the caller except type and length). */
export function sendFile(res: ServerResponse, file: { file: string; size: number }, head: boolean, onError: (err: unknown) => void): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', contentTypeOf(file.file));
  res.setHeader('Content-Length', String(file.size));
  if (head) {
    res.end();
    return;
  }
  const stream = createReadStream(file.file);
  stream.on('error', (err) => {
    onError(err);
    res.destroy();
  });
  stream.pipe(res);
}
