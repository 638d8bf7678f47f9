// One settings file's JSON read leniently into the parts the app uses: a bad entry is dropped with a
// warning naming the file, everything else is kept. Pure: no file access.
import path from 'node:path';
import { ruleNote, ruleProblem } from '../permissions/rule-problem';
import { PERMISSION_MODES, type PermissionMode, type RuleBehavior, type RuleEntry } from '../permissions/types';
import type { SettingsFile } from './settings-files';
import { parseSandboxBlock, type SandboxSettings } from './sandbox-settings';
import { parseBudgetBlock, type BudgetSettings } from './budget-settings';
import { parseLspServersBlock, type LspServers } from './lsp-settings';

export interface ParsedSettingsFile {
  rules: Record<RuleBehavior, RuleEntry[]>;
  defaultMode?: PermissionMode;
  additionalDirectories: string[];
  hooks?: unknown;
  disableAllHooks: boolean;
  env: Record<string, string>;
  /** `permissions.disableBypassPermissionsMode: "disable"`. */
  bypassDisabled: boolean;
  /** `allowManagedPermissionRulesOnly: true` (honoured from the managed policy only). */
  managedRulesOnly: boolean;
  /** The file's `sandbox` block (BA6), when it has one. */
  sandbox?: SandboxSettings;
  /** Agent Desk's own `agentDesk.budget` (issue 20 item 4), when the file sets one. */
  budget?: BudgetSettings;
  /** The file's `lspServers` (language servers for the LSP tool), when it has any. */
  lspServers?: LspServers;
  warnings: string[];
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function emptyParsed(): ParsedSettingsFile {
  return {
    rules: { allow: [], deny: [], ask: [] },
    additionalDirectories: [],
    env: {},
    disableAllHooks: false,
    bypassDisabled: false,
    managedRulesOnly: false,
    warnings: [],
  };
}

function expandHome(dir: string, home: string | undefined): string {
  if (home && (dir === '~' || dir.startsWith('~/'))) return path.join(home, dir.slice(2));
  return dir;
}

function parsePermissions(perms: Record<string, unknown>, sf: SettingsFile, base: string, home: string | undefined, out: ParsedSettingsFile): void {
  const at = sf.file;
  for (const behavior of ['allow', 'deny', 'ask'] as const) {
    const list = perms[behavior];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      out.warnings.push(`${at}: permissions.${behavior} must be an array of rules; ignored.`);
      continue;
    }
    // One bad rule never voids the others: it is skipped with a warning naming the file, the rule and why.
    list.forEach((rule, i) => {
      if (typeof rule !== 'string') {
        out.warnings.push(`${at}: permissions.${behavior}[${i}] must be a string (got ${JSON.stringify(rule) ?? typeof rule}); ignored.`);
        return;
      }
      const trimmed = rule.trim();
      const why = ruleProblem(trimmed, undefined, behavior);
      if (why !== null) {
        out.warnings.push(`${at}: permissions.${behavior}[${i}] "${rule}": ${why}; ignored.`);
        return;
      }
      out.rules[behavior].push({ rule: trimmed, source: sf.source, file: sf.file });
      const note = ruleNote(trimmed, behavior);
      if (note !== null) out.warnings.push(`${at}: permissions.${behavior}[${i}] "${rule}": ${note}.`);
    });
  }
  // Claude Code accepts `manual` as another name for `default`.
  const mode = perms.defaultMode === 'manual' ? 'default' : perms.defaultMode;
  if (mode !== undefined) {
    if (typeof mode === 'string' && (PERMISSION_MODES as readonly string[]).includes(mode)) out.defaultMode = mode as PermissionMode;
    else out.warnings.push(`${at}: permissions.defaultMode ${JSON.stringify(mode)} is not one of ${PERMISSION_MODES.join(', ')}; ignored.`);
  }
  const dirs = perms.additionalDirectories;
  if (dirs !== undefined) {
    if (Array.isArray(dirs) && dirs.every((d) => typeof d === 'string')) out.additionalDirectories = dirs.map((d) => path.resolve(base, expandHome(d as string, home)));
    else out.warnings.push(`${at}: permissions.additionalDirectories must be an array of paths; ignored.`);
  }
  const bypass = perms.disableBypassPermissionsMode;
  if (bypass !== undefined) {
    if (bypass === 'disable') out.bypassDisabled = true;
    else out.warnings.push(`${at}: permissions.disableBypassPermissionsMode must be "disable"; ignored.`);
  }
}

/** The parts of one file we use. `projectDir` anchors relative `additionalDirectories`. */
export function parseSettingsJson(sf: SettingsFile, json: unknown, projectDir: string, home?: string): ParsedSettingsFile {
  const out = emptyParsed();
  const at = sf.file;
  if (!isObject(json)) {
    out.warnings.push(`Settings file ${at} must hold a JSON object; it was ignored.`);
    return out;
  }
  const perms = json.permissions;
  if (perms !== undefined && !isObject(perms)) out.warnings.push(`${at}: "permissions" must be an object; ignored.`);
  if (isObject(perms)) parsePermissions(perms, sf, projectDir, home, out);
  if (json.env !== undefined) {
    if (!isObject(json.env)) out.warnings.push(`${at}: "env" must be an object of strings; ignored.`);
    else {
      for (const [k, v] of Object.entries(json.env)) {
        if (typeof v === 'string') out.env[k] = v;
        else if (typeof v === 'number' || typeof v === 'boolean') out.env[k] = String(v);
        else out.warnings.push(`${at}: env.${k} must be a string; ignored.`);
      }
    }
  }
  if (json.hooks !== undefined) out.hooks = json.hooks;
  const sandbox = parseSandboxBlock(at, json.sandbox, projectDir, home, out.warnings);
  if (sandbox) out.sandbox = sandbox;
  const budget = parseBudgetBlock(at, json.agentDesk, out.warnings);
  if (budget) out.budget = budget;
  const lspServers = parseLspServersBlock(at, json.lspServers, out.warnings);
  if (lspServers) out.lspServers = lspServers;
  out.disableAllHooks = json.disableAllHooks === true;
  // Only the policy may narrow everyone else's rules away; elsewhere the key means nothing.
  out.managedRulesOnly = sf.source === 'policySettings' && (json.allowManagedPermissionRulesOnly === true || (isObject(perms) && perms.allowManagedPermissionRulesOnly === true));
  return out;
}
