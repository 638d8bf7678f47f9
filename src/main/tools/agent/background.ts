// `run_in_background: true` (AG7): the subagent runs as a task of the registry; its activity and then
// its final answer go to the task's output file, which TaskOutput reads; TaskStop (or closing the
// conversation) stops it.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AgentData } from '../../../shared/tools/agent';
import type { TaskRegistry } from '../../tasks/registry';
import { formatTeammateMessages, type Mailbox } from '../../tasks/team';
import type { SubagentHost } from '../core/subagents';
import type { AnyTool, ToolUseContext } from '../core/tool';
import { activityLine, type PreparedRun } from './prepare';
import { finishRun } from './finish';

/** A named background agent (AG7 teammate mode): its name, its mailbox, and how it leaves the team. */
export interface TeammateSeat {
  name: string;
  mailbox: Mailbox;
  leave(): void;
}

export function startBackgroundAgent(run: PreparedRun, description: string, ctx: ToolUseContext, host: SubagentHost<AnyTool>, tasks: TaskRegistry, teammate?: TeammateSeat): AgentData {
  const dir = path.join(ctx.toolResultsDir, 'tasks');
  mkdirSync(dir, { recursive: true });
  const outputFile = path.join(dir, `${run.agentId}.output`);
  writeFileSync(outputFile, '');
  const write = (text: string) => {
    try {
      appendFileSync(outputFile, text.endsWith('\n') ? text : `${text}\n`);
    } catch (err) {
      ctx.log.warn(`agent ${run.agentId}: could not write its output file`, err);
    }
  };
  const controller = new AbortController();
  const started = Date.now();
  const spec = run.spec(controller.signal, (a) => {
    const line = activityLine(a);
    if (line) write(line);
  });
  const running = host.run(
    teammate
      ? {
          ...spec,
          teammateName: teammate.name,
          // Done with what it was asked: it waits for a message, and goes on with it.
          awaitMessages: async (signal) => {
            const messages = await teammate.mailbox.take(signal);
            if (!messages) return null;
            for (const m of messages) write(`✉ From ${m.from}: ${m.summary ?? m.text}`);
            return formatTeammateMessages(messages);
          },
        }
      : spec,
  );
  void running.finally(() => teammate?.leave());
  tasks.register({
    info: {
      id: run.agentId,
      kind: 'agent',
      sessionId: ctx.sessionId,
      ...(ctx.agentLabel ? { startedBy: ctx.agentLabel } : {}),
      command: `${run.label}: ${description}`,
      description,
      outputFile,
      projectDir: ctx.projectDir,
      status: 'running',
      startedAt: started,
    },
    stop: async () => {
      controller.abort();
      await running.catch(() => undefined);
    },
  });
  void running
    .then(async (outcome) => {
      const data = await finishRun(run, description, outcome, started);
      write(`\n--- The agent's answer ---\n${data.status === 'completed' ? data.result : `(${data.status}) ${data.result}`}`);
      if (data.worktree) write(data.worktree.removed ? 'It changed nothing; its worktree was removed.' : `Its changes are on branch ${data.worktree.branch}:\n${data.worktree.diffStat}`);
      tasks.settle(run.agentId, data.status === 'completed' ? 'completed' : data.status === 'stopped' ? 'killed' : 'failed', data.status === 'completed' ? 0 : 1);
    })
    .catch((err: unknown) => {
      write(`The agent failed: ${err instanceof Error ? err.message : String(err)}`);
      tasks.settle(run.agentId, 'failed', 1);
    });
  return {
    agentId: run.agentId,
    agentType: run.definition.agentType,
    description,
    model: run.model,
    status: 'async_launched',
    result: '',
    taskId: run.agentId,
    outputFile,
    ...(run.warnings.length ? { warnings: run.warnings } : {}),
    ...(teammate ? { teammate: teammate.name } : {}),
  };
}
