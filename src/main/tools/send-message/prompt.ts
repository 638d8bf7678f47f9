// The model-facing words of SendMessage (AG7 teammate mode), modelled on Claude Code's.
export const SEND_MESSAGE_DESCRIPTION = 'Send a message to a teammate, or from a background agent to the main conversation';

export const SEND_MESSAGE_PROMPT = `Send a message to another agent of this conversation.

{"to": "researcher", "summary": "assign the parser", "message": "Start on task #1: read src/parse.ts"}

| to | |
|---|---|
| "researcher" | A teammate, by the name it was started with (Agent with name and run_in_background: true) |
| "main" | The main conversation (from a teammate or another background agent) |
| "*" | Every teammate at once (use sparingly) |

Your plain text output is NOT seen by other agents: to tell them anything you MUST call this tool. Messages to you arrive on their own, wrapped in <teammate-message teammate_id="…">; you do not check an inbox. A teammate that has finished what it was asked waits for the next message and goes on with it. Keep the summary to 5-10 words: it is what the person sees first.`;
