// The interactive Prompter for hosts with a UI: publishes each request as plain data and resolves it
// when a `permission:reply` arrives with the same requestId — no callback crosses the boundary.
import type { PermissionReply, PermissionRequest, PromptAnswer, Prompter } from './types';

export type ReplyResult = { ok: true } | { ok: false; code: 'unknown_request' | 'invalid_reply'; message: string };

export interface RequestPrompter extends Prompter {
  /** Answers a pending request; a stale id or a malformed reply is a typed error, never a throw. */
  reply(requestId: string, reply: unknown): ReplyResult;
  /** Requests still waiting (a window that reloads shows them again). */
  pending(): PermissionRequest[];
}

export interface RequestPrompterOptions {
  /** Sends the request to the UI (event bus → renderer modal). */
  publish: (req: PermissionRequest) => void;
  /** Tells the UI to close the modal: answered elsewhere, or the call was cancelled. */
  withdraw?: (requestId: string) => void;
}

export function parseReply(raw: unknown): PermissionReply | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (r.decision !== 'allow_once' && r.decision !== 'allow_always' && r.decision !== 'deny') return null;
  if (r.feedback !== undefined && typeof r.feedback !== 'string') return null;
  if (r.rule !== undefined && typeof r.rule !== 'string') return null;
  const out: PermissionReply = { decision: r.decision };
  if (typeof r.feedback === 'string') out.feedback = r.feedback;
  if (typeof r.rule === 'string') out.rule = r.rule;
  return out;
}

export function createRequestPrompter(opts: RequestPrompterOptions): RequestPrompter {
  const waiting = new Map<string, { req: PermissionRequest; resolve: (a: PromptAnswer) => void }>();
  return {
    prompt(req, signal) {
      return new Promise<PromptAnswer>((resolve, reject) => {
        if (signal.aborted) return reject(new Error('aborted before the prompt opened'));
        const done = () => {
          waiting.delete(req.requestId);
          signal.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          done();
          opts.withdraw?.(req.requestId);
          reject(new Error('the call was cancelled while waiting for permission'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.set(req.requestId, {
          req,
          resolve: (a) => {
            done();
            resolve(a);
          },
        });
        opts.publish(req);
      });
    },
    reply(requestId, raw) {
      const entry = waiting.get(requestId);
      if (!entry) return { ok: false, code: 'unknown_request', message: `No permission request ${requestId} is waiting` };
      const reply = parseReply(raw);
      if (!reply) return { ok: false, code: 'invalid_reply', message: 'A reply needs decision allow_once, allow_always or deny' };
      entry.resolve(reply);
      return { ok: true };
    },
    pending: () => [...waiting.values()].map((w) => w.req),
  };
}
