// The transcript store: one append-only JSONL file per session under <data>/projects/<key>/sessions/.
// A `meta` line first, then one line per message, and a `tool_call` line with the final snapshot of
// each file-changing call (its structured output: the Changes pane after a restart). Since turns are
// logged as they happen (PX5), a turn also writes `turn_start` and `turn_end` lines, the blocks of a
// reply before each of its tool calls runs (`reply_blocks`) and each call's result when it finishes
// (`tool_result`), so a turn a crash cut short is rebuilt on load (recover.ts). Reading skips a bad line
// (a crash mid-write, a hand edit) with a warning and keeps the rest, and skips lines of a type it does
// not know (a newer version's); a file without a valid meta line is left out. A `title` line renames
// the session (the last one wins); a `usage` line records a subagent's model call (its cost counts in
// the conversation's); a `working_folder` line says where it works (a worktree; the last one wins).
// A removed session waits in the folder's `.trash` until restored or a week old.
// Strings of 64 KB and more are kept once, beside the file (blobs.ts).
import { open, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ToolCallView } from '../../shared/tools/tool-call';
import { ContentBlock, ExtraUsage, Message, RunStop, ToolResultBlock, type SessionSummary } from '../../shared/transcript';
import { WorkingFolder } from '../../shared/working-folder';
import type { Logger } from '../base/log';
import { sessionsDir } from '../base/data-paths';
import { BlobHashes, blobDirOf, blobReviver, diskBlobReader, serializeWithBlobs, skipBlobs, writeBlobs, type BlobReader } from './blobs';
import { recoverTranscript, type InterruptedTurn, type LogEntry } from './recover';
import { spendOf } from '../model/usage';

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
// Added within version 1: older readers never saw them, and files without any load as before.
const ToolCallLine = z.object({ type: z.literal('tool_call'), call: ToolCallView });
const TurnStartLine = z.object({ type: z.literal('turn_start'), turnId: z.string(), at: z.number(), retries: z.string().optional() });
const ReplyBlocksLine = z.object({ type: z.literal('reply_blocks'), messageId: z.string(), blocks: z.array(ContentBlock), at: z.number() });
const ToolResultLine = z.object({ type: z.literal('tool_result'), messageId: z.string(), result: ToolResultBlock, at: z.number() });
/** `stopped` is read on its own: a stop this version does not know must not cost the turn its end. */
const TurnEndLine = z.object({ type: z.literal('turn_end'), turnId: z.string(), at: z.number(), stopped: z.unknown().optional() });
const TurnStopped = z.object({ messageId: z.string(), stop: RunStop });
export const SESSION_TITLE_MAX = 200;
const TitleLine = z.object({ type: z.literal('title'), title: z.string().max(SESSION_TITLE_MAX), at: z.number() });
/** A subagent's model call (issue 20 item 3): its cost counts in the conversation's. */
const UsageLine = z.object({ type: z.literal('usage'), call: ExtraUsage });
/** Where the session works from then on (a worktree; null = the project folder again): the last one wins. */
const WorkingFolderLine = z.object({ type: z.literal('working_folder'), folder: WorkingFolder.nullable(), at: z.number() });
const LINE_SCHEMAS = { message: MessageLine, tool_call: ToolCallLine, turn_start: TurnStartLine, reply_blocks: ReplyBlocksLine, tool_result: ToolResultLine, turn_end: TurnEndLine, title: TitleLine, usage: UsageLine, working_folder: WorkingFolderLine } as const;

/** One line after the meta line, as the writer hands it over. */
export type SessionLine = LogEntry | { type: 'tool_call'; call: ToolCallView } | z.infer<typeof TitleLine> | z.infer<typeof UsageLine> | z.infer<typeof WorkingFolderLine>;

/** How long a removed session can be restored. */
export const TRASH_KEEP_MS = 7 * 24 * 3600 * 1000;

export interface StoredSession {
  meta: SessionMeta;
  /** The conversation; a turn a crash cut short comes rebuilt and answered (recover.ts). */
  messages: Message[];
  /** Saved call snapshots, the latest per call id, in the order the calls were first saved. */
  calls: ToolCallView[];
  /** Turns the app never finished (a crash, a kill), oldest first; absent when there are none. */
  interrupted?: InterruptedTurn[];
  /** Model calls of its subagents, oldest first; absent when there are none. */
  extraUsage?: ExtraUsage[];
  /** Where the session last worked when a tool had moved it (a worktree); absent = it never moved. */
  workingFolder?: WorkingFolder | null;
}

