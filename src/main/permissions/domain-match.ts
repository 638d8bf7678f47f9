// `WebFetch(domain:example.com)`: the URL's host (case and a trailing dot ignored on both sides), with
// Claude Code's wildcards (docs: permissions, "WebFetch"): `domain:*` is every host, a leading `*.` any
// subdomain at any depth (not the domain itself), and a `*` anywhere else one label only
// (`example.*` matches example.org, never example.evil.com). Other content matches the URL as a glob,
// only for deny and ask (our reading: it is not Claude Code syntax, so it never allows).
import { escapeGlobPart, starRegex } from './star-glob';
import type { RuleBehavior } from './types';

function hostOf(url: string): string | null {
  try {
    const u = new URL(url.trim());
    return u.hostname.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}

function urlOf(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const v = (input as { url?: unknown }).url;
  return typeof v === 'string' ? v : undefined;
}


/** The host a `domain:` rule names, normalised; null for other content. */
export function ruleDomain(content: string): string | null {
  const m = /^domain:(.*)$/i.exec(content.trim());
  return m ? m[1]!.trim().toLowerCase().replace(/\.$/, '') : null;
}

const domainGlobs = new Map<string, RegExp>();

/** A `domain:` pattern with `*` as a regular expression over a normalised host. */
function domainRegex(domain: string): RegExp {
  let re = domainGlobs.get(domain);
  if (!re) {
    const anyDepth = domain.startsWith('*.');
    const labels = (anyDepth ? domain.slice(2) : domain).split('*').map(escapeGlobPart);
    re = new RegExp(`^${anyDepth ? '(?:[^.]+\\.)+' : ''}${labels.join('[^.]*')}$`, 's');
    if (domainGlobs.size > 1_000) domainGlobs.clear();
    domainGlobs.set(domain, re);
  }
  return re;
}

export function webFetchRuleMatches(content: string, input: unknown, behavior: RuleBehavior): boolean {
  const url = urlOf(input);
  if (url === undefined) return false;
  const domain = ruleDomain(content);
  if (domain === null) return behavior !== 'allow' && starRegex(content.trim(), true).test(url.trim());
  if (domain === '') return false;
  const host = hostOf(url);
  // An unreadable URL cannot be shown not to be the denied host, nor to be the allowed one.
  if (host === null) return behavior !== 'allow';
  if (domain === '*') return true;
  if (!domain.includes('*')) return host === domain;
  return domainRegex(domain).test(host);
}
