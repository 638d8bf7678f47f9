// Where a session works when a tool moved it out of the project folder (a worktree): the folder and
// the git branch it is on, for the header and the session:open snapshot.
import { z } from 'zod';

export const WorkingFolder = z.object({
  /** Absolute path of the folder the session works in now. */
  path: z.string().min(1),
  /** The git branch checked out there, when the tool that moved it knows it. */
  branch: z.string().min(1).optional(),
  /** The commit the work there began from (what changed there is counted from it), when known. */
  since: z.string().min(1).optional(),
});
export type WorkingFolder = z.infer<typeof WorkingFolder>;
