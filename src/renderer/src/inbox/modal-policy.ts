// Which waiting requests pop the approval modal: only those of the conversation on screen (issue 5
// item 6). Other conversations, subagents and background tasks wait in the inbox instead of
// covering the person's work.
import type { PermissionRequestView } from '../../../shared/permissions/request';

export function popsModal(request: PermissionRequestView, currentId: string | null): boolean {
  return currentId !== null && request.sessionId === currentId && (!request.origin || request.origin.kind === 'session');
}

/** The requests the modal shows in turn, oldest first. */
export function modalQueue(requests: readonly PermissionRequestView[], currentId: string | null): PermissionRequestView[] {
  return requests.filter((r) => popsModal(r, currentId));
}
