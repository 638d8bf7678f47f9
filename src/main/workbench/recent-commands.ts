// The project's recent Bash commands, read from its session transcripts (newest first, each command
// once), so the workbench can show which of them a rule would have covered.
import type { SessionStore } from '../sessions/store';

export interface RecentBashCommand {
  command: string;
  sessionId: string;
  at: number;
}

export interface RecentCommandsOptions {
  /** Distinct commands to return at most. */
  limit: number;
  /** Sessions to open at most (newest first). */
  maxSessions?: number;
}

export async function recentBashCommands(store: SessionStore, projectDir: string, opts: RecentCommandsOptions): Promise<RecentBashCommand[]> {
  const out: RecentBashCommand[] = [];
  const seen = new Set<string>();
  const sessions = (await store.list(projectDir)).slice(0, opts.maxSessions ?? 50);
  for (const summary of sessions) {
    const stored = await store.load(projectDir, summary.id);
    if (!stored) continue;
    for (let i = stored.messages.length - 1; i >= 0; i--) {
      const m = stored.messages[i]!;
      if (m.role !== 'assistant') continue;
      for (let j = m.content.length - 1; j >= 0; j--) {
        const b = m.content[j]!;
        if (b.type !== 'tool_use' || b.name !== 'Bash') continue;
        const c = (b.input as { command?: unknown } | null)?.command;
        if (typeof c !== 'string' || c.trim() === '') continue;
        const command = c.trim();
        if (seen.has(command)) continue;
        seen.add(command);
        out.push({ command, sessionId: summary.id, at: m.createdAt });
        if (out.length >= opts.limit) return out;
      }
    }
  }
  return out;
}
