// Who answers a session's permission asks (PL4e): headless → an immediate denial naming the flag to
// allow it; otherwise a `permission_request` event, answered by `permission:reply` and followed by
// `permission_resolved` (also when the call is cancelled while it waits, or a task's request expires).
// Each request is stamped for the approval inbox (issue 5 item 6): when, which turn, whose, until when.
import type { PermissionReplyInput, PermissionRequestView, RequestOrigin } from '../../../shared/permissions/request';
import type { SavedAlwaysRule } from '../../../shared/permissions/rule-store';
import { createHeadlessPrompter } from '../../permissions/headless-prompter';
import { createRequestPrompter } from '../../permissions/request-prompter';
import type { PermissionRequest, Prompter } from '../../permissions/types';
import type { SessionEventBody } from '../event-body';
import { expiredDenial } from './task-approval';

export interface SessionPrompts {
  prompter: Prompter;
  /**
   * Answers a pending request; false when it is unknown here or already settled. `saved`: the rule an
   * "Always allow" answer saved, told with the resolution so the conversation can offer to undo it.
   */
  reply(reply: PermissionReplyInput, saved?: SavedAlwaysRule): boolean;
  /** Requests still waiting, oldest first. */
  pending(): PermissionRequestView[];
  /** The answer to `requestId` is on its way (a rule is being saved): it no longer expires. */
  holdExpiry(requestId: string): boolean;
}

export interface SessionPromptsOptions {
  headless: boolean;
  publish: (e: SessionEventBody) => void;
  /**
   * What only the caller knows about a request: the assistant message (turn) whose tool_use asks, and
   * whose call it is when not the session's own (a subagent's).
   */
  context?: (req: PermissionRequest) => { turn?: string | undefined; origin?: RequestOrigin | undefined };
  /** Whose requests these are, read as each is raised (a conversation's title is set by its first message). */
  origin?: () => RequestOrigin;
  /** Background tasks: a request nobody answers within this many ms becomes a denial (absent: it waits). */
  expireAfterMs?: number;
  now?: () => number;
}

export function createSessionPrompts(opts: SessionPromptsOptions): SessionPrompts {
  if (opts.headless) return { prompter: createHeadlessPrompter(), reply: () => false, pending: () => [], holdExpiry: () => false };
  const now = opts.now ?? Date.now;
  const expireAfterMs = opts.expireAfterMs;
  const stamp = (req: PermissionRequest): PermissionRequestView => {
    const createdAt = now();
    const known = opts.context?.(req);
    const turn = known?.turn;
    const origin = known?.origin ?? opts.origin?.();
    return {
      ...req,
      createdAt,
      ...(turn ? { turn } : {}),
      ...(origin ? { origin } : {}),
      ...(expireAfterMs !== undefined ? { expiresAt: createdAt + expireAfterMs } : {}),
    };
  };
  const requests = createRequestPrompter<PermissionRequestView>({
    stamp,
    now,
    publish: (request) => opts.publish({ type: 'permission_request', request }),
    withdraw: (requestId) => opts.publish({ type: 'permission_resolved', requestId, decision: 'cancelled' }),
    expiry: {
      denial: (req) => expiredDenial(req, (req.expiresAt ?? now()) - (req.createdAt ?? now())),
      // The inbox drops it; the decision is the denial the model got.
      expired: (req) => opts.publish({ type: 'permission_resolved', requestId: req.requestId, decision: 'deny', expired: true }),
    },
  });
  return {
    prompter: requests,
    reply(reply, saved) {
      const r = requests.reply(reply.requestId, { decision: reply.decision, ...(reply.feedback !== undefined ? { feedback: reply.feedback } : {}), ...(reply.rule !== undefined ? { rule: reply.rule } : {}), ...(reply.sessionMode ? { sessionMode: reply.sessionMode } : {}), ...(reply.updatedInput ? { updatedInput: reply.updatedInput } : {}), ...(reply.nextMode ? { nextMode: reply.nextMode } : {}) });
      if (!r.ok) return false;
      opts.publish({ type: 'permission_resolved', requestId: reply.requestId, decision: reply.decision, ...(saved ? { saved } : {}) });
      return true;
    },
    pending: () => requests.pending(),
    holdExpiry: (requestId) => requests.holdExpiry(requestId),
  };
}
