// One inbox line's words: the request kind's plain summary ("Run a command in your project", "Read a
// file outside the project"), when the summary does not already say it, what it is about (the file,
// the command, the page), and for a read what would be sent to the AI model (PX2).
import type { PermissionRequestView } from '../../../shared/permissions/request';
import { requestKind } from '../../../shared/permissions/request-traits';
import { sentToModel } from '../permissions/kinds/read-request-words';
import { requestKindFor } from '../permissions/registry';
import { inputSubject, oneLine } from '../tools/input-summary';
import { displayPath } from '../tools/shared/paths';
import type { ViewEnv } from '../tools/view-env';
import { isOutside, requestTarget } from './group-requests';

export interface ItemWords {
  summary: string;
  /** The file, command or page, shown as code; '' when the summary says it all. */
  detail: string;
  /** The file lies outside the project and the summary does not say so (said next to it). */
  outside: boolean;
  /** What allowing it sends to the AI model ("The contents of a.txt will be sent…"); '' for other kinds. */
  note: string;
}

export function itemWords(request: PermissionRequestView, env: ViewEnv): ItemWords {
  const target = requestTarget(request);
  const outside = isOutside(target, env.projectDir);
  const kind = requestKindFor(request);
  const summary = kind.summary(request, env);
  const detail = target ? displayPath(target, env.projectDir) : (kind.inboxDetail?.(request) ?? oneLine(inputSubject(request.input)));
  const sent = requestKind(request) === 'read' ? sentToModel(request) : '';
  return {
    summary,
    detail: detail && !summary.includes(detail) ? detail : '',
    outside: outside && !summary.includes('outside the project'),
    note: sent ? `${sent.charAt(0).toUpperCase()}${sent.slice(1)} will be sent to the AI model if you allow it.` : '',
  };
}
