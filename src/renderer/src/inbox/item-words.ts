// One inbox line's words: the request kind's plain summary ("Run a command in your project", "Read a
// file outside the project") and, when the summary does not already say it, what it is about (the
// file, the command, the page).
import type { PermissionRequestView } from '../../../shared/permissions/request';
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
}

export function itemWords(request: PermissionRequestView, env: ViewEnv): ItemWords {
  const target = requestTarget(request);
  const outside = isOutside(target, env.projectDir);
  const summary = requestKindFor(request).summary(request, env);
  const detail = target ? displayPath(target, env.projectDir) : oneLine(inputSubject(request.input));
  return { summary, detail: detail && !summary.includes(detail) ? detail : '', outside: outside && !summary.includes('outside the project') };
}
