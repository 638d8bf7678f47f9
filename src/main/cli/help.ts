// The CLI's help texts and the "how to open the app" hint.
export const HELP = `Usage: agent-desk [command] [options]

Commands:
  agent-desk -p PROMPT [options]        run one prompt headless and print the reply (same as 'run')
  agent-desk run [-p] PROMPT [options]  run one prompt headless
  agent-desk serve [DIR] [--port N] [--host H] [--token T]
                                        open the app in a browser (web host on 127.0.0.1)
  agent-desk [DIR]                      how to open the desktop app on a folder
  agent-desk --version                  print the version

Run options:
  --cwd DIR                             the project folder (default: the current directory)
  --output-format text|json|stream-json text streams the reply; json prints one result object;
                                        stream-json prints one JSON event per line
  --model M                             the model for this run (default: ANTHROPIC_MODEL, settings, or the built-in default)
  --max-turns N                         stop after N model turns
  With -p and no prompt, the prompt is read from piped stdin.

Environment:
  ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN   credentials;  ANTHROPIC_BASE_URL   API endpoint
  ANTHROPIC_MODEL   model;  AGENT_DESK_HOME   data folder;  AGENT_DESK_LOG   debug|info|warn|error|silent
`;

export const RUN_HELP = `Usage: agent-desk run [-p] PROMPT [--cwd DIR] [--output-format text|json|stream-json] [--model M] [--max-turns N]
       agent-desk -p PROMPT [same options]
       echo PROMPT | agent-desk -p [options]
`;

export const SERVE_HELP = `Usage: agent-desk serve [DIR] [--port N] [--host H] [--token T]
Serves the app to a browser on http://127.0.0.1 with a random access token (printed once).
`;

export function openHint(dir: string | null): string {
  const d = dir ?? '.';
  return [
    `Agent Desk is a desktop app. To open ${dir ? `'${dir}'` : 'a project'}:`,
    `  desktop app:   npm start -- ${d}`,
    `  in a browser:  agent-desk serve ${d}`,
    `  headless:      agent-desk -p "your prompt" --cwd ${d}`,
    '',
  ].join('\n');
}
