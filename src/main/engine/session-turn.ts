// One turn of a session: the prompt's hooks, the loop of model calls and tools, and how it ended (the
// stop saved on its last message, the error published, the outcome the host reads). The session keeps
// the state; a turn reaches it through a TurnHost.
import type { ErrorInfo, UsageTotals } from '../../shared/session-events';
import type { Message, RunStop } from '../../shared/transcript';
import { ModelError } from '../model/errors';
import type { ModelClient } from '../model/types';
import type { SessionEventBody } from './event-body';
import { runLoop, type LoopResult } from './loop';
import { runStopOf } from './run-stop';
import type { SessionBudget } from './budget/session-budget';
import type { SessionCompaction } from './session-compaction';
import type { SessionHooks } from './session-hooks';
import type { SessionPersistence } from './session-persistence';
import type { SessionRuntime } from './session-runtime';
import type { SessionDeps, TurnOptions, TurnOutcome } from './session-types';
import { addTotals, ZERO_TOTALS, ZERO_USAGE } from '../model/usage';

/** What a turn needs of its session. */
export interface TurnHost {
  readonly id: string;
  readonly deps: SessionDeps;
  /** The conversation, appended to in place. */
  readonly messages: Message[];
  readonly persistence: SessionPersistence;
  readonly compaction: SessionCompaction;
  /** Its budget: a turn starts it afresh, and every request passes its gate. */
  readonly budget: SessionBudget;
  readonly hooks: SessionHooks;
  readonly runtime: SessionRuntime | null;
  publish(e: SessionEventBody): void;
  /** The prompt joins the conversation; resolves once it is on disk. */
  accept(user: Message, setRunning: boolean): Promise<void>;
  /** Where the running turn's messages go, and its model (its subagents inherit it). */
  beginRun(model: string, append: (m: Message) => void): void;
  /** A message's model call joins the session's cost; returns that call's priced usage, if it had one. */
  count(m: Message, model: string): UsageTotals | null;
  /** The turn is over: its error (if any) published, the session idle again. */
  settle(info: ErrorInfo | null): void;
}

