// Integration harness: the real engine (SDK, tools, hooks, settings files) against the scripted fake
// Messages API, in a temp project with a temp HOME, recording every session event and executor event.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeModelServer, type FakeModelServer } from '../fake-model/server';
import type { SessionEvent } from '../../src/shared/session-events';
import type { ToolCallView } from '../../src/shared/tools/tool-call';
import { createEngine, type Engine } from '../../src/main/app/engine';
import { createLogger } from '../../src/main/base/log';
import { getAllBaseTools } from '../../src/main/tools/builtin';
import type { ToolsConfig } from '../../src/main/engine/tools/config';
import type { ExecutorEvent } from '../../src/main/tools/executor/types';

export interface Harness {
  server: FakeModelServer;
  projectDir: string;
  dataDir: string;
  home: string;
  /** The env the engine (and a CLI run) gets. */
  env: Record<string, string>;
  /** `folderTrust` defaults to 'all': the tests' folders are the tests' own. */
  engine(tools?: ToolsConfig, opts?: { folderTrust?: 'ask' | 'all' }): Promise<Engine>;
  events: SessionEvent[];
  notices: string[];
  executor: Array<ExecutorEvent & { sessionId: string }>;
  waitFor(pred: (ev: SessionEvent) => boolean, timeoutMs?: number): Promise<SessionEvent>;
  /** Writes `<project>/.claude/settings.json`. */
  projectSettings(json: unknown): void;
  /** Writes an executable script under `<project>/.claude/hooks/` and returns its path. */
  script(name: string, body: string): string;
  /** The last card of each call, by id. */
  calls(): Map<string, ToolCallView>;
  /** The states a call's cards went through, in order. */
  states(id: string): string[];
  close(): Promise<void>;
}

export async function createHarness(): Promise<Harness> {
  const server = await startFakeModelServer();
  const tmp = (prefix: string) => realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  const projectDir = tmp('agent-desk-int-proj-');
  const dataDir = tmp('agent-desk-int-data-');
  const home = tmp('agent-desk-int-home-');
  const env: Record<string, string> = {
    ANTHROPIC_API_KEY: 'sk-integration-123',
    ANTHROPIC_BASE_URL: server.url,
    AGENT_DESK_RETRY_BASE_MS: '1',
    AGENT_DESK_HOME: dataDir,
    HOME: home,
    // No machine's managed policy leaks into a test.
    AGENT_DESK_MANAGED_SETTINGS: path.join(home, 'managed-settings.json'),
  };
  const engines: Engine[] = [];
  const events: SessionEvent[] = [];
  const notices: string[] = [];
  const executor: Array<ExecutorEvent & { sessionId: string }> = [];
  const waiters: Array<{ pred: (ev: SessionEvent) => boolean; resolve: (ev: SessionEvent) => void }> = [];

  const h: Harness = {
    server,
    projectDir,
    dataDir,
    home,
    env,
    events,
    notices,
    executor,
    async engine(tools = {}, opts = {}) {
      const e = await createEngine({
        folderTrust: opts.folderTrust ?? 'all',
        env,
        dataDir,
        log: createLogger({ level: 'silent' }),
        tools: { ...tools, onExecutorEvent: (sessionId, ev) => executor.push({ ...ev, sessionId }) },
      });
      e.bus.subscribe((channel, payload) => {
        if (channel === 'app:notice') notices.push((payload as { message: string }).message);
        if (channel !== 'session:event') return;
        const ev = structuredClone(payload as SessionEvent);
        events.push(ev);
        for (const w of [...waiters]) {
          if (w.pred(ev)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(ev);
          }
        }
      });
      engines.push(e);
      return e;
    },
    waitFor(pred, timeoutMs = 15_000) {
      const hit = events.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('harness: the awaited session event never came')), timeoutMs);
        waiters.push({ pred, resolve: (ev) => (clearTimeout(timer), resolve(ev)) });
      });
    },
    projectSettings(json) {
      mkdirSync(path.join(projectDir, '.claude'), { recursive: true });
      writeFileSync(path.join(projectDir, '.claude', 'settings.json'), JSON.stringify(json, null, 2));
    },
    script(name, body) {
      const dir = path.join(projectDir, '.claude', 'hooks');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, name);
      writeFileSync(file, `#!/bin/bash\n${body}\n`);
      chmodSync(file, 0o755);
      return file;
    },
    calls() {
      const out = new Map<string, ToolCallView>();
      for (const ev of events) if (ev.type === 'tool_call') out.set(ev.call.id, ev.call);
      return out;
    },
    states(id) {
      return events.flatMap((ev) => (ev.type === 'tool_call' && ev.call.id === id ? [ev.call.state] : []));
    },
    async close() {
      for (const e of engines) await e.dispose();
      await server.close();
      for (const dir of [projectDir, dataDir, home]) rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}

/** The ids of the tool_result blocks of a request's last message, in order. */
export function resultIds(body: { messages: Array<{ content: Array<{ type: string; tool_use_id?: string }> }> }): string[] {
  return body.messages.at(-1)!.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id!] : []));
}

/** The tool_result block answering `id` in a request's last message. */
export function resultFor(body: { messages: Array<{ content: Array<{ type: string; tool_use_id?: string; content?: unknown; is_error?: boolean }> }> }, id: string) {
  return body.messages.at(-1)!.content.find((b) => b.type === 'tool_result' && b.tool_use_id === id) as { content: string; is_error?: boolean } | undefined;
}

/**
 * A session offers one to-do system: the Task tools (interactive, the default) or TodoWrite (headless);
 * the team tools only with agent teams on, which these tests' sessions have off, and the tools that need a
 * language server (LSP) only where one is configured — none is in these tests.
 */
export const ofChecklist = (checklist: 'todos' | 'tasks') => (t: { checklist?: 'todos' | 'tasks'; requires?: string }) =>
  (t.checklist === undefined || t.checklist === checklist) && t.requires === undefined;

/**
 * The built-in tools' names as a request lists them (sorted, deferred ones left to ToolSearch), less
 * `without`: tests compare against this so that adding a tool changes only its folder and the registry.
 */
export function sentBuiltinNames(without: (name: string) => boolean = () => false, checklist: 'todos' | 'tasks' = 'tasks'): string[] {
  return getAllBaseTools()
    .filter(ofChecklist(checklist))
    .filter((t) => !t.shouldDefer && !without(t.name))
    .map((t) => t.name)
    .sort();
}

/** Every built-in tool's name, deferred ones too (the stream-json init lists them all, as Claude Code's does). */
export function allBuiltinNames(checklist: 'todos' | 'tasks' = 'tasks'): string[] {
  return getAllBaseTools().filter(ofChecklist(checklist)).map((t) => t.name).sort();
}