/** What one append writes: the meta line (a session new on disk), then `lines` in order, then messages, then call snapshots. */
export interface AppendLines {
  meta?: SessionMeta;
  lines?: SessionLine[];
  messages?: Message[];
  calls?: ToolCallView[];
}

export interface SessionStore {
  /** Saved sessions of a project, newest first. */
  list(projectDir: string): Promise<SessionSummary[]>;
  /** null when the id is unknown or malformed, or the file unusable. */
  load(projectDir: string, id: string): Promise<StoredSession | null>;
  /** One append of the given lines; the meta line goes first when the session is new on disk. */
  append(projectDir: string, id: string, lines: AppendLines): Promise<void>;
  /** Moves the session to the trash (restorable for TRASH_KEEP_MS); false when there is no such session. */
  remove(projectDir: string, id: string): Promise<boolean>;
  /** Brings a removed session back; false when it is not in the trash or its place is taken. */
  restore(projectDir: string, id: string): Promise<boolean>;
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
    spend: spendOf(s.messages, s.extraUsage),
  };
}

/** Parse a session file's text; null when it has no valid meta line. `blobs` reads its large strings. */
export function parseSessionFile(text: string, file: string, log?: Logger, blobs?: BlobReader): StoredSession | null {
  const reviver = blobs ? blobReviver(blobs) : undefined;
  const lines = text.split('\n');
  let meta: SessionMeta | null = null;
  const entries: LogEntry[] = [];
  const calls = new Map<string, ToolCallView>();
  const extraUsage: ExtraUsage[] = [];
  let workingFolder: WorkingFolder | null | undefined;
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = reviver && line.includes('"$adBlob"') ? JSON.parse(line, reviver) : JSON.parse(line);
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
    const type = (json as { type?: unknown } | null)?.type;
    const schema = typeof type === 'string' && Object.hasOwn(LINE_SCHEMAS, type) ? LINE_SCHEMAS[type as keyof typeof LINE_SCHEMAS] : undefined;
    if (!schema) {
      // A newer version's line: not ours to read.
      if (typeof type === 'string') log?.debug(`sessions: skipping a ${type.slice(0, 40)} line (${i + 1}) of ${file}`);
      else log?.warn(`sessions: skipping invalid line ${i + 1} of ${file}`);
      continue;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      log?.warn(`sessions: skipping invalid line ${i + 1} of ${file}`);
      continue;
    }
    const entry = parsed.data;
    if (entry.type === 'tool_call') calls.set(entry.call.id, entry.call);
    else if (entry.type === 'usage') extraUsage.push(entry.call);
    else if (entry.type === 'title') meta = { ...meta, title: entry.title };
    else if (entry.type === 'working_folder') workingFolder = entry.folder;
    else if (entry.type === 'turn_end') {
      const stopped = TurnStopped.safeParse(entry.stopped);
      entries.push({ type: 'turn_end', turnId: entry.turnId, at: entry.at, ...(stopped.success ? { stopped: stopped.data } : {}) });
    } else entries.push(entry);
  }
  if (!meta) return null;
  const { messages, interrupted } = recoverTranscript(entries);
  return { meta, messages, calls: [...calls.values()], ...(interrupted.length > 0 ? { interrupted } : {}), ...(extraUsage.length > 0 ? { extraUsage } : {}), ...(workingFolder !== undefined ? { workingFolder } : {}) };
}

/** Sessions removed more than TRASH_KEEP_MS ago are gone for good. */
export async function emptyTrash(trash: string, now = Date.now()): Promise<void> {
  for (const name of await readdir(trash).catch(() => [] as string[])) {
    const file = path.join(trash, name);
    const st = await stat(file).catch(() => null);
    // A rename sets the file's ctime: the moment it was removed. A session's blobs and its subagents'
    // conversations go with it.
    if (st && (st.isFile() || name.endsWith('.blobs') || name.endsWith('.agents')) && now - st.ctimeMs > TRASH_KEEP_MS) await rm(file, { force: true, recursive: true });
  }
}

/** Where a session's subagents keep their own conversations (engine/subagent/sidechain.ts). */
const agentsDirOf = (sessionFile: string) => sessionFile.replace(/\.jsonl$/, '') + '.agents';

