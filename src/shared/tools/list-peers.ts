// ListPeers' input (none) and its output: the members of the conversation's team and what each is doing
// now, shared by the tool and its card.
import { z } from 'zod';

export const LIST_PEERS_TOOL_NAME = 'ListPeers';

export function makeListPeersInputSchema() {
  return z.strictObject({});
}
export type ListPeersInput = z.output<ReturnType<typeof makeListPeersInputSchema>>;

/** working: on its task; waiting: done with it, waiting for a message; finished: its run ended (done, stopped or failed). */
export const PeerStatus = z.enum(['working', 'waiting', 'finished']);
export type PeerStatus = z.infer<typeof PeerStatus>;

export const Peer = z.object({
  name: z.string(),
  agentType: z.string(),
  status: PeerStatus,
  /** How a finished run ended, from the task registry. */
  ended: z.enum(['completed', 'failed', 'stopped']).optional(),
  /** Its background task's id (TaskOutput, TaskStop). */
  taskId: z.string(),
});
export type Peer = z.infer<typeof Peer>;

/** "waiting for messages", "finished (stopped)": a peer's state in the words the model and the person read. */
export function peerStateWords(p: Pick<Peer, 'status' | 'ended'>): string {
  if (p.status === 'waiting') return 'waiting for messages';
  if (p.status === 'working') return 'working';
  return p.ended && p.ended !== 'completed' ? `finished (${p.ended})` : 'finished';
}

export const ListPeersData = z.object({
  team_name: z.string(),
  /** Who asked: "team-lead" or the teammate's own name. */
  you: z.string(),
  members: z.array(Peer),
});
export type ListPeersData = z.infer<typeof ListPeersData>;
