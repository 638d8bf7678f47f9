// DK5: the session sends a strict CSP on every response (replacing a server's own) and grants no
// permission; the same policy sits in index.html's <meta>, kept identical by a test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { electron, resetElectronStub } from '../../../test/electron-stub';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './csp';
import { hardenSession } from './session-hardening';

vi.mock('electron', async () => (await import('../../../test/electron-stub')).electron);

const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const ses = () => electron.session.defaultSession;

beforeEach(() => {
  resetElectronStub();
  hardenSession(ses() as never, { csp: CONTENT_SECURITY_POLICY, log });
});

describe('CSP (DK5)', () => {
  test('the policy is the strict one', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(contentSecurityPolicy(false)).toBe(CONTENT_SECURITY_POLICY);
    expect(contentSecurityPolicy(true)).toContain("script-src 'self' 'unsafe-inline'");
  });

  test('every response gets the Content-Security-Policy header', async () => {
    const headers = await ses().respond('file:///app/out/renderer/index.html', { 'Content-Type': ['text/html'] });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['Content-Type']).toEqual(['text/html']);
  });

  test("a server's own (looser) policy in any casing is replaced, not kept beside ours", async () => {
    const headers = await ses().respond('http://localhost:5173/', { 'content-security-policy': ["script-src *"] });
    expect(Object.keys(headers).filter((k) => k.toLowerCase() === 'content-security-policy')).toEqual(['Content-Security-Policy']);
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  test('index.html carries the same policy in its <meta>, less frame-ancestors (header-only)', () => {
    const html = readFileSync(join(__dirname, '../../renderer/index.html'), 'utf8');
    const m = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    expect(m?.[1]).toBe(META_CONTENT_SECURITY_POLICY);
    expect(META_CONTENT_SECURITY_POLICY).not.toContain('frame-ancestors');
    expect(CONTENT_SECURITY_POLICY).toBe(`${META_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  });
});

describe('permissions (DK5)', () => {
  test('every permission request is denied', () => {
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const cb = vi.fn();
      ses().permissionRequestHandler!(null, permission, cb, {});
      expect(cb).toHaveBeenCalledWith(false);
    }
  });

  test('every permission check answers false', () => {
    expect(ses().permissionCheckHandler!(null, 'media', 'file://', {})).toBe(false);
    expect(ses().permissionCheckHandler!(null, 'notifications', 'http://localhost:5173', {})).toBe(false);
  });
});
