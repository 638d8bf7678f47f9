// The interactive Prompter for hosts with a UI: publishes each request as plain data and resolves it
// when a `permission:reply` arrives with the same requestId — no callback crosses the boundary.
// A request carrying `expiresAt` (background tasks) settles by itself then, always as a denial.
import type { DecisionReason } from './types';
import type { PermissionReply, PermissionRequest, PromptAnswer, Prompter } from './types';

export type ReplyResult = { ok: true } | { ok: false; code: 'unknown_request' | 'invalid_reply'; message: string };

/** A request that may carry a deadline (ms since the epoch): background tasks' requests do. */
export type ExpiringRequest = PermissionRequest & { expiresAt?: number };

export interface RequestPrompter<R extends ExpiringRequest = PermissionRequest> extends Prompter {
  /** Answers a pending request; a stale id or a malformed reply is a typed error, never a throw. */
  reply(requestId: string, reply: unknown): ReplyResult;
  /** Requests still waiting, oldest first (a window that reloads shows them again). */
  pending(): R[];
  /**
   * An answer is on its way but not yet given (an "Always allow" rule is being saved first): the
   * request no longer expires, so the person's answer cannot be overtaken by a timeout. False when
   * the request is not waiting.
   */
  holdExpiry(requestId: string): boolean;
}

/** The denial a request turns into when nobody answered by its `expiresAt`. */
export interface ExpiryDenial {
  message: string;
  reason: DecisionReason;
}

export interface RequestPrompterOptions<R extends ExpiringRequest = PermissionRequest> {
  /** Sends the request to the UI (event bus → renderer modal / inbox). */
  publish: (req: R) => void;
  /** Tells the UI to close the modal: answered elsewhere, or the call was cancelled. */
  withdraw?: (requestId: string) => void;
  /** Adds what the pipeline does not know (when, which turn, whose, until when) before it is published. */
  stamp?: (req: PermissionRequest) => R;
  /**
   * For requests with `expiresAt`: the model-facing denial they become when nobody answered in time
   * (typed so that an expiry can never allow anything), and who to tell (the UI closes its request).
   */
  expiry?: { denial: (req: R) => ExpiryDenial; expired?: (req: R) => void };
  /** The clock `expiresAt` is read against (default Date.now). */
  now?: () => number;
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
  if (r.decision === 'allow_always' && r.sessionMode === 'acceptEdits') out.sessionMode = 'acceptEdits';
  const u = r.updatedInput;
  if (r.decision === 'allow_once' && u && typeof u === 'object' && !Array.isArray(u)) out.updatedInput = u as Record<string, unknown>;
  if (r.decision === 'allow_once' && (r.nextMode === 'default' || r.nextMode === 'acceptEdits')) out.nextMode = r.nextMode;
  return out;
}

/** Never expires without an expiry denial configured: a request must not settle with nobody's answer. */
const FALLBACK_DENIAL = (req: PermissionRequest): ExpiryDenial => ({
  message: `Nobody answered the permission request for ${req.toolName} in time, so the call did not run.`,
  reason: { type: 'other', reason: 'the permission request expired' },
});

export function createRequestPrompter<R extends ExpiringRequest = PermissionRequest>(opts: RequestPrompterOptions<R>): RequestPrompter<R> {
  type Entry = { req: R; resolve: (a: PromptAnswer) => void; timer: ReturnType<typeof setTimeout> | null };
  const waiting = new Map<string, Entry>();
  const now = opts.now ?? Date.now;
  const stamp = opts.stamp ?? ((req: PermissionRequest) => req as R);
  const clearTimer = (e: Entry) => {
    if (e.timer) clearTimeout(e.timer);
    e.timer = null;
  };
  return {
    prompt(raw, signal) {
      return new Promise<PromptAnswer>((resolve, reject) => {
        if (signal.aborted) return reject(new Error('aborted before the prompt opened'));
        const req = stamp(raw);
        const entry: Entry = { req, resolve: () => undefined, timer: null };
        const done = () => {
          clearTimer(entry);
          waiting.delete(req.requestId);
          signal.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          done();
          opts.withdraw?.(req.requestId);
          reject(new Error('the call was cancelled while waiting for permission'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        entry.resolve = (a) => {
          done();
          resolve(a);
        };
        waiting.set(req.requestId, entry);
        const expiresAt = req.expiresAt;
        if (expiresAt !== undefined && Number.isFinite(expiresAt)) {
          entry.timer = setTimeout(
            () => {
              entry.timer = null;
              if (waiting.get(req.requestId) !== entry) return;
              // Nobody answered: a denial, never an allow.
              const denial = (opts.expiry?.denial ?? FALLBACK_DENIAL)(req);
              entry.resolve({ decision: 'deny', denial });
              opts.expiry?.expired?.(req);
            },
            Math.max(0, expiresAt - now()),
          );
        }
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
    holdExpiry(requestId) {
      const entry = waiting.get(requestId);
      if (!entry) return false;
      clearTimer(entry);
      return true;
    },
  };
}
