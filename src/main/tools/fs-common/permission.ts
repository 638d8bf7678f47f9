// The file tools' own permission opinion: inside the working directories Read is allowed and the
// editing tools leave the decision to rules and mode (passthrough); outside them, everyone asks,
// naming the path. Read may also open the session's saved tool results (PL6 tells the model to).
import path from 'node:path';
import type { PermissionResult, ToolUseContext } from '../core/tool';
import { isInsideDir, isInWorkingDirectories } from '../../fs/working-dirs';

export type FileAccess = 'read' | 'write';

export async function filePermission<I>(
  toolName: string,
  abs: string,
  ctx: Pick<ToolUseContext, 'workingDirectories' | 'toolResultsDir'>,
  access: FileAccess,
): Promise<PermissionResult<I>> {
  const inside = await isInWorkingDirectories(abs, ctx.workingDirectories);
  if (access === 'read') {
    if (inside) return { behavior: 'allow', reason: { type: 'tool', reason: 'the file is inside the working directories' } };
    if (ctx.toolResultsDir && isInsideDir(abs, ctx.toolResultsDir)) {
      return { behavior: 'allow', reason: { type: 'tool', reason: "the file is one of this session's saved tool results" } };
    }
  } else if (inside) {
    return { behavior: 'passthrough', message: `${toolName} wants to write ${abs}.` };
  }
  const verb = access === 'read' ? 'read' : 'write';
  const message = `${toolName} wants to ${verb} ${abs}, which is outside the project's working directories.`;
  return {
    behavior: 'ask',
    message,
    reason: { type: 'tool', reason: `${abs} is outside the working directories` },
    // `//` anchors a rule at the filesystem root (a single `/` means the project root).
    suggestions: [`${toolName}(/${path.dirname(abs)}/**)`, toolName],
  };
}
