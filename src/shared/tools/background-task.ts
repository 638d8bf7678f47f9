// A background shell or agent of the conversation as TaskList and TaskGet show it beside the work items
// (id, kind, status, exit code or why it ended, output file, who started it), so the model can go on
// with TaskOutput or TaskStop; shared by the tools and their cards.
import { z } from 'zod';

export const BackgroundTask = z.object({
  id: z.string(),
  kind: z.enum(['shell', 'agent']),
  status: z.enum(['running', 'completed', 'failed', 'killed']),
  exitCode: z.number().int().nullable().optional(),
  /** The command line, or "<agent>: <description>" for an agent. */
  command: z.string(),
  description: z.string().optional(),
  outputFile: z.string(),
  /** Who started it: absent = the conversation itself; else the subagent's name ("Explore agent"). */
  startedBy: z.string().optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
});
export type BackgroundTask = z.infer<typeof BackgroundTask>;

/** Claude Code's type names (TaskOutput's <task_type>). */
export function taskTypeOf(t: Pick<BackgroundTask, 'kind'>): 'local_bash' | 'local_agent' {
  return t.kind === 'agent' ? 'local_agent' : 'local_bash';
}

/** Why it is where it is, in plain words: "running", "exited with code 1", "stopped". */
export function endWords(t: Pick<BackgroundTask, 'status' | 'exitCode'>): string {
  if (t.status === 'running') return 'running';
  if (t.status === 'killed') return 'stopped before it finished';
  if (t.exitCode !== undefined && t.exitCode !== null) return `exited with code ${t.exitCode}`;
  return t.status === 'completed' ? 'finished' : 'failed';
}
