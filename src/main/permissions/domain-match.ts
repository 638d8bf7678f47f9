// `WebFetch(domain:example.com)`: the URL's host, exactly (case and a trailing dot ignored). Wildcards
// (`domain:*.example.com`, `domain:*`) are not Claude Code syntax: they widen deny and ask rules (the
// user meant to stop something) but never an allow rule. Other content matches the URL as a glob,
// again only for deny and ask.
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

function globRegex(glob: string): RegExp {
  const src = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${src}$`, 'si');
}

/** The host a `domain:` rule names, normalised; null for other content. */
export function ruleDomain(content: string): string | null {
  const m = /^domain:(.*)$/i.exec(content.trim());
  return m ? m[1]!.trim().toLowerCase().replace(/\.$/, '') : null;
}

export function webFetchRuleMatches(content: string, input: unknown, behavior: RuleBehavior): boolean {
  const url = urlOf(input);
  if (url === undefined) return false;
  const domain = ruleDomain(content);
  const host = hostOf(url);
  if (domain === null) return behavior !== 'allow' && globRegex(content.trim()).test(url.trim());
  if (domain === '') return false;
  // An unreadable URL cannot be shown not to be the denied host.
  if (host === null) return behavior !== 'allow';
  if (!domain.includes('*')) return host === domain;
  if (behavior === 'allow') return false;
  if (domain === '*') return true;
  if (domain.startsWith('*.')) return host.endsWith(domain.slice(1));
  return globRegex(domain).test(host);
}
