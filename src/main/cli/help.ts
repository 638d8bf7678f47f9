// The CLI's help texts and the "how to open the app" hint.
export const HELP = `Usage: agent-desk [command] [options]

Commands:
  agent-desk -p PROMPT [options]        run one prompt headless and print the reply (same as 'run')
  agent-desk run [-p] PROMPT [options]  run one prompt headless
  agent-desk serve [DIR] [--port N] [--host H] [--token T]
                                        open the app in a browser (web host on 127.0.0.1)
  agent-desk permissions check|explain  decide permission cases with the app's rules (see 'permissions --help')
  agent-desk task start|list|stop       background tasks: run a prompt with no window, list, stop (see 'task --help')
  agent-desk [DIR]                      how to open the desktop app on a folder
  agent-desk --version                  print the version

Run options:
  --cwd DIR                             the project folder (default: the current directory)
  --output-format text|json|stream-json text streams the reply; json prints one result object;
                                        stream-json prints one JSON event per line
  --model M                             the model for this run (default: ANTHROPIC_MODEL, settings, or the built-in default)
  --max-turns N                         stop after N model turns (default: no limit)
  --max-budget-usd AMOUNT               stop before the next model request once the run has spent AMOUNT
                                        dollars (subagents included); it ends with exit code 3 and, in json
                                        and stream-json, a result of subtype error_max_budget_usd
  --allowedTools RULES                  tools that run without asking, comma or space separated, repeatable:
                                        Bash, "Bash(npm test)", "Bash(git commit:*)" (also --allowed-tools)
  --disallowedTools RULES               tools that never run; a bare name hides the tool from the model
  --permission-mode MODE                default | acceptEdits | plan | bypassPermissions
                                        (--dangerously-skip-permissions = bypassPermissions)
  --permission-prompt-tool NAME         needs an MCP tool: not supported yet
  --bare                                simple mode: only Bash, Read and Edit (or AGENT_DESK_SIMPLE=1)
  --assistant                           assistant mode: a command still running after 15 s moves to the
                                        background and the run goes on (read it with TaskOutput)
  --settings FILE                       a Claude Code settings file over the project's (below managed policy)
  --mcp-config FILE|JSON                MCP servers for this run ({"mcpServers": {...}}), repeatable
  --strict-mcp-config                   only the --mcp-config servers (none from ~/.claude.json or .mcp.json)
  With -p and no prompt, the prompt is read from piped stdin. Nobody can answer a permission prompt
  in a headless run: a call no rule allows is denied, and the denial says which flag would allow it.
  Rules and hooks also come from Claude Code's settings files (~/.claude/settings.json,
  .claude/settings.json, .claude/settings.local.json, managed settings).

Exit codes: 0 done, 1 failed (or --max-turns reached), 2 wrong usage, 3 stopped at its budget
(--max-budget-usd, or agentDesk.budget.conversation in the settings), 130 interrupted.

Environment:
  ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN   credentials;  ANTHROPIC_BASE_URL   API endpoint
  ANTHROPIC_MODEL   model;  AGENT_DESK_HOME   data folder;  AGENT_DESK_LOG   debug|info|warn|error|silent
`;

export const RUN_HELP = `Usage: agent-desk run [-p] PROMPT [--cwd DIR] [--output-format text|json|stream-json] [--model M] [--max-turns N] [--max-budget-usd AMOUNT]
                         [--allowedTools RULES] [--disallowedTools RULES] [--permission-mode MODE] [--bare] [--assistant] [--settings FILE]
                         [--mcp-config FILE|JSON]... [--strict-mcp-config]
       agent-desk -p PROMPT [same options]
       echo PROMPT | agent-desk -p [options]
`;

export const PERMISSIONS_HELP = `Usage: agent-desk permissions check [--cwd DIR] [--settings FILE] [--mode MODE]
       agent-desk permissions explain TOOL INPUT [--cwd DIR] [--settings FILE] [--mode MODE] [--json]

check    reads JSON lines on stdin, one case each:
           {"id": "1", "tool": "Bash", "input": {"command": "npm test"},
            "rules": {"allow": [], "deny": [], "ask": []}, "mode": "default"}
         and prints one line per case, in order:
           {"id": "1", "decision": "allow"|"ask"|"deny", "reason": "...", "rule": "...", "suggestions": [...]}
         "rules" act as session rules on top of the settings files; a malformed line prints
         {"id": ..., "error": "..."} and the rest goes on.
explain  prints what the app would decide for one call and why, e.g.
           agent-desk permissions explain Bash '{"command":"npm publish"}'
           agent-desk permissions explain Read ./secrets/key.pem
Rules come from Claude Code's settings files (~/.claude/settings.json, .claude/settings.json,
.claude/settings.local.json, --settings FILE, managed settings), exactly as a session sees them.
`;

export const TASK_HELP = `Usage: agent-desk task start [--cwd DIR] [--mode MODE] [--name NAME] [--budget USD] [--saved NAME] [--json] PROMPT
       agent-desk task list [--cwd DIR] [--json]
       agent-desk task stop ID [--json]

start   runs PROMPT as a background task in DIR (default: the current directory) and returns at once;
        the task goes on with no window, like one started from the tray. PROMPT '-' (or none, with
        input piped in) reads the prompt from stdin: echo "update the deps" | agent-desk task start -
          --mode MODE     default | acceptEdits | plan | bypassPermissions (default: default, which asks)
          --name NAME     what the tray, the inbox and 'task list' call it (default: the prompt's first words)
          --budget USD    the most it may spend: at 80 % a note, then it pauses and asks in the inbox
                          (unanswered, it stops)
          --saved NAME    a saved task (Agent Desk's settings, "savedTasks"): its prompt, mode and budget
        When the task needs approval, it asks in the approval inbox of the folder's windows (the desktop
        app, or agent-desk serve in a browser), saying which task asks. A request nobody answers within
        AGENT_DESK_TASK_APPROVAL_TIMEOUT_S seconds (default 600) is denied, never allowed.
list    every task with its status (running, needs approval, finished, failed, stopped), how long it
        has run, its turns, tokens and cost, and what it does now or how it ended; --json prints the
        tasks as a JSON array (one object per task, as the tray and the windows see it).
stop    stops a running task: its turn ends as if Stop was pressed; what it did so far is kept.
Tasks are kept in the data folder (AGENT_DESK_HOME), so list and stop work from any shell.
`;

export const SERVE_HELP = `Usage: agent-desk serve [DIR] [--port N] [--host H] [--token T] [--trust-folder]
Serves the app to a browser on http://127.0.0.1 with a random access token (printed once).
The folder's own settings (hooks, env, allow rules, MCP servers) take effect once you trust it in the
browser; --trust-folder trusts the folder you serve without asking.
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
