// The per-session read cache (issue 4 item 7): what the model has seen of each file — when, whole or
// in part, and the bytes' hash — so Write/Edit can insist on a fresh full read (TL2) and Read can
// answer a repeated read of an unchanged file with a stub (TL1). Subagents get a clone().

/** An inclusive 1-based line range [first, last] the model has been shown. */
export type LineRange = readonly [number, number];

export interface FileReadRecord {
  /** sha256 (hex) of the file's bytes when this record was made. */
  hash: string;
  mtimeMs: number;
  size: number;
  /** The model has seen the whole file (every line, page or cell), not just a range. */
  full: boolean;
  /** The Read arguments as the model gave them (for the `file_unchanged` check). */
  offset?: number;
  limit?: number;
  pages?: string;
  /** Text files: the line ranges shown so far of this exact content, merged, and its line count. */
  ranges?: LineRange[];
  totalLines?: number;
  /** 'read' = a Read call made it; 'write' = the model wrote these bytes itself (Write/Edit/NotebookEdit). */
  kind: 'read' | 'write';
  /** Epoch ms when the record was made. */
  readAt: number;
}

export interface FileStateCache {
  get(path: string): FileReadRecord | undefined;
  set(path: string, record: FileReadRecord): void;
  delete(path: string): void;
  has(path: string): boolean;
  readonly size: number;
  /** An independent copy (a subagent starts from what its parent has read; its reads stay its own). */
  clone(): FileStateCache;
  clear(): void;
}

/** Bounded so a long session cannot grow it without end; the oldest record goes first. */
export const DEFAULT_MAX_FILE_STATE_ENTRIES = 2000;

function copyRecord(r: FileReadRecord): FileReadRecord {
  return r.ranges ? { ...r, ranges: r.ranges.map((x) => [x[0], x[1]] as const) } : { ...r };
}

export function createFileStateCache(maxEntries = DEFAULT_MAX_FILE_STATE_ENTRIES): FileStateCache {
  const map = new Map<string, FileReadRecord>();
  const cache: FileStateCache = {
    get: (p) => {
      const r = map.get(p);
      return r ? copyRecord(r) : undefined;
    },
    set: (p, record) => {
      // Re-insert so Map order is least-recently-written first.
      map.delete(p);
      map.set(p, copyRecord(record));
      while (map.size > maxEntries) {
        const oldest = map.keys().next().value;
        if (oldest === undefined) break;
        map.delete(oldest);
      }
    },
    delete: (p) => void map.delete(p),
    has: (p) => map.has(p),
    get size() {
      return map.size;
    },
    clone: () => {
      const c = createFileStateCache(maxEntries);
      for (const [p, r] of map) c.set(p, r);
      return c;
    },
    clear: () => map.clear(),
  };
  return cache;
}
