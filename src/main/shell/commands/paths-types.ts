// BA8: what the path checks say of one command — the files it reads and the files it writes.
export type Access = 'read' | 'write';

export interface CommandPaths {
  read: string[];
  write: string[];
}
