// The conversation's agent team (Claude Code's agent teams behind CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS):
// its name, purpose and members, and a task list of its own that the lead and every teammate share. Kept
// in `<session>/team/` beside the transcript, so a reopened conversation knows its team. TeamCreate makes
// it, the Agent tool's team_name adds members, TeamDelete removes the folder. The teammates' live state
// (their mailboxes, working or waiting) stays in team.ts; this is what outlives a run.
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../base/log';
import { writeFileAtomic } from '../fs/atomic-write';
import type { WorkListStore } from './work-list';

export const TeamMemberRecord = z.object({
  name: z.string(),
  /** Its background task's id (the task registry's; TaskOutput and TaskStop take it). */
  agentId: z.string(),
  agentType: z.string(),
  model: z.string(),
  joinedAt: z.number(),
});
export type TeamMemberRecord = z.infer<typeof TeamMemberRecord>;

export const AgentTeamRecord = z.object({
  version: z.literal(1),
  name: z.string().min(1),
  description: z.string().optional(),
  leadAgentType: z.string().optional(),
  createdAt: z.number(),
  members: z.array(TeamMemberRecord),
});
export type AgentTeamRecord = z.infer<typeof AgentTeamRecord>;

/** Claude Code's switch for agent teams, in the environment or a settings file's `env`. */
export const AGENT_TEAMS_ENV = 'CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS';

/** Whether a session has agent teams; chosen once when it starts so its tools array stays the same (AS5). */
export function agentTeamsEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  return /^(1|true|yes|on)$/i.test(env[AGENT_TEAMS_ENV]?.trim() ?? '');
}

/** How teammates address the lead (Claude Code's name; "main" works too). */
export const TEAM_LEAD_NAME = 'team-lead';

export interface AgentTeamPort {
  readonly configFile: string;
  readonly taskListFile: string;
  current(): AgentTeamRecord | null;
  /** A new team led by the conversation; throws when it already leads one. */
  create(init: { name: string; description?: string; leadAgentType?: string }): Promise<AgentTeamRecord>;
  addMember(member: TeamMemberRecord): Promise<void>;
  /** Forgets the team and removes its folder (config and task list). */
  remove(): Promise<void>;
  /** The team's task list while there is a team. */
  workList(): WorkListStore | undefined;
}

export interface AgentTeamPortOptions {
  /** `<session>/team`. */
  dir: string;
  log: Logger;
  /** The app's one store for a task-list file. */
  openList(file: string): WorkListStore;
  /** The team came or went (its task list replaces the conversation's own, or gives way to it). */
  onChange?(team: AgentTeamRecord | null): void;
}

/** The folder of a conversation's team, beside its transcript and own task list. */
export function teamDir(sessionDir: string): string {
  return path.join(sessionDir, 'team');
}

function load(file: string, log: Logger): AgentTeamRecord | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`team config ${file} could not be read`, err);
    return null;
  }
  try {
    return AgentTeamRecord.parse(JSON.parse(text));
  } catch {
    // Kept, never overwritten: the conversation goes on without a team, and a new one can be made.
    const aside = `${file}.unreadable-${Date.now()}`;
    try {
      renameSync(file, aside);
    } catch {
      /* it stays where it is; the next create replaces it */
    }
    log.warn(`team config ${file} is not one Agent Desk can read; it was kept as ${aside} and the conversation has no team`);
    return null;
  }
}

export function createAgentTeamPort(opts: AgentTeamPortOptions): AgentTeamPort {
  const configFile = path.join(opts.dir, 'config.json');
  const taskListFile = path.join(opts.dir, 'tasks.json');
  let team = load(configFile, opts.log);
  // Saves one after another, each the whole record as it is then: the last one written is the newest.
  let saving: Promise<unknown> = Promise.resolve();
  const save = (): Promise<void> => {
    const run = saving.then(async () => {
      if (!team) return;
      mkdirSync(opts.dir, { recursive: true });
      await writeFileAtomic(configFile, new TextEncoder().encode(`${JSON.stringify(team, null, 2)}\n`));
    });
    saving = run.catch(() => undefined);
    return run;
  };
  return {
    configFile,
    taskListFile,
    current: () => team,
    async create(init) {
      if (team) throw new Error(`This conversation already leads the team "${team.name}". Delete it with TeamDelete before creating another.`);
      team = {
        version: 1,
        name: init.name,
        ...(init.description ? { description: init.description } : {}),
        ...(init.leadAgentType ? { leadAgentType: init.leadAgentType } : {}),
        createdAt: Date.now(),
        members: [],
      };
      // A list left by an earlier team of this conversation is not this one's.
      rmSync(taskListFile, { force: true });
      try {
        await save();
      } catch (err) {
        team = null;
        throw err;
      }
      opts.onChange?.(team);
      return team;
    },
    async addMember(member) {
      if (!team) throw new Error('There is no team to join.');
      team = { ...team, members: [...team.members.filter((m) => m.name.toLowerCase() !== member.name.toLowerCase()), member] };
      await save();
    },
    async remove() {
      if (!team) return;
      team = null;
      await saving;
      rmSync(opts.dir, { recursive: true, force: true });
      opts.onChange?.(null);
    },
    workList: () => (team ? opts.openList(taskListFile) : undefined),
  };
}
