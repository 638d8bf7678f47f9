// The transcript store: one append-only JSONL file per session under <data>/projects/<key>/sessions/.
// A `meta` line first, then one line per message, and a `tool_call` line with the final snapshot of
// each file-changing call (its structured output: the Changes pane after a restart). Reading skips a
// bad line (a crash mid-write, a hand edit) with a warning and keeps the rest; a file without a valid
// meta line is left out.
import { open, mkdir, readdir, readFile, stat, appendFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ToolCallView } from '../../shared/tools/tool-call';
import { Message, type SessionSummary } from '../../shared/transcript';
import type { Logger } from '../base/log';
import { sessionsDir } from '../base/data-paths';

export const SessionMeta = z.object({
  type: z.literal('meta'),
  version: z.literal(1),
  id: z.string(),
  projectDir: z.string(),
  createdAt: z.number(),
  title: z.string(),
});
export type SessionMeta = z.infer<typeof SessionMeta>;
const MessageLine = z.object({ type: z.literal('message'), message: Message });
/** Added within version 1: older readers never saw one, and files without any load as before. */
const ToolCallLine = z.object({ type: z.literal('tool_call'), call: ToolCallView });

export interface StoredSession {
  meta: SessionMeta;
  messages: Message[];
  /** Saved call snapshots, the latest per call id, in the order the calls were first saved. */
  calls: ToolCallView[];
}

/** What one append writes: the meta line (a session new on disk), then messages, then call snapshots. */
export interface AppendLines {
  meta?: SessionMeta;
  messages: Message[];
  calls?: ToolCallView[];
}

export interface SessionStore {
  /** Saved sessions of a project, newest first. */
  list(projectDir: string): Promise<SessionSummary[]>;
  /** null when the id is unknown or malformed, or the file unusable. */
  load(projectDir: string, id: string): Promise<StoredSession | null>;
  /** One append of the given lines; the meta line goes first when the session is new on disk. */
  append(projectDir: string, id: string, lines: AppendLines): Promise<void>;
}

/** Ids become file names: only a safe alphabet, so no id can point outside the sessions folder. */
export function isValidSessionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/.test(id);
}

export function summaryOf(s: StoredSession): SessionSummary {
  const last = s.messages.at(-1);
  return {
    id: s.meta.id,
    projectDir: s.meta.projectDir,
    title: s.meta.title,
    createdAt: s.meta.createdAt,
    updatedAt: last ? Math.max(last.createdAt, s.meta.createdAt) : s.meta.createdAt,
    messageCount: s.messages.length,
  };
}

/** Parse a session file's text; null when it has no valid meta line. */
export function parseSessionFile(text: string, file: string, log?: Logger): StoredSession | null {
  const lines = text.split('\n');
  let meta: SessionMeta | null = null;
  const messages: Message[] = [];
  const seen = new Set<string>();
  const calls = new Map<string, ToolCallView>();
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      log?.warn(`sessions: skipping unreadable line ${i + 1} of ${file}`);
      continue;
    }
    if (meta === null) {
      const m = SessionMeta.safeParse(json);
      if (!m.success) {
        log?.warn(`sessions: ${file} does not start with a session header; ignoring the file`);
        return null;
      }
      meta = m.data;
      continue;
    }
    if ((json as { type?: unknown } | null)?.type === 'tool_call') {
      const c = ToolCallLine.safeParse(json);
      if (c.success) calls.set(c.data.call.id, c.data.call);
      else log?.warn(`sessions: skipping invalid line ${i + 1} of ${file}`);
      continue;
    }
    const m = MessageLine.safeParse(json);
    if (!m.success) {
      log?.warn(`sessions: skipping invalid line ${i + 1} of ${file}`);
      continue;
    }
    if (seen.has(m.data.message.id)) continue;
    seen.add(m.data.message.id);
    messages.push(m.data.message);
  }
  return meta ? { meta, messages, calls: [...calls.values()] } : null;
}

export function createSessionStore(opts: { dataDir: string; log?: Logger }): SessionStore {
  const { dataDir, log } = opts;
  // Listing re-reads only files whose size or mtime changed since the last listing.
  const cache = new Map<string, { mtimeMs: number; size: number; summary: SessionSummary | null }>();
  const fileOf = (projectDir: string, id: string) => path.join(sessionsDir(dataDir, projectDir), `${id}.jsonl`);

  async function readSession(file: string): Promise<StoredSession | null> {
    try {
      return parseSessionFile(await readFile(file, 'utf8'), file, log);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log?.warn(`sessions: cannot read ${file}`, err);
      return null;
    }
  }

  /** Whether a non-empty file lacks a final newline (a torn last write): the next append must start a new line. */
  async function endsMidLine(file: string): Promise<boolean> {
    let fh;
    try {
      fh = await open(file, 'r');
      const { size } = await fh.stat();
      if (size === 0) return false;
      const buf = Buffer.alloc(1);
      await fh.read(buf, 0, 1, size - 1);
      return buf[0] !== 0x0a;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    } finally {
      await fh?.close();
    }
  }

  return {
    async list(projectDir) {
      const dir = sessionsDir(dataDir, projectDir);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const out: SessionSummary[] = [];
      for (const name of names) {
        if (!name.endsWith('.jsonl') || !isValidSessionId(name.slice(0, -6))) continue;
        const file = path.join(dir, name);
        try {
          const st = await stat(file);
          if (!st.isFile()) continue;
          const hit = cache.get(file);
          let summary: SessionSummary | null;
          if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) summary = hit.summary;
          else {
            const s = await readSession(file);
            summary = s && s.meta.id === name.slice(0, -6) ? summaryOf(s) : null;
            cache.set(file, { mtimeMs: st.mtimeMs, size: st.size, summary });
          }
          if (summary) out.push(summary);
        } catch (err) {
          log?.warn(`sessions: skipping ${file}`, err);
        }
      }
      return out.sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt);
    },

    async load(projectDir, id) {
      if (!isValidSessionId(id)) return null;
      const s = await readSession(fileOf(projectDir, id));
      return s && s.meta.id === id ? s : null;
    },

    async append(projectDir, id, lines) {
      if (!isValidSessionId(id)) throw new Error(`Invalid session id: ${id}`);
      const file = fileOf(projectDir, id);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const out: string[] = [];
      if (lines.meta) out.push(JSON.stringify(lines.meta));
      for (const message of lines.messages) out.push(JSON.stringify({ type: 'message', message }));
      for (const call of lines.calls ?? []) {
        // A snapshot that cannot be written (a tool's odd output) must not cost the messages their save.
        try {
          out.push(JSON.stringify({ type: 'tool_call', call }));
        } catch (err) {
          log?.warn(`sessions: not saving the ${call.name} call ${call.id} of ${id}`, err);
        }
      }
      if (out.length === 0) return;
      const lead = (await endsMidLine(file)) ? '\n' : '';
      await appendFile(file, lead + out.join('\n') + '\n', { encoding: 'utf8', mode: 0o600 });
    },
  };
}
