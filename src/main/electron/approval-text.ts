// The words of an approval notification (issue 5 item 6): what is asked, in a few plain words from the
// tool's kind and the call's target (sent with the request), and who asks. Main cannot use the
// renderer's request kinds, so this stays simple.
import { basename } from 'node:path';
import { MCP_QUESTION_REQUEST_NAME } from '../../shared/mcp-question';
import type { PermissionRequestView } from '../../shared/permissions/request';
import { requestKind, requestTargetOf } from '../../shared/permissions/request-traits';

export const NOTIFICATION_TITLE = 'Agent Desk needs your OK';
const MAX_DETAIL = 80;

function field(input: unknown, key: string): string | null {
  if (!input || typeof input !== 'object') return null;
  const v = (input as Record<string, unknown>)[key];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

function clip(text: string, max = MAX_DETAIL): string {
  const line = text.split('\n')[0]!.trim();
  const more = line.length > max || text.trim().includes('\n');
  return more ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

function host(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** "Run a command: npm test", "Change app.ts", "Read notes.md", "Fetch a page from example.com", "Use Grep". */
export function approvalSummary(req: Pick<PermissionRequestView, 'toolName' | 'input' | 'kind' | 'target'>): string {
  const { toolName, input } = req;
  if (toolName === MCP_QUESTION_REQUEST_NAME) return `Answer a question from “${clip(field(input, 'server') ?? 'a connected tool', 60)}”`;
  const kind = requestKind(req);
  const target = requestTargetOf(req);
  const command = kind === 'exec' ? field(input, 'command') : null;
  if (command) return `Run a command: ${clip(command)}`;
  const file = target && !target.isDir ? target.path : null;
  if (file && kind === 'edit') return `Change ${clip(basename(file))}`;
  if (file && kind === 'read') return `Read ${clip(basename(file))}`;
  const site = kind === 'fetch' && target ? host(target.path) : null;
  if (site) return `Fetch a page from ${clip(site)}`;
  return `Use ${clip(toolName)}`;
}

/** "“Fix the login bug” in shop", "Background task “Nightly” in shop". */
export function approvalWhere(req: Pick<PermissionRequestView, 'origin'>, projectDir: string): string {
  const project = basename(projectDir) || projectDir;
  const origin = req.origin;
  if (!origin) return `In ${project}`;
  const label = clip(origin.label, 60);
  if (origin.kind === 'task') return `Background task “${label}” in ${project}`;
  if (origin.kind === 'subagent') return `${label} in ${project}`;
  if (origin.kind === 'tool') return `The connected tool “${label}” in ${project}`;
  return `“${label}” in ${project}`;
}

/** The notification's body: what, who, and how many more wait in that project. */
export function approvalBody(req: PermissionRequestView, projectDir: string, waitingInProject: number): string {
  const more = waitingInProject > 1 ? ` · ${waitingInProject} requests waiting` : '';
  return `${approvalSummary(req)}\n${approvalWhere(req, projectDir)}${more}`;
}
