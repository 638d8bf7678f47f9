// Claude Code's `sandbox` settings block (BA6), read leniently per file and merged across files:
// a value of a stronger file wins, lists merge; what a folder not yet trusted may say only narrows.
// Pure: no file access.
import path from 'node:path';

export interface SandboxSettings {
  /** Bash commands run in the box (default false). */
  enabled?: boolean;
  /** A command that runs in the box needs no approval (default true), ask and deny rules still count. */
  autoAllowBashIfSandboxed?: boolean;
  /** Commands (or `cmd:*` prefixes) that run outside the box, through the normal approvals. */
  excludedCommands: string[];
  /** `dangerouslyDisableSandbox` may be honoured, after asking (default true). */
  allowUnsandboxedCommands?: boolean;
  /** No box, no command: refuse instead of asking (default false). */
  failIfUnavailable?: boolean;
  network: {
    allowedDomains: string[];
    allowUnixSockets: string[];
    allowAllUnixSockets?: boolean;
    allowLocalBinding?: boolean;
  };
  filesystem: { allowWrite: string[]; denyWrite: string[]; denyRead: string[]; allowRead: string[] };
}

export function emptySandboxSettings(): SandboxSettings {
  return { excludedCommands: [], network: { allowedDomains: [], allowUnixSockets: [] }, filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] } };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Paths as Claude Code writes them in the sandbox block: `/abs`, `~/in-home`, `./relative` (to the
 * project folder, as a project's own file means it). `//abs` is accepted as the rules' spelling.
 */
export function sandboxPath(p: string, projectDir: string, home: string | undefined): string {
  if (p.startsWith('//')) return p.slice(1);
  if (p === '~' || p.startsWith('~/')) return home ? path.join(home, p.slice(1)) : p;
  if (path.isAbsolute(p)) return p;
  return path.resolve(projectDir, p);
}

/** One file's `sandbox` block; each bad entry is a warning naming the file. */
export function parseSandboxBlock(file: string, block: unknown, projectDir: string, home: string | undefined, warnings: string[]): SandboxSettings | undefined {
  if (block === undefined) return undefined;
  if (!isObject(block)) {
    warnings.push(`${file}: "sandbox" must be an object; ignored.`);
    return undefined;
  }
  const out = emptySandboxSettings();
  const flag = (obj: Record<string, unknown>, key: string, where: string): boolean | undefined => {
    const v = obj[key];
    if (v === undefined) return undefined;
    if (typeof v === 'boolean') return v;
    warnings.push(`${file}: ${where}${key} must be true or false; ignored.`);
    return undefined;
  };
  const list = (obj: Record<string, unknown>, key: string, where: string): string[] => {
    const v = obj[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) {
      warnings.push(`${file}: ${where}${key} must be a list of strings; ignored.`);
      return [];
    }
    const good = v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim());
    if (good.length !== v.length) warnings.push(`${file}: ${where}${key} has entries that are not text; they were ignored.`);
    return good;
  };
  const setFlag = <K extends 'enabled' | 'autoAllowBashIfSandboxed' | 'allowUnsandboxedCommands' | 'failIfUnavailable'>(key: K) => {
    const v = flag(block, key, 'sandbox.');
    if (v !== undefined) out[key] = v;
  };
  setFlag('enabled');
  setFlag('autoAllowBashIfSandboxed');
  setFlag('allowUnsandboxedCommands');
  setFlag('failIfUnavailable');
  out.excludedCommands = list(block, 'excludedCommands', 'sandbox.');
  if (block.network !== undefined && !isObject(block.network)) warnings.push(`${file}: sandbox.network must be an object; ignored.`);
  if (isObject(block.network)) {
    const n = block.network;
    out.network.allowedDomains = list(n, 'allowedDomains', 'sandbox.network.');
    out.network.allowUnixSockets = list(n, 'allowUnixSockets', 'sandbox.network.');
    const all = flag(n, 'allowAllUnixSockets', 'sandbox.network.');
    if (all !== undefined) out.network.allowAllUnixSockets = all;
    const bind = flag(n, 'allowLocalBinding', 'sandbox.network.');
    if (bind !== undefined) out.network.allowLocalBinding = bind;
  }
  if (block.filesystem !== undefined && !isObject(block.filesystem)) warnings.push(`${file}: sandbox.filesystem must be an object; ignored.`);
  if (isObject(block.filesystem)) {
    const f = block.filesystem;
    for (const key of ['allowWrite', 'denyWrite', 'denyRead', 'allowRead'] as const) {
      out.filesystem[key] = list(f, key, 'sandbox.filesystem.').map((p) => sandboxPath(p, projectDir, home));
    }
  }
  return out;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/** Weakest first in, one block out: a stronger file's value wins, every list merges (as Claude Code's). */
export function mergeSandboxSettings(blocks: ReadonlyArray<SandboxSettings | undefined>): SandboxSettings {
  const out = emptySandboxSettings();
  for (const b of blocks) {
    if (!b) continue;
    for (const key of ['enabled', 'autoAllowBashIfSandboxed', 'allowUnsandboxedCommands', 'failIfUnavailable'] as const) {
      if (b[key] !== undefined) out[key] = b[key];
    }
    out.excludedCommands = union(out.excludedCommands, b.excludedCommands);
    out.network.allowedDomains = union(out.network.allowedDomains, b.network.allowedDomains);
    out.network.allowUnixSockets = union(out.network.allowUnixSockets, b.network.allowUnixSockets);
    if (b.network.allowAllUnixSockets !== undefined) out.network.allowAllUnixSockets = b.network.allowAllUnixSockets;
    if (b.network.allowLocalBinding !== undefined) out.network.allowLocalBinding = b.network.allowLocalBinding;
    for (const key of ['allowWrite', 'denyWrite', 'denyRead', 'allowRead'] as const) out.filesystem[key] = union(out.filesystem[key], b.filesystem[key]);
  }
  return out;
}

/**
 * A folder's own block before the person trusted it: only what narrows stays — turning the box on,
 * refusing unsandboxed runs, paths it may not read or write. Hosts, write paths, exclusions and
 * auto-approval are the folder widening its own box, which it may not do unasked.
 */
export function narrowingOnly(b: SandboxSettings | undefined): SandboxSettings | undefined {
  if (!b) return undefined;
  const out = emptySandboxSettings();
  if (b.enabled === true) out.enabled = true;
  if (b.allowUnsandboxedCommands === false) out.allowUnsandboxedCommands = false;
  if (b.failIfUnavailable === true) out.failIfUnavailable = true;
  if (b.autoAllowBashIfSandboxed === false) out.autoAllowBashIfSandboxed = false;
  out.filesystem.denyRead = [...b.filesystem.denyRead];
  out.filesystem.denyWrite = [...b.filesystem.denyWrite];
  return out;
}

/** What a folder's block widens, in words for the trust question (empty when it only narrows). */
export function sandboxWidenings(b: SandboxSettings | undefined): string[] {
  if (!b) return [];
  const out: string[] = [];
  if (b.enabled === false) out.push('turns the sandbox off');
  if (b.autoAllowBashIfSandboxed === true) out.push('lets commands in the sandbox run without asking');
  if (b.allowUnsandboxedCommands === true) out.push('lets commands ask to run outside the sandbox');
  for (const c of b.excludedCommands) out.push(`runs ${c} outside the sandbox`);
  for (const d of b.network.allowedDomains) out.push(`lets commands reach ${d}`);
  for (const s of b.network.allowUnixSockets) out.push(`lets commands use the socket ${s}`);
  if (b.network.allowAllUnixSockets) out.push('lets commands use every local socket');
  if (b.network.allowLocalBinding) out.push('lets commands open local ports');
  for (const p of b.filesystem.allowWrite) out.push(`lets commands write to ${p}`);
  for (const p of b.filesystem.allowRead) out.push(`lets commands read ${p}`);
  return out;
}
