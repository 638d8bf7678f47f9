// The renderer's Content-Security-Policy, in one place: sent as a response header by the desktop
// session and mirrored by the <meta> in src/renderer/index.html (a test keeps the two in step).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The <meta> copy: browsers ignore (and warn about) frame-ancestors in a meta tag; the header carries it. */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", '');

/**
 * The policy for a session. In dev the Vite React plugin injects an inline module script (the Fast
 * Refresh preamble), so the header allows inline scripts there; packaged builds never do.
 */
export function contentSecurityPolicy(dev: boolean): string {
  return dev ? CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'") : CONTENT_SECURITY_POLICY;
}
