// `WebFetch(domain:example.com)`: the URL's host (case and a trailing dot ignored on both sides), with
// Claude Code's wildcards (docs: permissions, "WebFetch"): `domain:*` is every host, a leading `*.` any
// subdomain at any depth (not the domain itself), and a `*` anywhere else one label only
// (`example.*` matches example.org, never example.evil.com). Other content matches the URL as a glob,
// only for deny and ask (our reading: it is not Claude Code syntax, so it never allows).
import { ANY, ch, type Matcher } from '../base/automaton';
import { starMatcher } from './star-glob';
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

const DOT = 46;
const notDot = (c: number): boolean => c !== DOT;

/**
 * A `domain:` pattern with `*` over a normalised host: a leading `*.` is one or more whole labels (a
 * host has no empty labels, so "a non-dot, then anything, then a dot"), any other `*` stays inside
 * one label.
 */
function domainMatcher(domain: string): Matcher {
  if (!domain.startsWith('*.')) return starMatcher(domain, false, notDot);
  return starMatcher(domain.slice(2), false, notDot, [{ t: 'char', test: notDot }, { t: 'loop', test: ANY }, ch(DOT)]);
}

export function webFetchRuleMatches(content: string, input: unknown, behavior: RuleBehavior): boolean {
  const url = urlOf(input);
  if (url === undefined) return false;
  const domain = ruleDomain(content);
  if (domain === null) return behavior !== 'allow' && starMatcher(content.trim(), true).test(url.trim());
  if (domain === '') return false;
  const host = hostOf(url);
  // An unreadable URL cannot be shown not to be the denied host, nor to be the allowed one.
  if (host === null) return behavior !== 'allow';
  if (domain === '*') return true;
  if (!domain.includes('*')) return host === domain;
  return domainMatcher(domain).test(host);
}
