// The request kind for looking at files (Read, and the searches Grep and Glob): which file or folder,
// said plainly when it lies outside the project, what is looked for in words, and what of it would be
// sent to the AI model (PX2); the input exactly as sent one click away; rules in words.
import type { ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import type { PermissionRuleValue } from '../../../../shared/permissions/rule';
import { InfoIcon } from '../../components/icons';
import { useViewEnv } from '../../tools/view-env';
import { isOutside, requestTarget, targetIsFolder } from '../request-target';
import type { RequestKind } from '../types';
import { PlainFields } from './GenericRequest';
import { readRequestRows, sentToModelSentence } from './read-request-words';

/** One file (Read), or a folder searched (Grep, Glob): from the call's target. */
const isRead = (r: PermissionRequestView) => !targetIsFolder(r);

function where(request: PermissionRequestView, projectDir: string | null | undefined): string {
  const target = requestTarget(request);
  if (isOutside(target, projectDir ?? null)) return 'outside the project';
  // A search without a folder of its own (`.`) looks where the session is.
  return target && target !== '.' ? 'in your project' : 'in the current folder';
}

function ReadDetails({ request }: { request: PermissionRequestView }): ReactNode {
  const env = useViewEnv();
  return (
    <PlainFields rows={readRequestRows(request, env.projectDir)} input={request.input}>
      <p className="request-details__sends">{sentToModelSentence(request)}</p>
    </PlainFields>
  );
}

export const readRequest: RequestKind = {
  question: (r) => (isRead(r) ? 'Allow Agent Desk to read this file?' : 'Allow Agent Desk to search these files?'),
  summary: (r, env) => (isRead(r) ? `Read a file ${where(r, env?.projectDir)}` : `Search files ${where(r, env?.projectDir)}`),
  purpose: () => null,
  why: () => 'Agent Desk asks before the assistant looks at files outside the project, or where a rule says to ask.',
  Details: ReadDetails,
  ruleWords: (rule: PermissionRuleValue) => {
    if (rule.toolName === 'Read') {
      return rule.ruleContent === undefined ? 'Reading any file, without asking' : `Reading files matching “${rule.ruleContent}”, without asking`;
    }
    return rule.ruleContent === undefined ? 'Searching any folder, without asking' : `Searching files matching “${rule.ruleContent}”, without asking`;
  },
  Icon: InfoIcon,
};
