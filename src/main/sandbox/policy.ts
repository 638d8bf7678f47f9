// What the box allows one session (BA6), as plain data from its settings: Claude Code's `sandbox`
// block plus the permission rules it honours — `WebFetch(domain:…)` allow and deny rules are hosts,
// `Edit(…)` allow and deny rules write paths, `Read(…)` deny rules read paths. Pure.
import path from 'node:path';
import { webFetchRuleMatches } from '../permissions/domain-match';
import { parsePermissionRule } from '../permissions/rule-parse';
import type { RuleEntry, RuleSet } from '../permissions/types';
import { emptySandboxSettings, type SandboxSettings } from '../settings/sandbox-settings';

export interface SandboxPolicy {
  enabled: boolean;
  autoAllow: boolean;
  allowUnsandboxed: boolean;
  failIfUnavailable: boolean;
  excludedCommands: string[];
  network: {
    /** Host patterns (`example.com`, `*.example.com`, an optional `:port`); `*` is every host. */
    allow: string[];
    deny: string[];
    allowUnixSockets: string[];
    allowAllUnixSockets: boolean;
    allowLocalBinding: boolean;
  };
  /** Absolute paths (deny lists may hold globs). */
  filesystem: { allowWrite: string[]; denyWrite: string[]; denyRead: string[]; allowRead: string[] };
}

export interface PolicyInput {
  sandbox?: SandboxSettings;
  rules: RuleSet;
  /** The project folder and the additional directories: writable in the box. */
  workingDirectories: readonly string[];
  projectDir: string;
  home?: string;
  /** Hosts the person allowed for this session from the network ledger. */
  sessionHosts?: readonly string[];
}

const GLOB = /[*?[\]{}]/;

/** A rule's path as an absolute path (trailing `/**` dropped); null when it names no path. */
export function rulePath(content: string, projectDir: string, home?: string): string | null {
  let p = content.trim();
  if (p === '') return null;
  p = p.replace(/\/\*\*$/, '').replace(/\/\*$/, '') || '/';
  if (p.startsWith('//')) return p.slice(1);
  if (p === '~' || p.startsWith('~/')) return home ? path.join(home, p.slice(1)) : null;
  // A single leading slash is relative to the project root in Claude Code's rules.
  if (p.startsWith('/')) return path.join(projectDir, p);
  return path.resolve(projectDir, p);
}

function ruleContents(entries: readonly RuleEntry[], tools: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    const r = parsePermissionRule(e.rule);
    if (r.ok && tools.includes(r.value.toolName) && r.value.ruleContent !== undefined) out.push(r.value.ruleContent);
  }
  return out;
}

const domainsOf = (entries: readonly RuleEntry[]) =>
  ruleContents(entries, ['WebFetch'])
    .map((c) => /^domain:(.+)$/i.exec(c.trim())?.[1]?.trim())
    .filter((d): d is string => !!d);

const union = (...lists: ReadonlyArray<readonly string[]>) => [...new Set(lists.flat())];

export function sandboxPolicy(input: PolicyInput): SandboxPolicy {
  const s = input.sandbox ?? emptySandboxSettings();
  const paths = (entries: readonly RuleEntry[], tools: readonly string[], allowGlobs: boolean) =>
    ruleContents(entries, tools)
      .map((c) => rulePath(c, input.projectDir, input.home))
      .filter((p): p is string => p !== null && (allowGlobs || !GLOB.test(p)));
  return {
    enabled: s.enabled === true,
    autoAllow: s.autoAllowBashIfSandboxed !== false,
    allowUnsandboxed: s.allowUnsandboxedCommands !== false,
    failIfUnavailable: s.failIfUnavailable === true,
    excludedCommands: [...s.excludedCommands],
    network: {
      allow: union(s.network.allowedDomains, domainsOf(input.rules.allow), input.sessionHosts ?? []),
      deny: domainsOf(input.rules.deny),
      allowUnixSockets: [...s.network.allowUnixSockets],
      allowAllUnixSockets: s.network.allowAllUnixSockets === true,
      allowLocalBinding: s.network.allowLocalBinding === true,
    },
    filesystem: {
      // Globs never widen what may be written: only plain folders and files do.
      allowWrite: union(input.workingDirectories, s.filesystem.allowWrite, paths(input.rules.allow, ['Edit', 'Write', 'NotebookEdit'], false)),
      denyWrite: union(s.filesystem.denyWrite, paths(input.rules.deny, ['Edit', 'Write', 'NotebookEdit'], true)),
      denyRead: union(s.filesystem.denyRead, paths(input.rules.deny, ['Read'], true)),
      allowRead: [...s.filesystem.allowRead],
    },
  };
}

/** `host[:port]`, `[v6][:port]` → its parts; the port is undefined when the pattern has none. */
export function splitHostPattern(pattern: string): { host: string; port?: number } {
  const p = pattern.trim().toLowerCase();
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(p);
  if (v6) return { host: v6[1]!, ...(v6[2] ? { port: Number(v6[2]) } : {}) };
  const m = /^(.*):(\d+)$/.exec(p);
  if (m && !m[1]!.includes(':')) return { host: m[1]!, port: Number(m[2]) };
  return { host: p };
}

function hostMatches(pattern: string, host: string, port: number): boolean {
  const p = splitHostPattern(pattern);
  if (p.port !== undefined && p.port !== port) return false;
  if (p.host === '*') return true;
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  const url = h.includes(':') ? `http://[${h}]/` : `http://${h}/`;
  // The same host semantics as WebFetch rules (a leading `*.` is any subdomain, never the domain itself).
  return webFetchRuleMatches(`domain:${p.host.replace(/^\[|\]$/g, '')}`, { url }, 'allow');
}

/** Whether the policy lets a command reach host:port (a deny always wins). */
export function hostAllowed(policy: SandboxPolicy['network'], host: string, port: number): boolean {
  if (policy.deny.some((d) => hostMatches(d, host, port))) return false;
  return policy.allow.some((a) => hostMatches(a, host, port));
}

/**
 * `excludedCommands` as Claude Code reads them: `docker` is that program whatever follows it,
 * `docker compose:*` or `docker compose *` a prefix, anything else the exact command.
 */
export function isExcludedCommand(patterns: readonly string[], commandText: string): boolean {
  const cmd = commandText.trim().replace(/\s+/g, ' ');
  const first = cmd.split(' ')[0] ?? '';
  return patterns.some((raw) => {
    const p = raw.trim().replace(/\s+/g, ' ');
    if (p === '') return false;
    const prefix = /^(.*?)(?::\*| \*)$/.exec(p)?.[1];
    if (prefix !== undefined) return cmd === prefix || cmd.startsWith(`${prefix} `);
    if (!p.includes(' ')) return first === p || path.basename(first) === p;
    return cmd === p;
  });
}
