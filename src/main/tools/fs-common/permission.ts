// The file tools' own permission opinion: inside the project folder (and the extra folders it may
// use, `additionalDirectories`) Read is allowed and the editing tools leave the decision to rules and
// mode (passthrough); outside them, everyone asks, naming the path in plain words (PX2). Read may also
// open the session's saved tool results (PL6 tells the model to).
import path from 'node:path';
import type { PermissionResult, ToolUseContext } from '../core/tool';
import { isInsideDir, isInWorkingDirectories } from '../../fs/working-dirs';

export type FileAccess = 'read' | 'write';

/**
 * The folders a file tool may use, in words: "the project folder", "the project folder and the
 * extra folder it may use", "… and the 2 extra folders it may use". The first working directory is
 * the project's own.
 */
export function allowedFoldersWords(workingDirectories: readonly string[]): string {
  const extra = Math.max(0, workingDirectories.length - 1);
  if (extra === 0) return 'the project folder';
  return `the project folder and the ${extra === 1 ? 'extra folder' : `${extra} extra folders`} it may use`;
}

export async function filePermission<I>(
  toolName: string,
  abs: string,
  ctx: Pick<ToolUseContext, 'workingDirectories' | 'toolResultsDir'>,
  access: FileAccess,
): Promise<PermissionResult<I>> {
  const inside = await isInWorkingDirectories(abs, ctx.workingDirectories);
  const folders = allowedFoldersWords(ctx.workingDirectories);
  if (access === 'read') {
    if (inside) return { behavior: 'allow', reason: { type: 'tool', reason: `the file is inside ${folders}` } };
    if (ctx.toolResultsDir && isInsideDir(abs, ctx.toolResultsDir)) {
      return { behavior: 'allow', reason: { type: 'tool', reason: "the file is one of this session's saved tool results" } };
    }
  } else if (inside) {
    return { behavior: 'passthrough', message: `${toolName} wants to write ${abs}.` };
  }
  const verb = access === 'read' ? 'read' : 'write';
  const message = `${toolName} wants to ${verb} ${abs}, which is outside ${folders}.`;
  return {
    behavior: 'ask',
    message,
    reason: { type: 'tool', reason: `${abs} is outside ${folders}` },
    action: `${access === 'read' ? 'Reading' : 'Changing'} files outside ${folders}`,
    // `//` anchors a rule at the filesystem root (a single `/` means the project root).
    suggestions: [`${toolName}(/${path.dirname(abs)}/**)`, toolName],
  };
}
