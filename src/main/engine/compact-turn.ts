// "/compact [instructions]": a summary asked for by hand, run as a turn of its own (Stop ends it);
// the summary joins the conversation and its call the session's cost.
import type { ErrorInfo } from '../../shared/session-events';
import type { Message } from '../../shared/transcript';
import { compactSettingsFrom } from './compact/settings';
import { afterSaving, asModelError, saveFailure, type TurnHost } from './session-turn';
import type { TurnOptions, TurnOutcome } from './session-types';
import { addTotals, ZERO_TOTALS, ZERO_USAGE } from '../model/usage';

/** `/compact` and what follows it: a summary asked for by hand, not a message for the model. */
export const COMPACT_COMMAND = /^\/compact(?:\s+([\s\S]*))?$/;

export async function runCompactionTurn(host: TurnHost, projectDir: string, instructions: string, signal: AbortSignal, opts: TurnOptions): Promise<TurnOutcome> {
  const { deps, persistence } = host;
  const t0 = deps.now();
  const turnMessages: Message[] = [];
  let runTotals = ZERO_TOTALS;
  let info: ErrorInfo | null = null;
  let aborted = false;
  try {
    const config = deps.model.config(opts.model);
    const client = afterSaving(deps.model.client(config), () => persistence.settled());
    host.beginRun(config.model, (m) => {
      host.messages.push(m);
      turnMessages.push(m);
      host.publish({ type: 'message', message: m });
      const call = host.count(m, config.model);
      if (call) runTotals = addTotals(runTotals, call);
    });
    const settings = deps.compaction?.(projectDir) ?? compactSettingsFrom({});
    const r = settings.enabled
      ? await host.compaction.run({ client, model: config.model }, 'manual', instructions, signal)
      : ({ kind: 'blocked', reason: 'summaries are turned off (DISABLE_COMPACT)' } as const);
    if (r.kind === 'compacted') await persistence.prompt(r.message);
    else if (r.kind === 'nothing') host.runtime?.notify('info', 'There is nothing to summarise yet.');
    else if (r.kind === 'blocked') info = { code: 'hook_blocked', message: `The conversation was not summarised: ${r.reason}`, retryable: false };
    else if (r.error.code === 'aborted' || signal.aborted) aborted = true;
    else info = r.error.toInfo();
  } catch (err) {
    const error = asModelError(err);
    if (error.code === 'aborted' || signal.aborted) aborted = true;
    else info = error.toInfo();
  }
  await persistence.endTurn().catch((err: unknown) => {
    info ??= saveFailure(host, err);
  });
  host.settle(info);
  return {
    ok: !info && !aborted,
    aborted,
    ...(info ? { error: info } : {}),
    messages: turnMessages,
    usage: ZERO_USAGE,
    costUsd: runTotals.costUsd,
    turns: 0,
    stopReason: null,
    maxTurnsReached: false,
    durationMs: deps.now() - t0,
  };
}