/** `saved`: the prompt's write, once it joined the conversation (null: a UserPromptSubmit hook decides first). */
export async function runTurn(host: TurnHost, user: Message, saved: Promise<void> | null, signal: AbortSignal, opts: TurnOptions): Promise<TurnOutcome> {
  const { deps, persistence } = host;
  const t0 = deps.now();
  const maxTurns = opts.maxTurns ?? deps.maxTurns;
  const turnMessages: Message[] = [];
  let result: LoopResult | null = null;
  let error: ModelError | null = null;
  let blocked: string | undefined;
  let saveError: ErrorInfo | null = null;
  let runTotals = ZERO_TOTALS;
  try {
    host.budget.beginTurn();
    host.runtime?.tools?.beginMessage(user);
    await host.hooks.sessionStart(signal);
    if (!saved) {
      ({ blocked } = await host.hooks.submit(user, signal));
      if (!blocked && !signal.aborted) saved = host.accept(user, false);
    }
    if (host.messages.at(-1) === user) turnMessages.push(user);
    // Nothing goes to the model that is not on disk first.
    if (saved) saveError = await saved.then(() => null, (err: unknown) => saveFailure(host, err));
    if (!blocked && !saveError && turnMessages.length > 0 && !signal.aborted) {
      const config = deps.model.config(opts.model);
      // Every request, not only the first, waits for the turn's lines: what the model was sent (a
      // call's result, a reply) must survive a crash that follows at once.
      const client = afterSaving(deps.model.client(config), () => persistence.settled());
      const tools = host.runtime?.tools;
      const append = (m: Message) => {
        host.messages.push(m);
        persistence.add(m);
        turnMessages.push(m);
        host.publish({ type: 'message', message: m });
        const call = host.count(m, config.model);
        if (call) runTotals = addTotals(runTotals, call);
      };
      host.beginRun(config.model, append);
      result = await runLoop(
        {
          client,
          model: config.model,
          request: () => host.compaction.request(config.model),
          prepare: host.compaction.prepare({ client, model: config.model }),
          gate: (s) => host.budget.gate(s),
          ...(tools ? { toolRunner: tools } : {}),
          ...(maxTurns ? { maxTurns } : {}),
          retry: deps.retry,
          record: {
            replyBlocks: (messageId, blocks) => persistence.replyBlocks(messageId, blocks),
            toolResult: (messageId, r) => persistence.toolResult(messageId, r),
            settled: () => persistence.settled(),
          },
          append,
          emit: (e) => host.publish(e),
          onEnd: (active, s) => host.hooks.stop(active, s),
          newId: deps.newId,
          now: deps.now,
          ...(deps.sleep ? { sleep: deps.sleep } : {}),
        },
        signal,
      );
      error = result.error ?? null;
    }
  } catch (err) {
    error = asModelError(err);
    if (error.code === 'internal') deps.log.error(`session ${host.id}: turn failed`, err);
  }
  const aborted = (result?.aborted ?? false) || (signal.aborted && !result && !error);
  if (result?.hookStopped) host.runtime?.notify('info', `A hook ended the turn: ${result.hookStopped}`);
  const stopped = runStopOf({
    aborted,
    ...(result?.maxTurnsReached && maxTurns ? { maxTurnsReached: { limit: maxTurns } } : {}),
    stopReason: result?.stopReason ?? null,
    ...(result?.hookStopped !== undefined ? { hookStopped: result.hookStopped } : {}),
    ...(blocked !== undefined ? { promptBlocked: blocked } : {}),
    ...(result?.budgetStopped ? { budgetStopped: host.budget.stopText() } : {}),
    ...(error ? { error: error.toInfo() } : saveError ? { error: saveError } : {}),
  });
  const stoppedAt = stopped ? markStopped(host, turnMessages, stopped) : null;

  try {
    await persistence.endTurn(stopped && stoppedAt ? { messageId: stoppedAt, stop: stopped } : undefined);
  } catch (err) {
    saveError ??= saveFailure(host, err);
  }

  const blockedInfo: ErrorInfo | null = blocked ? { code: 'hook_blocked', message: `A UserPromptSubmit hook blocked this message: ${blocked}`, retryable: false } : null;
  const info = blockedInfo ?? (error && !aborted ? error.toInfo() : saveError);
  if (error && !aborted) deps.log.warn(`session ${host.id}: ${error.code}: ${error.message}`);
  host.settle(info);
  const hookStopped = blocked ?? result?.hookStopped;
  return {
    ok: !error && !aborted && !saveError && !blocked,
    aborted,
    ...(info ? { error: info } : {}),
    messages: turnMessages,
    usage: result?.usage ?? ZERO_USAGE,
    costUsd: runTotals.costUsd,
    turns: result?.turns ?? 0,
    stopReason: result?.stopReason ?? null,
    maxTurnsReached: result?.maxTurnsReached ?? false,
    ...(hookStopped ? { hookStopped } : {}),
    ...(stopped ? { stopped } : {}),
    ...(result?.budgetStopped ? { budgetStopped: true } : {}),
    durationMs: deps.now() - t0,
  };
}

export function asModelError(err: unknown): ModelError {
  return err instanceof ModelError ? err : new ModelError('internal', err instanceof Error ? err.message : String(err), { cause: err });
}

export function saveFailure(host: Pick<TurnHost, 'id' | 'deps'>, err: unknown): ErrorInfo {
  host.deps.log.error(`session ${host.id}: could not save`, err);
  return { code: 'internal', message: `Could not save the session: ${err instanceof Error ? err.message : String(err)}` };
}

/** `client`, each of whose requests goes out once `settled` resolves. */
export function afterSaving(client: ModelClient, settled: () => Promise<void>): ModelClient {
  return {
    async *stream(request, signal) {
      await settled();
      yield* client.stream(request, signal);
    },
    // A count sends nothing of the conversation's to keep: it need not wait.
    ...(client.countTokens ? { countTokens: (request, signal) => client.countTokens!(request, signal) } : {}),
  };
}

/**
 * The run's last message says why it stopped, and so does an event now; returns that message's id
 * (the turn's end line saves the reason with it), null when no message joined the conversation.
 */
function markStopped(host: TurnHost, turnMessages: Message[], stop: RunStop): string | null {
  const last = turnMessages.at(-1);
  const at = last ? host.messages.lastIndexOf(last) : -1;
  if (!last || at === -1) {
    host.publish({ type: 'run_stopped', messageId: null, stop });
    return null;
  }
  const marked: Message = { ...last, stopped: stop };
  host.messages[at] = marked;
  turnMessages[turnMessages.length - 1] = marked;
  host.publish({ type: 'run_stopped', messageId: last.id, stop });
  return last.id;
}
