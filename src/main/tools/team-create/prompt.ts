// The model-facing words of TeamCreate (agent teams), modelled on Claude Code's.
export const TEAM_CREATE_DESCRIPTION = 'Create a team of agents that work together, with a shared task list';

export const TEAM_CREATE_PROMPT = `Create a team to coordinate several agents working on one piece of work. You lead it; a team has one task list that you and every teammate share.

{"team_name": "docs-review", "description": "Review the docs folder"}

Use it when the person asks for a team or for agents that work together, or when the work splits into parts that need to talk to each other (one writes, one tests, one reviews). For one-off research whose result only comes back to you, use a plain Agent instead.

How a team works:
1. Create it with TeamCreate. The conversation can lead one team at a time.
2. Put the work on the team's task list with TaskCreate (TaskList, TaskGet and TaskUpdate use the team's list from now on, for you and your teammates).
3. Start each teammate with Agent, giving team_name and a name ({"team_name": "docs-review", "name": "writer", "description": "...", "prompt": "..."}). Teammates run in the background; pick subagent_type by the tools the work needs (Explore and Plan cannot edit files).
4. Assign tasks with TaskUpdate (owner: the teammate's name). Teammates claim open tasks, mark them done and message each other with SendMessage; you are "team-lead" to them.
5. ListPeers shows each member: working, waiting for messages, or finished. A teammate that is waiting has done what it was asked; a message to it starts it again.
6. When the work is done, stop the teammates that still work (TaskStop with their task id), then end the team with TeamDelete.

Messages from teammates arrive on their own; your plain text is not seen by them, so reply with SendMessage.`;
