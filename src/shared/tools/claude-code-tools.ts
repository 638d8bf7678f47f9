// Claude Code's tool vocabulary as one data table: what its permission rules mean by each tool name,
// so users' rules keep their meaning — for the names we do not implement (MultiEdit, LS) and wherever no
// tool pool is at hand (settings checks, the rule workbench's words). A tool of the pool wins.
import type { ToolTraits } from './traits';

export const CLAUDE_CODE_TOOLS: Readonly<Record<string, ToolTraits>> = {
  Bash: { kind: 'exec' },
  Read: { kind: 'read', target: { field: 'file_path' } },
  Glob: { kind: 'read', target: { field: 'path', isDir: true, default: '.' } },
  Grep: { kind: 'read', target: { field: 'path', isDir: true, default: '.' } },
  LS: { kind: 'read', target: { field: 'path', isDir: true, default: '.' } },
  Edit: { kind: 'edit', target: { field: 'file_path' } },
  MultiEdit: { kind: 'edit', target: { field: 'file_path' } },
  Write: { kind: 'edit', target: { field: 'file_path' } },
  NotebookEdit: { kind: 'edit', target: { field: 'notebook_path' } },
  WebFetch: { kind: 'fetch', target: { field: 'url' } },
  WebSearch: { kind: 'fetch' },
};

