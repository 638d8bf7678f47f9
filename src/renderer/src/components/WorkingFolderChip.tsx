// Beside the project's name when the open conversation works in another folder a tool moved it to (a
// worktree): the branch it is on, and in its tooltip and accessible name that it is a separate copy.
import type { ReactNode } from 'react';
import { useSessions, useTools } from '../stores/react';
import { BranchIcon } from './icons';

export function workingFolderWords(folder: { path: string; branch?: string }): string {
  const where = folder.branch ? `on the branch ${folder.branch}, ` : '';
  return `This conversation works ${where}in a separate copy of the project: ${folder.path}. The project folder itself is left as it was.`;
}

export function WorkingFolderChip(): ReactNode {
  const currentId = useSessions((s) => s.currentId);
  const folder = useTools((s) => (currentId ? s.folders[currentId] : null));
  if (!folder) return null;
  const words = workingFolderWords(folder);
  return (
    <span className="chip chip--branch" role="status" aria-label={words} title={words}>
      <BranchIcon size={13} />
      <span className="chip--branch__name">{folder.branch ?? 'separate copy'}</span>
    </span>
  );
}
