// `agent-desk run -p PROMPT`: one headless turn through the same engine as the app (Session + loop +
// tools, persisted like any session), printed as text, one JSON result, or JSON events line by line.
// Nobody can answer a permission prompt here: an ask becomes a denial that names the flag to allow it.
import path from 'node:path';
import { APP_VERSION } from '../app/version';
import { createEngine } from '../app/engine';
import { createLogger } from '../base/log';
import type { SessionEvent } from '../../shared/session-events';
import type { TurnOutcome } from '../engine/session';
import { missingKeyMessage } from '../model/config';
import type { RunArgs } from './args';
import { readStdin, type CliIO } from './io';
import { budgetExitMessage, EXIT_BUDGET, initEvent, resultEvent } from './output';
import { budgetNoticeText } from '../../shared/budget-words';
import { modelPrice } from '../../shared/model/pricing';
import { createRunPrinter } from './printer';
import { projectDirOf } from './project-dir';

const EMPTY_OUTCOME: TurnOutcome = {
  ok: false,
  aborted: false,
  messages: [],
  usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  costUsd: 0,
  turns: 0,
  stopReason: null,
  maxTurnsReached: false,
  durationMs: 0,
};

/** MCP (and so a permission-prompt tool) comes in a later issue: say so instead of ignoring the flag. */
export const PROMPT_TOOL_UNSUPPORTED =
  '--permission-prompt-tool needs an MCP tool, and MCP servers are not supported yet; use --allowedTools or --permission-mode instead';

export async function runCommand(args: RunArgs, io: CliIO): Promise<number> {
  const fail = (message: string, code: number) => {
    io.stderr.write(`agent-desk: ${message}\n`);
    return code;
  };
  if (args.permissionPromptTool !== null) return fail(PROMPT_TOOL_UNSUPPORTED, 2);
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
  const engine = await createEngine({
    env: io.env,
    log: createLogger({ level: io.env.AGENT_DESK_LOG ?? 'error' }),
    tools: {
      headless: true,
      allowedTools: args.allowedTools,
      disallowedTools: args.disallowedTools,
      ...(args.permissionMode ? { permissionMode: args.permissionMode } : {}),
      ...(args.bare ? { simple: true } : {}),
      ...(args.assistant ? { assistantMode: true } : {}),
      // A file is named from where the command was typed; a JSON string is kept as it is.
      ...(args.mcpConfig.length ? { mcpConfigs: args.mcpConfig.map((v) => (v.startsWith('{') ? v : path.resolve(io.cwd, v))) } : {}),
      ...(args.strictMcpConfig ? { strictMcpConfig: true } : {}),
    },
    ...(args.settings ? { settingsFile: path.resolve(io.cwd, args.settings) } : {}),
    // Claude Code's -p does not ask about the folder: whoever started the run chose it.
    folderTrust: 'all',
  });
  const note = (level: string, message: string) => io.stderr.write(`agent-desk: ${level === 'info' ? 'note' : level === 'error' ? 'error' : 'warning'}: ${message}\n`);
  const offNotices = engine.bus.subscribe((channel, payload) => {
    if (channel === 'app:notice') note((payload as { level: string }).level, (payload as { message: string }).message);
  });
  try {
    for (const n of engine.notices) note(n.level, n.message);
    const status = engine.auth.status();
    if (!status.configured) {
      const message = missingKeyMessage(false);
      if (format !== 'text') json(resultEvent(EMPTY_OUTCOME, '', message));
      return fail(message, 1);
    }
    // The servers connect (or fail) before the first request, so the model is offered their tools.
    await engine.mcp.forProject(dir).ready();
    const model = engine.model.config(args.model ?? undefined).model;
    // A budget in dollars needs the model's price: without it the run could not tell when to stop.
    if (args.maxBudgetUsd !== null && !modelPrice(model)) return fail(`--max-budget-usd needs a model whose price Agent Desk knows; the price of ${model} is not known`, 2);
    const session = await engine.sessions.createSession(dir, args.maxBudgetUsd !== null ? { budget: { usd: args.maxBudgetUsd } } : {});
    // Resolve the mode now: a bypassPermissions the policy disables is refused before the turn starts.
    const mode = session.permissionMode();
    if (format === 'stream-json') {
      json(initEvent({ sessionId: session.id, cwd: dir, model, tools: session.toolNames(), permissionMode: mode, version: APP_VERSION, apiKeySource: status.source }));
    }
    const printer = createRunPrinter(io, format, session.id);
    let budgetNoted = false;
    const off = engine.bus.subscribe((channel, payload) => {
      if (channel !== 'session:event') return;
      const ev = payload as SessionEvent;
      printer.onEvent(ev);
      // The budget's 80 % notice (issue 20 item 4), once, where a script's reader sees notes.
      if (ev.type === 'budget' && !budgetNoted && ((ev.budget.phase === 'near' && (ev.budget.percent ?? 0) < 100) || (ev.budget.spentUsd === null && ev.budget.limit.usd !== undefined))) {
        budgetNoted = true;
        note('info', budgetNoticeText(ev.budget)!.replace(/^This conversation/, 'This run').replace(/the assistant pauses and asks you before it goes on/, 'the run stops before its next request'));
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
    else if (outcome.budgetStopped) errorMessage = budgetExitMessage(session.budgetStatus(), args.maxBudgetUsd !== null);
    printer.end();
    if (format !== 'text') json(resultEvent(outcome, session.id, errorMessage, printer.denials));
    if (errorMessage !== null) return fail(errorMessage, outcome.aborted ? 130 : outcome.budgetStopped ? EXIT_BUDGET : 1);
    return 0;
  } finally {
    offNotices();
    await engine.dispose();
  }
}
