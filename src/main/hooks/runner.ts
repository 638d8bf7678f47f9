// The hook runner: picks an event's hooks (matcher over the tool name or SessionStart's source,
// identical commands once), runs them in parallel, and folds their outcomes into the event's result.
import { statSync } from 'node:fs';
import type { Logger } from '../base/log';
import { buildShellEnv } from '../process/shell-env';
import {
  aggregatePostTool,
  aggregatePreToolUse,
  aggregateSessionStart,
  aggregatePreCompact,
  aggregateStop,
  aggregateUserPromptSubmit,
} from './aggregate';
import type { CommandHook, HookEvent, HooksConfig } from '../settings/hooks-config';
import { emptyHooksConfig } from '../settings/hooks-config';
import { execCommandHook, type HookExecution } from './exec';
import { hookInput, type HookInputContext } from './input';
import { compileMatcher } from './matcher';
import type { HookRunner } from './types';

export interface HookRunnerOptions {
  /** A function when settings can change while the app runs (read at every event). */
  config: HooksConfig | (() => HooksConfig);
  projectDir: string;
  transcriptPath?: (sessionId: string) => string | undefined;
  permissionMode?: (sessionId: string) => string | undefined;
  /** Overrides over process.env for the hook processes. */
  env?: Readonly<Record<string, string | undefined>>;
  log?: Logger;
  /** Default 60 s; a hook's own `timeout` (seconds) wins. */
  defaultTimeoutMs?: number;
  killGraceMs?: number;
}

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export function createHookRunner(opts: HookRunnerOptions): HookRunner {
  const log = opts.log ?? silent;
  const getConfig = typeof opts.config === 'function' ? opts.config : () => opts.config as HooksConfig;
  const reportedMatcherWarnings = new Set<string>();

  function config(): HooksConfig {
    try {
      return getConfig();
    } catch (err) {
      log.error('hooks: reading the hook configuration failed; no hooks run', err);
      return emptyHooksConfig();
    }
  }

  /** The hooks for an event; `matchValue` undefined = the event has no matcher (prompt, stop). */
  function select(event: HookEvent, matchValue: string | undefined, notes?: string[]): Array<{ hook: CommandHook; source: string }> {
    const picked: Array<{ hook: CommandHook; source: string }> = [];
    const seen = new Set<string>();
    for (const group of config()[event] ?? []) {
      if (matchValue !== undefined) {
        const m = compileMatcher(group.matcher);
        if (notes && m.warning && !reportedMatcherWarnings.has(`${group.source}\0${m.warning}`)) {
          reportedMatcherWarnings.add(`${group.source}\0${m.warning}`);
          const note = `${group.source}: ${m.warning}`;
          log.warn(`hooks: ${note}`);
          notes.push(note);
        }
        if (!m.test(matchValue)) continue;
      }
      // Claude Code runs an identical command once per event, whichever groups or files list it.
      for (const hook of group.hooks) {
        if (seen.has(hook.command)) continue;
        seen.add(hook.command);
        picked.push({ hook, source: group.source });
      }
    }
    return picked;
  }

  async function run(
    event: HookEvent,
    matchValue: string | undefined,
    e: { sessionId: string; cwd: string },
    makeInput: (c: HookInputContext) => unknown,
    signal: AbortSignal,
  ): Promise<{ execs: HookExecution[]; notes: string[] }> {
    const notes: string[] = [];
    const selected = select(event, matchValue, notes);
    if (selected.length === 0) return { execs: [], notes };
    const permissionMode = opts.permissionMode?.(e.sessionId);
    const input = makeInput({
      transcriptPath: opts.transcriptPath?.(e.sessionId) ?? '',
      ...(permissionMode ? { permissionMode } : {}),
    });
    const cwd = isDirectory(e.cwd) ? e.cwd : opts.projectDir;
    const env = buildShellEnv({ ...opts.env, CLAUDE_PROJECT_DIR: opts.projectDir, AGENT_DESK_PROJECT_DIR: opts.projectDir });
    const execs = await Promise.all(
      selected.map(({ hook, source }) =>
        execCommandHook({
          hook,
          source,
          input,
          cwd,
          env,
          signal,
          ...(opts.defaultTimeoutMs !== undefined ? { defaultTimeoutMs: opts.defaultTimeoutMs } : {}),
          ...(opts.killGraceMs !== undefined ? { killGraceMs: opts.killGraceMs } : {}),
        }),
      ),
    );
    for (const ex of execs) {
      const what = `hooks: ${event} "${ex.hook.command}" (${ex.source})`;
      if (ex.outcome === 'success') log.debug(`${what} ok`);
      else if (ex.outcome === 'blocking') log.info(`${what} blocked: ${ex.stderr.trim()}`);
      else log.warn(`${what} ${ex.outcome}`, { exitCode: ex.exitCode, stderr: ex.stderr.slice(0, 2_000), error: ex.error });
    }
    return { execs, notes };
  }

  /** Never rejects: an unexpected failure becomes a message on an otherwise empty result. */
  async function guarded<R extends { messages: string[] }>(event: HookEvent, body: () => Promise<R>, empty: () => R): Promise<R> {
    try {
      return await body();
    } catch (err) {
      log.error(`hooks: ${event} failed`, err);
      const r = empty();
      r.messages.push(`${event} hooks failed: ${(err as Error)?.message ?? String(err)}`);
      return r;
    }
  }

  return {
    preToolUse: (e, signal) =>
      guarded(
        'PreToolUse',
        async () => {
          const { execs, notes } = await run('PreToolUse', e.toolName, e, (c) => hookInput.PreToolUse(e, c), signal);
          const r = aggregatePreToolUse(execs);
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    postToolUse: (e, signal) =>
      guarded(
        'PostToolUse',
        async () => {
          const { execs, notes } = await run('PostToolUse', e.toolName, e, (c) => hookInput.PostToolUse(e, c), signal);
          const r = aggregatePostTool('PostToolUse', execs);
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    postToolUseFailure: (e, signal) =>
      guarded(
        'PostToolUseFailure',
        async () => {
          const { execs, notes } = await run('PostToolUseFailure', e.toolName, e, (c) => hookInput.PostToolUseFailure(e, c), signal);
          const r = aggregatePostTool('PostToolUseFailure', execs);
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    userPromptSubmit: (e, signal) =>
      guarded(
        'UserPromptSubmit',
        async () => {
          const { execs, notes } = await run('UserPromptSubmit', undefined, e, (c) => hookInput.UserPromptSubmit(e, c), signal);
          const r = aggregateUserPromptSubmit(execs);
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    stop: (e, signal) =>
      guarded(
        'Stop',
        async () => {
          const { execs, notes } = await run('Stop', undefined, e, (c) => hookInput.Stop(e, c), signal);
          const r = aggregateStop(execs);
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    sessionStart: (e, signal) =>
      guarded(
        'SessionStart',
        async () => {
          const { execs, notes } = await run('SessionStart', e.source, e, (c) => hookInput.SessionStart(e, c), signal);
          const r = aggregateSessionStart(execs);
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    preCompact: (e, signal) =>
      guarded(
        'PreCompact',
        async () => {
          const { execs, notes } = await run('PreCompact', e.trigger, e, (c) => hookInput.PreCompact(e, c), signal);
          const r = aggregatePreCompact(execs);
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    subagentStart: (e, signal) =>
      guarded(
        'SubagentStart',
        async () => {
          const { execs, notes } = await run('SubagentStart', e.agentType, e, (c) => hookInput.SubagentStart(e, c), signal);
          const r = aggregateSessionStart(execs, 'SubagentStart');
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    subagentStop: (e, signal) =>
      guarded(
        'SubagentStop',
        async () => {
          const { execs, notes } = await run('SubagentStop', e.agentType, e, (c) => hookInput.SubagentStop(e, c), signal);
          const r = aggregateStop(execs, 'SubagentStop');
          return { ...r, messages: [...notes, ...r.messages] };
        },
        () => ({ messages: [] }),
      ),
    has: (event, matchValue) => select(event, matchValue).length > 0,
  };
}
