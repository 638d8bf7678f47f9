// The model-facing words of TeamDelete (agent teams), modelled on Claude Code's.
export const TEAM_DELETE_DESCRIPTION = 'End the team this conversation leads and remove its files';

export const TEAM_DELETE_PROMPT = `End the team this conversation leads, when its work is done.

It removes the team's configuration and its task list, and the Task tools go back to the conversation's own list. Teammates that wait for messages are stopped with it.

IMPORTANT: TeamDelete fails while a teammate is still working. Check with ListPeers; let it finish, or stop it with TaskStop (its task id), then call TeamDelete again.

Only the team lead can delete the team. It takes no input: the team is the conversation's own.`;
