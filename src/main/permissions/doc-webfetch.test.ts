// PL4c `WebFetch(domain:…)` row by row against Claude Code's docs (permissions, "WebFetch"): the hostname,
// case, a trailing dot, `*.` subdomains at any depth, `domain:*`, and a `*` elsewhere matching one label.
import { describe, expect, it } from 'vitest';
import { behaviours, cite, type Cite, type MatchRow } from './test-doc-rows';

const W = (says: string, ours?: string): Cite => ({ page: 'permissions', section: 'WebFetch', says, ...(ours ? { ours } : {}) });
const url = (u: string) => ({ url: u });
const row = (c: Cite, rule: string, u: string, expect: MatchRow['expect']): MatchRow => ({ cite: c, rule, tool: 'WebFetch', input: url(u), expect });

const rows: MatchRow[] = [
  row(W('WebFetch(domain:example.com) matches requests to example.com'), 'WebFetch(domain:example.com)', 'https://example.com/docs?a=1', [true, true, true]),
  row(W('WebFetch rules … match against the hostname of the requested URL'), 'WebFetch(domain:example.com)', 'https://api.example.com/', [false, false, false]),
  row(W('match against the hostname of the requested URL'), 'WebFetch(domain:example.com)', 'https://example.com.evil.io/', [false, false, false]),
  row(W('match against the hostname', 'the port is not part of the host'), 'WebFetch(domain:localhost)', 'http://localhost:8080/', [true, true, true]),
  row(W('Matching is case-insensitive'), 'WebFetch(domain:Example.COM)', 'https://EXAMPLE.com/', [true, true, true]),
  row(W('strips a trailing . from both the rule and the hostname so example.com. and example.com are treated the same'), 'WebFetch(domain:example.com.)', 'https://example.com/', [true, true, true]),
  row(W('strips a trailing . from both the rule and the hostname'), 'WebFetch(domain:example.com)', 'https://example.com./', [true, true, true]),
  row(W('WebFetch(domain:*.example.com) matches any subdomain at any depth, such as api.example.com'), 'WebFetch(domain:*.example.com)', 'https://api.example.com/', [true, true, true]),
  row(W('… or a.b.example.com'), 'WebFetch(domain:*.example.com)', 'https://a.b.example.com/', [true, true, true]),
  row(W('… but not example.com itself'), 'WebFetch(domain:*.example.com)', 'https://example.com/', [false, false, false]),
  row(W('*.example.com matches any subdomain', 'a look-alike domain is not a subdomain'), 'WebFetch(domain:*.example.com)', 'https://badexample.com/', [false, false, false]),
  row(W('WebFetch(domain:*) matches every domain and is equivalent to a bare WebFetch rule'), 'WebFetch(domain:*)', 'https://anything.io/x', [true, true, true]),
  row(W('WebFetch(domain:example.*) matches example.org, where * becomes org'), 'WebFetch(domain:example.*)', 'https://example.org/', [true, true, true]),
  row(W('… but not example.evil.com, where * would have to become evil.com and cross a dot'), 'WebFetch(domain:example.*)', 'https://example.evil.com/', [false, false, false]),
  row(W('In any position other than a leading *. or a bare *, the wildcard matches only the text between two dots'), 'WebFetch(domain:api-*.example.com)', 'https://api-eu.example.com/', [true, true, true]),
  row(W('the wildcard matches only the text between two dots'), 'WebFetch(domain:api-*.example.com)', 'https://api-eu.x.example.com/', [false, false, false]),
  row(W('WebFetch rules use a domain: prefix', 'a URL that does not parse is never allowed by a domain: rule and is caught by any domain: deny'), 'WebFetch(domain:example.com)', 'not a url', [false, true, true]),
  row(W('WebFetch rules use a domain: prefix', 'other content is matched as a glob over the URL, for deny and ask only'), 'WebFetch(https://pastebin.com/*)', 'https://pastebin.com/raw/x', [false, true, true]),
];

describe('PL4c WebFetch(domain:…) with and without wildcards (allow / deny / ask)', () => {
  it.each(rows.map((r) => [cite('PL4c', r.cite), r] as const))('%s', (_name, r) => {
    expect(behaviours(r), `${r.rule} on ${JSON.stringify(r.input)} as [allow, deny, ask]`).toEqual(r.expect);
  });
});
