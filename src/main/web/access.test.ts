// Access rules in isolation: constant-time token match from query or cookie, Host and Origin checks
// for loopback, named and wildcard binds (DNS-rebinding and cross-site WebSocket defences).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createAccessPolicy, isLoopback, safeEqual } from './access';

const req = (url: string, cookie?: string) => ({ url, headers: cookie ? { cookie } : {} }) as IncomingMessage;

describe('access policy', () => {
  const p = createAccessPolicy({ token: 'tok/en+=ü', host: '127.0.0.1', port: 4567 });

  it('safeEqual compares content, whatever the lengths', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', 'a')).toBe(false);
  });

  it('takes the token from the query (URL-encoded) or the cookie', () => {
    const enc = encodeURIComponent('tok/en+=ü');
    expect(p.tokenOf(req(`/?token=${enc}`))).toEqual({ token: 'tok/en+=ü', via: 'query' });
    expect(p.tokenOf(req('/', `a=1; agent_desk_token=${enc}; b=2`))).toEqual({ token: 'tok/en+=ü', via: 'cookie' });
    expect(p.tokenOf(req('/?token=bad', `agent_desk_token=${enc}`))?.via).toBe('cookie');
    expect(p.tokenOf(req('/?token=bad'))).toBeNull();
    expect(p.tokenOf(req('/', 'agent_desk_token=%E0%A4%A'))).toBeNull(); // bad encoding
    expect(p.tokenOf(req('/', 'other_token=' + enc))).toBeNull();
    expect(p.cookie()).toBe(`agent_desk_token=${enc}; HttpOnly; SameSite=Strict; Path=/`);
  });

  it('loopback bind: every loopback spelling with our port, nothing else', () => {
    for (const h of ['127.0.0.1:4567', 'localhost:4567', 'LocalHost:4567', '[::1]:4567']) expect(p.hostAllowed(h), h).toBe(true);
    for (const h of [undefined, '', '127.0.0.1', '127.0.0.1:4568', 'evil.com:4567', 'localhost.evil.com:4567', '127.0.0.1:4567.evil'])
      expect(p.hostAllowed(h), String(h)).toBe(false);
  });

  it('origin must be our own http origin', () => {
    expect(p.originAllowed('http://127.0.0.1:4567')).toBe(true);
    expect(p.originAllowed('http://localhost:4567')).toBe(true);
    for (const o of [undefined, '', 'null', 'http://evil.com', 'http://evil.com:4567', 'https://127.0.0.1:4567', 'http://127.0.0.1:4568', 'http://127.0.0.1:4567/path', 'http://u@127.0.0.1:4567', 'file://'])
      expect(p.originAllowed(o), String(o)).toBe(false);
  });

  it('named bind: only the exact name', () => {
    const n = createAccessPolicy({ token: 't', host: '192.168.1.5', port: 80 });
    expect(n.hostAllowed('192.168.1.5')).toBe(true); // default port is dropped by browsers
    expect(n.hostAllowed('192.168.1.5:80')).toBe(true);
    expect(n.hostAllowed('localhost:80')).toBe(false);
    expect(n.originAllowed('http://192.168.1.5')).toBe(true);
    expect(n.originAllowed('http://evil.com')).toBe(false);
  });

  it('wildcard bind: any name with our port (the token is the guard)', () => {
    const w = createAccessPolicy({ token: 't', host: '0.0.0.0', port: 9000 });
    expect(w.hostAllowed('10.0.0.3:9000')).toBe(true);
    expect(w.hostAllowed('10.0.0.3:9001')).toBe(false);
    expect(w.hostAllowed('a@b:9000')).toBe(false);
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.1.2.3'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '192.168.0.1', 'example.com'].some(isLoopback)).toBe(false);
  });
});
