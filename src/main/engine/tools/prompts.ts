// Who answers a session's permission asks (PL4e): headless → an immediate denial naming the flag to
// allow it; otherwise a `permission_request` event, answered by `permission:reply` and followed by
// `permission_resolved` (also when the call is cancelled while it waits).
import type { PermissionReplyInput, PermissionRequestView } from '../../../shared/permissions/request';
import { createHeadlessPrompter } from '../../permissions/headless-prompter';
import { createRequestPrompter } from '../../permissions/request-prompter';
import type { Prompter } from '../../permissions/types';
import type { SessionEventBody } from '../event-body';

export interface SessionPrompts {
  prompter: Prompter;
  /** Answers a pending request; false when it is unknown here or already settled. */
  reply(reply: PermissionReplyInput): boolean;
  pending(): PermissionRequestView[];
}

export function createSessionPrompts(opts: { headless: boolean; publish: (e: SessionEventBody) => void }): SessionPrompts {
  if (opts.headless) return { prompter: createHeadlessPrompter(), reply: () => false, pending: () => [] };
  const requests = createRequestPrompter({
    publish: (request) => opts.publish({ type: 'permission_request', request }),
    withdraw: (requestId) => opts.publish({ type: 'permission_resolved', requestId, decision: 'cancelled' }),
  });
  return {
    prompter: requests,
    reply(reply) {
      const r = requests.reply(reply.requestId, { decision: reply.decision, ...(reply.feedback !== undefined ? { feedback: reply.feedback } : {}), ...(reply.rule !== undefined ? { rule: reply.rule } : {}) });
      if (!r.ok) return false;
      opts.publish({ type: 'permission_resolved', requestId: reply.requestId, decision: reply.decision });
      return true;
    },
    pending: () => requests.pending(),
  };
}
