// Who may talk to the web host: the access token (query or cookie, compared in constant time), the
// Host header (DNS-rebinding defence) and the Origin of WebSocket upgrades (cross-site defence).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_COOKIE, TOKEN_PARAM } from '../../shared/ipc/wire';

export interface AccessPolicy {
  /** The token a request carries (query first, then cookie), when it is the right one; else null. */
  tokenOf(req: IncomingMessage): { token: string; via: 'query' | 'cookie' } | null;
  /** Whether the Host header names this server. */
  hostAllowed(hostHeader: string | undefined): boolean;
  /** Whether an Origin header is this server's own origin. */
  originAllowed(origin: string | undefined): boolean;
  /** The Set-Cookie value that lets a browser's asset requests carry the token. */
  cookie(): string;
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** A host name as it appears in a Host header or URL (IPv6 literals in brackets). */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** Equal-time string comparison: hashing first makes the length of the secret irrelevant too. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

function queryToken(url: string | undefined): string | null {
  if (!url) return null;
  const q = url.indexOf('?');
  if (q < 0) return null;
  return new URLSearchParams(url.slice(q + 1)).get(TOKEN_PARAM);
}

function cookieToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== TOKEN_COOKIE) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export function createAccessPolicy(opts: { token: string; host: string; port: number }): AccessPolicy {
  const { token, host, port } = opts;
  // Loopback servers answer to every loopback spelling; others only to the exact bound name.
  // A wildcard bind (0.0.0.0) cannot know its public name, so only the port is checked there
  // and the token alone guards it.
  const own = urlHost(host).toLowerCase();
  const names = isLoopback(host) ? [...LOOPBACK_NAMES, own] : [own];
  // Browsers drop the default port from Host and Origin.
  const allowed = new Set(names.flatMap((n) => (port === 80 ? [`${n}:${port}`, n] : [`${n}:${port}`])));
  const hostAllowed = (value: string | undefined): boolean => {
    if (!value) return false;
    const v = value.toLowerCase();
    if (isWildcard(host)) return v.endsWith(`:${port}`) && !/[\s/@]/.test(v);
    return allowed.has(v);
  };
  return {
    tokenOf(req) {
      const q = queryToken(req.url);
      if (q !== null && safeEqual(q, token)) return { token: q, via: 'query' };
      const c = cookieToken(req.headers.cookie);
      if (c !== null && safeEqual(c, token)) return { token: c, via: 'cookie' };
      return null;
    },
    hostAllowed,
    originAllowed(origin) {
      if (!origin) return false;
      let u: URL;
      try {
        u = new URL(origin);
      } catch {
        return false;
      }
      // Origin is exactly scheme://host[:port]; anything else (a path, credentials) is not an origin.
      if (u.protocol !== 'http:' || u.origin !== origin.toLowerCase()) return false;
      return hostAllowed(u.host);
    },
    cookie() {
      return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
    },
  };
}
