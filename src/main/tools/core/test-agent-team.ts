// Test support: a temp project whose context leads an agent team (a port over a temp folder, the
// conversation's mailboxes, a registry of its own), teammates added in the state a test needs, and a
// runner that checks and calls a tool the way the pipeline does. Not used by production code.
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Logger } from '../../base/log';
import { createAgentTeamPort, type AgentTeamPort } from '../../tasks/agent-team';
import { createInMemoryTaskRegistry, type TaskRegistry } from '../../tasks/registry';
import { createTeam, type Team, type TeammateMessage } from '../../tasks/team';
import { createWorkListStore, type WorkListStore } from '../../tasks/work-list';
import type { AnyTool, CanUseTool, ToolUseContext } from './tool';
import { tempProject, type TempProject } from './test-project';

const allow: CanUseTool = async () => ({ behavior: 'allow' });
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export interface AgentTeamProject extends TempProject {
  port: AgentTeamPort;
  team: Team;
  tasks: TaskRegistry;
  /** Tasks the registry was asked to stop, by id. */
  stopped: string[];
  /** A teammate of the team: its run is a running task; `waiting` leaves it waiting on its mailbox. */
  addMember(name: string, state: 'working' | 'waiting'): Promise<{ taskId: string; leave(): void }>;
  /** Validates, then calls: an error (validation or call) comes back as the message the model would read. */
  run(tool: AnyTool, raw: unknown, ctx?: Partial<ToolUseContext>): Promise<{ data?: unknown; text: string; isError: boolean }>;
}

export function agentTeamProject(): AgentTeamProject {
  const project = tempProject();
  const lists = new Map<string, WorkListStore>();
  const port = createAgentTeamPort({
    dir: path.join(project.dir, '.session', 'team'),
    log: quiet,
    openList: (file) => lists.get(file) ?? lists.set(file, createWorkListStore(file, quiet)).get(file)!,
  });
  const toMain: TeammateMessage[] = [];
  const team = createTeam({ toMain: (m) => toMain.push(m) });
  const tasks = createInMemoryTaskRegistry();
  const stopped: string[] = [];
  const waits = new AbortController();
  project.ctx.agentTeam = port;
  project.ctx.team = team;
  let n = 0;
  return {
    ...project,
    port,
    team,
    tasks,
    stopped,
    async addMember(name, state) {
      const taskId = `a${++n}`;
      const seat = team.join(name);
      tasks.register({
        info: { id: taskId, kind: 'agent', sessionId: 'test-session', command: `${name}: work`, outputFile: '/dev/null', status: 'running', startedAt: 1 },
        stop: async () => {
          stopped.push(taskId);
          seat.leave();
        },
      });
      if (state === 'waiting') void seat.mailbox.take(waits.signal);
      await port.addMember({ name, agentId: taskId, agentType: 'general-purpose', model: 'claude-test', joinedAt: 1 });
      return { taskId, leave: seat.leave };
    },
    async run(tool, raw, extra = {}) {
      const ctx = { ...project.ctx, ...(port.workList() ? { workList: port.workList() } : {}), ...extra };
      const input = tool.inputSchema().parse(raw);
      const valid = await tool.validateInput?.(input, ctx);
      if (valid && !valid.result) return { text: valid.message, isError: true };
      try {
        const { data } = await tool.call(input, ctx, allow, 'm', () => undefined);
        const mapped = tool.mapResult(data, 't');
        return { data, text: String(mapped.content), isError: mapped.isError === true };
      } catch (err) {
        return { text: err instanceof Error ? err.message : String(err), isError: true };
      }
    },
    cleanup() {
      waits.abort();
      project.cleanup();
    },
  };
}

/**
 * A test file's team: `team()` makes a project whose conversation leads the team "docs-review" (or no
 * team, with `{ team: null }`) and the tool under test (`make`); each is cleaned up after its test.
 */
export function teamFixture<T>(make: (p: AgentTeamProject) => T): (opts?: { team?: string | null }) => Promise<{ p: AgentTeamProject; tool: T }> {
  let current: AgentTeamProject | undefined;
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  return async (opts = {}) => {
    const p = (current = agentTeamProject());
    const name = opts.team === undefined ? 'docs-review' : opts.team;
    if (name !== null) await p.port.create({ name });
    return { p, tool: make(p) };
  };
}
