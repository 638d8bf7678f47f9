// The model-facing words of ListPeers (agent teams).
export const LIST_PEERS_DESCRIPTION = "List the members of your team and what each is doing";

export const LIST_PEERS_PROMPT = `List the members of the team you are part of (as its lead or as a teammate), each with its agent type, its task id and what it is doing now:
- working: on what it was asked
- waiting for messages: done with it; a SendMessage to it starts it again
- finished: its run ended (done, stopped or failed); it no longer reads messages

Use the names it shows with SendMessage; the lead is "team-lead". It takes no input.`;
