// PL3: the PreToolUse hooks and the safety classifier start together — both promises exist before
// either is awaited — so their latencies overlap. Failures of either mean "no opinion", never a crash.
import type { Logger } from '../../base/log';
import type { AnyTool, ToolUseContext } from '../core/tool';
import { NULL_CLASSIFIER, type ClassifierVerdict, type HookRunner, type PreToolUseResult, type SafetyClassifier } from './deps';

export interface PreChecks {
  hook: Promise<PreToolUseResult>;
  /** Awaited by the permission stage only if it gets that far. */
  classifier: Promise<ClassifierVerdict>;
  /** Stops the classifier once the decision no longer needs it. */
  cancel(): void;
}

export interface PreCheckArgs {
  tool: AnyTool;
  input: unknown;
  /** What hooks see: the observable copy (absolute paths, TC5), as Claude Code's hooks do. */
  hookInput: unknown;
  toolUseId: string;
  ctx: ToolUseContext;
  hooks: HookRunner;
  classifier: SafetyClassifier;
  log: Logger;
}

const NO_HOOK: PreToolUseResult = { messages: [] };
const NO_VERDICT: ClassifierVerdict = { verdict: 'none' };

/** Calls `fn` now (not in a later tick) and turns a synchronous throw or rejection into `fallback`. */
function startNow<T>(fn: () => Promise<T>, fallback: T, onError: (e: unknown) => void): Promise<T> {
  try {
    return fn().catch((e: unknown) => {
      onError(e);
      return fallback;
    });
  } catch (e) {
    onError(e);
    return Promise.resolve(fallback);
  }
}

function classifierInput(tool: AnyTool, input: unknown): string {
  try {
    return tool.toAutoClassifierInput(input);
  } catch {
    return '';
  }
}

/** A shared reason: a bare abort() builds a DOMException with a stack, ~22 % of a call's pipeline CPU. */
const CLASSIFIER_NOT_NEEDED = Object.freeze({ name: 'AbortError', message: 'classifier result not needed' });

export function startPreChecks(a: PreCheckArgs): PreChecks {
  // Created only when a classifier runs: most tools never ask one (TC2), so most calls pay nothing.
  let stop: AbortController | undefined;
  const hook = startNow(
    () =>
      a.hooks.preToolUse(
        { sessionId: a.ctx.sessionId, toolName: a.tool.name, toolInput: a.hookInput, toolUseId: a.toolUseId, cwd: a.ctx.state.cwd },
        a.ctx.abortSignal,
      ),
    NO_HOOK,
    (e) => a.log.warn(`PreToolUse hooks failed for ${a.tool.name}; continuing without them`, String(e)),
  ).then((r) => normalizeHookResult(r));
  // TC2: a tool whose classifier input is '' is never classifier-approved, so it is not even asked;
  // nor is the null classifier (none configured), which never has an opinion.
  const classifier =
    a.classifier === NULL_CLASSIFIER || classifierInput(a.tool, a.input) === ''
      ? Promise.resolve(NO_VERDICT)
      : startNow(
          () => {
            stop = new AbortController();
            return a.classifier.classify(a.tool, a.input, { ...a.ctx, abortSignal: AbortSignal.any([a.ctx.abortSignal, stop.signal]) });
          },
          NO_VERDICT,
          (e) => a.log.warn(`safety classifier failed for ${a.tool.name}`, String(e)),
        ).then(normalizeVerdict);
  return { hook, classifier, cancel: () => stop?.abort(CLASSIFIER_NOT_NEEDED) };
}

/** A hook runner is outside code: keep only well-formed fields. */
function normalizeHookResult(r: unknown): PreToolUseResult {
  if (!r || typeof r !== 'object') return NO_HOOK;
  const o = r as Partial<PreToolUseResult>;
  const out: PreToolUseResult = { messages: Array.isArray(o.messages) ? o.messages.filter((m) => typeof m === 'string') : [] };
  if (o.decision === 'allow' || o.decision === 'deny' || o.decision === 'ask') out.decision = o.decision;
  if (typeof o.reason === 'string') out.reason = o.reason;
  if (o.updatedInput !== undefined) out.updatedInput = o.updatedInput;
  if (o.blocked && typeof o.blocked.message === 'string') out.blocked = { message: o.blocked.message };
  return out;
}

function normalizeVerdict(v: unknown): ClassifierVerdict {
  const o = v as Partial<ClassifierVerdict> | null;
  if (!o || (o.verdict !== 'allow' && o.verdict !== 'ask')) return NO_VERDICT;
  return typeof o.reason === 'string' ? { verdict: o.verdict, reason: o.reason } : { verdict: o.verdict };
}
