// Which tools a rule's tool name speaks for, and where a file tool's input names its path. Claude Code:
// `Edit(...)` rules apply to every file-editing tool; `Read(...)` rules to the tools that read files
// (Glob and Grep best effort). Deny and ask `Read` rules also cover the editing tools (the safer reading).
import type { RuleBehavior } from './types';

export const EDIT_TOOLS: readonly string[] = ['Edit', 'Write', 'NotebookEdit', 'MultiEdit'];
export const READ_TOOLS: readonly string[] = ['Read', 'Glob', 'Grep', 'LS'];
export const FILE_TOOLS: readonly string[] = [...READ_TOOLS, ...EDIT_TOOLS];

/** The tool names a rule written for `ruleTool` covers (for other names, just that name). */
export function toolsCoveredBy(ruleTool: string, behavior: RuleBehavior): readonly string[] {
  if (ruleTool === 'Edit') return EDIT_TOOLS;
  if (ruleTool === 'Read') return behavior === 'allow' ? READ_TOOLS : FILE_TOOLS;
  return [ruleTool];
}

/** Whether a rule named `ruleTool` speaks for a call of `toolName` (or one of its aliases). */
export function ruleToolCovers(ruleTool: string, toolName: string, behavior: RuleBehavior, aliases: readonly string[] = []): boolean {
  const covered = toolsCoveredBy(ruleTool, behavior);
  return covered.includes(toolName) || aliases.some((a) => covered.includes(a));
}

export interface FileTarget {
  /** As written by the model: absolute, `~/…`, or relative to the session's directory. */
  path: string;
  /** A folder to search (Glob, Grep, LS) rather than one file. */
  isDir: boolean;
}

function str(input: unknown, key: string): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const v = (input as Record<string, unknown>)[key];
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/**
 * The path a file tool's call touches. Search tools default to the current directory; `undefined`
 * means the input names no path (the rule then cannot speak for it).
 */
export function fileTargetOf(toolName: string, input: unknown): FileTarget | undefined {
  switch (toolName) {
    case 'Read':
    case 'Edit':
    case 'Write':
    case 'MultiEdit': {
      const p = str(input, 'file_path');
      return p === undefined ? undefined : { path: p, isDir: false };
    }
    case 'NotebookEdit': {
      const p = str(input, 'notebook_path');
      return p === undefined ? undefined : { path: p, isDir: false };
    }
    case 'Glob':
    case 'Grep':
    case 'LS':
      return { path: str(input, 'path') ?? '.', isDir: true };
    default:
      return undefined;
  }
}
