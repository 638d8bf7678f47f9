// WebFetch's addresses: Claude Code's checks (length, credentials, a real host name), the http → https
// upgrade for every host but this computer's own, and which redirects stay on the same site.
export const MAX_URL_LENGTH = 2000;

/** This computer: an http address here stays http (a local server has no certificate). */
export function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Why the address cannot be fetched, or null when it can. */
export function urlProblem(raw: string): string | null {
  const invalid = `Error: Invalid URL "${raw}". The URL provided could not be parsed.`;
  if (raw.length > MAX_URL_LENGTH) return invalid;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return invalid;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return invalid;
  if (u.username || u.password) return invalid;
  // A bare name ("intranet") is not a public site; this computer's own names are fine.
  if (!isLocalHost(u.hostname) && u.hostname.split('.').length < 2) return invalid;
  return null;
}

/** The address fetched: http becomes https except on this computer. */
export function upgradeUrl(raw: string): string {
  const u = new URL(raw);
  if (u.protocol === 'http:' && !isLocalHost(u.hostname)) u.protocol = 'https:';
  return u.toString();
}

/** Claude Code's rule: a redirect is followed only on the same scheme, port and host (a `www.` aside). */
export function isPermittedRedirect(from: string, to: string): boolean {
  try {
    const a = new URL(from);
    const b = new URL(to);
    if (a.protocol !== b.protocol || a.port !== b.port) return false;
    if (b.username || b.password) return false;
    const bare = (h: string) => h.replace(/^www\./, '');
    return bare(a.hostname) === bare(b.hostname);
  } catch {
    return false;
  }
}
