// `agent-desk run -p PROMPT`: one headless turn through the same engine as the app (Session + loop,
// persisted like any session), printed as text, one JSON result, or JSON events line by line.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '../app/version';
import { createEngine } from '../app/core';
import { createLogger } from '../app/log';
import type { SessionEvent } from '../../shared/session-events';
import { missingKeyMessage } from '../model/config';
import type { TurnOutcome } from '../engine/session';
import type { RunArgs } from './args';
import type { CliIO } from './io';
import { initEvent, messageEvent, resultEvent, retryEvent } from './output';

async function readStdin(stdin: NonNullable<CliIO['stdin']>): Promise<string> {
  let text = '';
  stdin.setEncoding?.('utf8');
  for await (const chunk of stdin) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

async function projectDirOf(io: CliIO, cwd: string | null): Promise<string | { error: string }> {
  const dir = path.resolve(io.cwd, cwd ?? '.');
  try {
    if (!(await stat(dir)).isDirectory()) return { error: `not a directory: ${dir}` };
    return await realpath(dir);
  } catch {
    return { error: `no such directory: ${dir}` };
  }
}

const EMPTY_OUTCOME: TurnOutcome = {
  ok: false,
  aborted: false,
  messages: [],
  usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  turns: 0,
  stopReason: null,
  maxTurnsReached: false,
  durationMs: 0,
};

export async function runCommand(args: RunArgs, io: CliIO): Promise<number> {
  const fail = (message: string, code: number) => {
    io.stderr.write(`agent-desk: ${message}\n`);
    return code;
  };
  let prompt = args.prompt;
  if (prompt === null) {
    if (!io.stdin || io.stdin.isTTY) return fail('no prompt: pass -p PROMPT or pipe one on stdin', 2);
    prompt = (await readStdin(io.stdin)).trim();
    if (!prompt) return fail('no prompt: stdin was empty', 2);
  }
  const dir = await projectDirOf(io, args.cwd);
  if (typeof dir === 'object') return fail(dir.error, 2);

  const json = (x: unknown) => io.stdout.write(JSON.stringify(x) + '\n');
  const format = args.outputFormat;
  const engine = await createEngine({ env: io.env, log: createLogger({ level: io.env.AGENT_DESK_LOG ?? 'error' }) });
  try {
    for (const n of engine.notices) io.stderr.write(`agent-desk: ${n.level === 'info' ? 'note' : 'warning'}: ${n.message}\n`);
    const status = engine.auth.status();
    if (!status.configured) {
      const message = missingKeyMessage(false);
      if (format !== 'text') json(resultEvent(EMPTY_OUTCOME, '', message));
      return fail(message, 1);
    }

    const session = await engine.sessions.createSession(dir);
    const model = engine.model.config(args.model ?? undefined).model;
    if (format === 'stream-json') json(initEvent({ sessionId: session.id, cwd: dir, model, version: APP_VERSION, apiKeySource: status.source }));

    // Text mode prints deltas as they come; a retry after visible text restarts the reply on a new line.
    let printedForCurrent = false;
    let lastChar = '\n';
    let userSeen = false;
    const off = engine.bus.subscribe((channel, payload) => {
      if (channel !== 'session:event') return;
      const ev = payload as SessionEvent;
      if (ev.sessionId !== session.id) return;
      if (format === 'text') {
        if (ev.type === 'assistant_start') {
          if (lastChar !== '\n') io.stdout.write('\n');
          printedForCurrent = false;
        } else if (ev.type === 'text_delta' && ev.text) {
          io.stdout.write(ev.text);
          printedForCurrent = true;
          lastChar = ev.text.at(-1)!;
        } else if (ev.type === 'retry' && printedForCurrent) {
          io.stdout.write(lastChar === '\n' ? '' : '\n');
          lastChar = '\n';
          printedForCurrent = false;
          io.stderr.write(`agent-desk: ${ev.reason} — retrying\n`);
        }
      } else if (format === 'stream-json') {
        if (ev.type === 'message') {
          // The prompt itself is not echoed (like Claude Code); later user messages carry tool results.
          if (ev.message.role === 'user' && !userSeen) userSeen = true;
          else json(messageEvent(ev.message, session.id));
        } else if (ev.type === 'retry') json(retryEvent({ sessionId: session.id, attempt: ev.attempt, delayMs: ev.delayMs, reason: ev.reason }));
      }
    });

    const { done } = session.start(prompt, { ...(args.model ? { model: args.model } : {}), ...(args.maxTurns ? { maxTurns: args.maxTurns } : {}) });
    const stopOnInterrupt = io.onInterrupt?.(() => void session.stop());
    const outcome = await done;
    stopOnInterrupt?.();
    off();

    let errorMessage: string | null = null;
    if (outcome.aborted) errorMessage = 'Stopped.';
    else if (outcome.error) errorMessage = outcome.error.message;
    else if (outcome.maxTurnsReached) errorMessage = `Reached the maximum number of turns (${args.maxTurns ?? outcome.turns}).`;

    if (format === 'text' && lastChar !== '\n') io.stdout.write('\n');
    if (format !== 'text') json(resultEvent(outcome, session.id, errorMessage));
    if (errorMessage !== null) return fail(errorMessage, outcome.aborted ? 130 : 1);
    return 0;
  } finally {
    await engine.dispose();
  }
}
