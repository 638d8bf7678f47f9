// Whether an Agent call adds a teammate to the team the conversation leads (agent teams): with team_name
// (or, in a team, a name and run_in_background) from the lead. Without agent teams team_name is
// accepted and ignored, as in Claude Code; teammates cannot add teammates (no nested teams).
import type { AgentInput } from '../../../shared/tools/agent';
import type { ToolUseContext } from '../core/tool';

export type TeamJoin = { ok: true; team: string | null } | { ok: false; message: string };

export function teamJoin(input: AgentInput, ctx: ToolUseContext): TeamJoin {
  const port = ctx.agentTeam;
  const current = port?.current() ?? null;
  const asked = input.team_name?.trim();
  if (!port || (!asked && !(current && input.run_in_background && input.name?.trim()))) return { ok: true, team: null };
  if (ctx.teammateName || ctx.agentLabel) return { ok: false, message: 'Only the team lead can add teammates: a teammate cannot start teammates of its own.' };
  if (!current) return { ok: false, message: `There is no team "${asked}". Create it with TeamCreate first.` };
  if (asked && asked.toLowerCase() !== current.name.toLowerCase()) return { ok: false, message: `This conversation leads the team "${current.name}", not "${asked}".` };
  if (!input.name?.trim()) return { ok: false, message: 'A teammate needs a name: give "name", which its teammates send messages to.' };
  return { ok: true, team: current.name };
}

/** What a teammate is told of its team, after its definition's system prompt (Claude Code tells its teammates as much). */
export function teammateSystemNote(team: string, name: string): string {
  return `# Agent team
You are "${name}", a teammate in the team "${team}". The team lead is "team-lead"; the other members are listed by ListPeers, with what each is doing.
- Your plain text is not seen by anyone: to tell the lead or a teammate anything, use SendMessage (to: their name, or "team-lead"). Messages to you arrive on their own.
- The team shares one task list: check TaskList, claim an open task with TaskUpdate (owner: "${name}"), and mark it completed when it is done.
- When you have done what you were asked, tell the lead with SendMessage; then you wait until a message gives you more to do.`;
}
