// What the person decided about each project's MCP servers, kept across restarts: the approved tool
// definitions (pins), which servers load their tools only when needed, which ones they turned off. One small JSON file in the
// app's data folder (like trusted-folders.json), read once, written atomically on each change; a
// damaged file starts afresh (the next definitions seen are pinned again) and says so.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write';
import { readJsonFileSync } from '../settings/json-file';
import type { PinnedTool } from './pins';

interface ProjectRecord {
  /** server → tool → approved definition. */
  pins: Record<string, Record<string, PinnedTool>>;
  /** Servers whose tools are handed to ToolSearch instead of sent with every request. */
  deferred: string[];
  /** Servers the person turned off (Claude Code keeps these as disabledMcpServers). */
  disabled: string[];
}

export interface McpProjectState {
  pins(server: string): Readonly<Record<string, PinnedTool>>;
  /** Adds or replaces approved definitions of a server's tools. */
  pin(server: string, tools: Readonly<Record<string, PinnedTool>>): void;
  deferred(server: string): boolean;
  setDeferred(server: string, on: boolean): void;
  disabled(server: string): boolean;
  setDisabled(server: string, on: boolean): void;
}

export interface McpStateStore {
  forProject(projectDir: string): McpProjectState;
  /** Settles when every change so far is on disk. */
  flush(): Promise<void>;
  readonly warning: string | null;
}

function isPinned(v: unknown): v is PinnedTool {
  const p = v as Partial<PinnedTool> | null;
  return typeof p?.hash === 'string' && typeof p.description === 'string' && 'inputSchema' in (p as object);
}

function parseRecord(raw: unknown): ProjectRecord {
  const r = (raw ?? {}) as { pins?: unknown; deferred?: unknown; disabled?: unknown };
  const pins: ProjectRecord['pins'] = {};
  if (r.pins && typeof r.pins === 'object') {
    for (const [server, tools] of Object.entries(r.pins as Record<string, unknown>)) {
      if (!tools || typeof tools !== 'object') continue;
      pins[server] = Object.fromEntries(Object.entries(tools as Record<string, unknown>).filter(([, t]) => isPinned(t))) as Record<string, PinnedTool>;
    }
  }
  const names = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
  return { pins, deferred: names(r.deferred), disabled: names(r.disabled) };
}

const toggled = (list: readonly string[], name: string, on: boolean): string[] => {
  const rest = list.filter((s) => s !== name);
  return on ? [...rest, name] : rest;
};

/** `file` null keeps everything in memory (tests, hosts without a data folder). */
export function createMcpStateStore(file: string | null): McpStateStore {
  let records: Map<string, ProjectRecord> | null = null;
  let warning: string | null = null;
  const load = (): Map<string, ProjectRecord> => {
    if (records) return records;
    records = new Map();
    if (!file) return records;
    const r = readJsonFileSync(file);
    if (r.kind === 'error') warning = `${r.warning} The tools of your MCP servers will be approved afresh as they are now.`;
    if (r.kind === 'ok' && r.value && typeof r.value === 'object') {
      for (const [dir, rec] of Object.entries(r.value as Record<string, unknown>)) records.set(dir, parseRecord(rec));
    }
    return records;
  };
  let writing: Promise<void> = Promise.resolve();
  const save = () => {
    if (!file) return;
    const text = JSON.stringify(Object.fromEntries(load()), null, 2) + '\n';
    // Writes queue: the last one holds every record.
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        mkdirSync(path.dirname(file), { recursive: true });
        await writeFileAtomic(file, new TextEncoder().encode(text));
      });
    writing.catch(() => undefined);
  };
  return {
    forProject(projectDir) {
      const key = path.resolve(projectDir);
      const record = (): ProjectRecord => {
        const all = load();
        let rec = all.get(key);
        if (!rec) all.set(key, (rec = { pins: {}, deferred: [], disabled: [] }));
        return rec;
      };
      return {
        pins: (server) => load().get(key)?.pins[server] ?? {},
        pin(server, tools) {
          const rec = record();
          rec.pins[server] = { ...rec.pins[server], ...tools };
          save();
        },
        deferred: (server) => load().get(key)?.deferred.includes(server) ?? false,
        setDeferred(server, on) {
          const rec = record();
          rec.deferred = toggled(rec.deferred, server, on);
          save();
        },
        disabled: (server) => load().get(key)?.disabled.includes(server) ?? false,
        setDisabled(server, on) {
          const rec = record();
          rec.disabled = toggled(rec.disabled, server, on);
          save();
        },
      };
    },
    flush: () => writing.catch(() => undefined),
    get warning() {
      load();
      return warning;
    },
  };
}