export function createSessionStore(opts: { dataDir: string; log?: Logger }): SessionStore {
  const { dataDir, log } = opts;
  // Listing re-reads only files whose size or mtime changed since the last listing.
  const cache = new Map<string, { mtimeMs: number; size: number; summary: SessionSummary | null }>();
  /** Session folders this store has created or written into. */
  const knownDirs = new Set<string>();
  const fileOf = (projectDir: string, id: string) => path.join(sessionsDir(dataDir, projectDir), `${id}.jsonl`);

  const hashes = new BlobHashes();

  /** `listing`: only the summary is wanted, so large strings are not read. */
  async function readSession(file: string, listing = false): Promise<StoredSession | null> {
    try {
      const blobs = listing ? skipBlobs : diskBlobReader(file, (hash) => log?.warn(`sessions: ${file} names saved text ${hash.slice(0, 12)}… that is missing`));
      return parseSessionFile(await readFile(file, 'utf8'), file, log, blobs);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log?.warn(`sessions: cannot read ${file}`, err);
      return null;
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
            const s = await readSession(file, true);
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

    async remove(projectDir, id) {
      if (!isValidSessionId(id)) return false;
      const file = fileOf(projectDir, id);
      const trash = path.join(path.dirname(file), '.trash');
      await mkdir(trash, { recursive: true, mode: 0o700 });
      try {
        await rename(file, path.join(trash, `${id}.jsonl`));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
      await rename(blobDirOf(file), path.join(trash, `${id}.blobs`)).catch(() => {});
      await rename(agentsDirOf(file), path.join(trash, `${id}.agents`)).catch(() => {});
      cache.delete(file);
      await emptyTrash(trash);
      return true;
    },

    async restore(projectDir, id) {
      if (!isValidSessionId(id)) return false;
      const file = fileOf(projectDir, id);
      const from = path.join(path.dirname(file), '.trash', `${id}.jsonl`);
      if (await stat(file).then(() => true, () => false)) return false;
      try {
        await rename(from, file);
        await rename(blobDirOf(from), blobDirOf(file)).catch(() => {});
        await rename(agentsDirOf(from), agentsDirOf(file)).catch(() => {});
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },

    async append(projectDir, id, lines) {
      if (!isValidSessionId(id)) throw new Error(`Invalid session id: ${id}`);
      const file = fileOf(projectDir, id);
      // A folder this store wrote into exists: a turn's appends (several per call since PX5) skip mkdir.
      const dir = path.dirname(file);
      if (!knownDirs.has(dir)) {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        knownDirs.add(dir);
      }
      const out: string[] = [];
      const blobs = new Map<string, string>();
      if (lines.meta) out.push(JSON.stringify(lines.meta));
      const all: SessionLine[] = [
        ...(lines.lines ?? []),
        ...(lines.messages ?? []).map((message) => ({ type: 'message' as const, message })),
        ...(lines.calls ?? []).map((call) => ({ type: 'tool_call' as const, call })),
      ];
      for (const line of all) {
        try {
          const s = serializeWithBlobs(line, hashes);
          out.push(s.json);
          for (const [hash, text] of s.blobs) blobs.set(hash, text);
        } catch (err) {
          // A snapshot that cannot be written (a tool's odd output) must not cost the messages their save.
          if (line.type !== 'tool_call') throw err;
          log?.warn(`sessions: not saving the ${line.call.name} call ${line.call.id} of ${id}`, err);
        }
      }
      if (out.length === 0) return;
      // Before any line names them: a crash between the two leaves an unused blob, never a dangling line.
      await writeBlobs(file, blobs);
      // One open for both: whether the file ends mid-line (a torn last line) and the append itself.
      const fh = await open(file, 'a+', 0o600).catch((err: unknown) => {
        knownDirs.delete(dir); // removed meanwhile: the next append makes it again
        throw err;
      });
      try {
        const { size } = await fh.stat();
        let lead = '';
        if (size > 0) {
          const last = Buffer.alloc(1);
          await fh.read(last, 0, 1, size - 1);
          if (last[0] !== 0x0a) lead = '\n';
        }
        await fh.writeFile(lead + out.join('\n') + '\n', 'utf8');
      } catch (err) {
        knownDirs.delete(dir);
        throw err;
      } finally {
        await fh.close();
      }
    },
  };
}
