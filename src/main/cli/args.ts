// Command-line parsing (node:util parseArgs) into one plain Command; usage mistakes become a one-line error.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { PERMISSION_MODES, type PermissionMode } from '../permissions/types';
import { parsePermissionsCommand, type PermissionsCommand } from './permissions-args';
import { parseTaskCommand, type TaskCommand } from './task-args';
import { parseToolFlag } from './tool-flags';

export const OUTPUT_FORMATS = ['text', 'json', 'stream-json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface RunArgs {
  /** Joined positionals; null means "read it from stdin". */
  prompt: string | null;
  cwd: string | null;
  outputFormat: OutputFormat;
  model: string | null;
  maxTurns: number | null;
  /** `--max-budget-usd`: the run stops before its next request once it has spent this much (issue 20 item 4). */
  maxBudgetUsd: number | null;
  /** `--allowedTools` / `--disallowedTools` rules (Claude Code's flags; `--allowed-tools` too). */
  allowedTools: string[];
  disallowedTools: string[];
  permissionMode: PermissionMode | null;
  /** Accepted for Claude Code compatibility; needs MCP (the run refuses it until MCP exists). */
  permissionPromptTool: string | null;
  /** `--bare`: simple mode, only Bash, Read and Edit. */
  bare: boolean;
  /** `--assistant`: a command that blocks longer than 15 s moves itself to the background (BA10). */
  assistant: boolean;
  /** `--settings FILE`: Claude Code's flagSettings (rules, mode, hooks…), above local settings, below policy. */
  settings: string | null;
  /** `--mcp-config` (repeatable): MCP server configs, each a file or a JSON string, as in Claude Code. */
  mcpConfig: string[];
  /** `--strict-mcp-config`: only the --mcp-config servers, none from the settings files or .mcp.json. */
  strictMcpConfig: boolean;
}

export type Command =
  | { kind: 'version' }
  | { kind: 'help'; topic?: 'run' | 'serve' | 'permissions' | 'task' }
  | Exclude<PermissionsCommand, { kind: 'help' } | { kind: 'usage-error' }>
  | Exclude<TaskCommand, { kind: 'help' } | { kind: 'usage-error' }>
  | { kind: 'run'; args: RunArgs }
  | { kind: 'serve'; dir: string | undefined; port: number | undefined; host: string | undefined; token: string | undefined; trustFolder: boolean }
  /** No arguments, or a folder: explain how to open the app. */
  | { kind: 'open-hint'; dir: string | null }
  | { kind: 'usage-error'; message: string };

const runOptions = {
  print: { type: 'boolean', short: 'p' },
  cwd: { type: 'string' },
  'output-format': { type: 'string' },
  model: { type: 'string' },
  'max-turns': { type: 'string' },
  'max-budget-usd': { type: 'string' },
  allowedTools: { type: 'string', multiple: true },
  'allowed-tools': { type: 'string', multiple: true },
  disallowedTools: { type: 'string', multiple: true },
  'disallowed-tools': { type: 'string', multiple: true },
  'permission-mode': { type: 'string' },
  'permission-prompt-tool': { type: 'string' },
  'dangerously-skip-permissions': { type: 'boolean' },
  bare: { type: 'boolean' },
  assistant: { type: 'boolean' },
  settings: { type: 'string' },
  'mcp-config': { type: 'string', multiple: true },
  'strict-mcp-config': { type: 'boolean' },
  /** Claude Code needs it with stream-json; here every format is complete already, so it is a no-op. */
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const serveOptions = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  'trust-folder': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** parseArgs' own messages are long and two-part; keep the first sentence. */
function usageMessage(err: unknown): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const opt = /'([^']+)'/.exec(e.message ?? '')?.[1] ?? '?';
    return `unknown option '${opt}'`;
  }
  return (e.message ?? String(err)).split('. ')[0]!.replace(/\.$/, '');
}

function positiveInt(v: string | undefined, name: string): number | undefined | { error: string } {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < 1) return { error: `${name} must be a positive whole number (got '${v}')` };
  return Number(v);
}

function parseRun(argv: string[], requirePrint: boolean): Command {
  let values: {
    [K in keyof typeof runOptions]?: (typeof runOptions)[K] extends { multiple: true } ? string[] : (typeof runOptions)[K]['type'] extends 'boolean' ? boolean : string;
  };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: runOptions, allowPositionals: true, strict: true }));
  } catch (err) {
    return { kind: 'usage-error', message: usageMessage(err) };
  }
  if (values.help) return { kind: 'help', topic: 'run' };
  if (requirePrint && !values.print) return { kind: 'usage-error', message: "missing -p: to run a prompt use 'agent-desk -p PROMPT'" };
  const format = values['output-format'] ?? 'text';
  if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    return { kind: 'usage-error', message: `--output-format must be one of ${OUTPUT_FORMATS.join(', ')} (got '${format}')` };
  }
  const maxTurns = positiveInt(values['max-turns'], '--max-turns');
  if (typeof maxTurns === 'object') return { kind: 'usage-error', message: maxTurns.error };
  const budget = values['max-budget-usd']?.trim();
  if (budget !== undefined && !(/^(\d+(\.\d*)?|\.\d+)$/.test(budget) && Number(budget) > 0 && Number(budget) <= 1_000_000)) {
    return { kind: 'usage-error', message: `--max-budget-usd must be an amount in dollars above 0, like 0.50 or 5 (got '${values['max-budget-usd']}')` };
  }
  const model = values.model?.trim();
  if (values.model !== undefined && !model) return { kind: 'usage-error', message: '--model needs a model name' };
  const allowed = parseToolFlag('--allowedTools', [...(values.allowedTools ?? []), ...(values['allowed-tools'] ?? [])]);
  if (!Array.isArray(allowed)) return { kind: 'usage-error', message: allowed.error };
  const disallowed = parseToolFlag('--disallowedTools', [...(values.disallowedTools ?? []), ...(values['disallowed-tools'] ?? [])]);
  if (!Array.isArray(disallowed)) return { kind: 'usage-error', message: disallowed.error };
  const modeArg = values['permission-mode'];
  if (modeArg !== undefined && !(PERMISSION_MODES as readonly string[]).includes(modeArg)) {
    return { kind: 'usage-error', message: `--permission-mode must be one of ${PERMISSION_MODES.join(', ')} (got '${modeArg}')` };
  }
  const permissionMode = (modeArg as PermissionMode | undefined) ?? (values['dangerously-skip-permissions'] ? 'bypassPermissions' : null);
  const promptTool = values['permission-prompt-tool']?.trim();
  if (values['permission-prompt-tool'] !== undefined && !promptTool) return { kind: 'usage-error', message: '--permission-prompt-tool needs a tool name' };
  const mcpConfig = (values['mcp-config'] ?? []).map((v) => v.trim());
  if (mcpConfig.some((v) => !v)) return { kind: 'usage-error', message: '--mcp-config needs a file or a JSON string' };
  if (values['strict-mcp-config'] && mcpConfig.length === 0) return { kind: 'usage-error', message: '--strict-mcp-config needs at least one --mcp-config' };
  const prompt = positionals.join(' ');
  return {
    kind: 'run',
    args: {
      prompt: prompt.trim() ? prompt : null,
      cwd: values.cwd ?? null,
      outputFormat: format as OutputFormat,
      model: model ?? null,
      maxTurns: maxTurns ?? null,
      maxBudgetUsd: budget !== undefined ? Number(budget) : null,
      allowedTools: allowed,
      disallowedTools: disallowed,
      permissionMode,
      permissionPromptTool: promptTool ?? null,
      bare: values.bare === true,
      assistant: values.assistant === true,
      settings: values.settings?.trim() || null,
      mcpConfig,
      strictMcpConfig: values['strict-mcp-config'] === true,
    },
  };
}

function parseServe(argv: string[]): Command {
  let values: { port?: string; host?: string; token?: string; 'trust-folder'?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: serveOptions, allowPositionals: true, strict: true }));
  } catch (err) {
    return { kind: 'usage-error', message: usageMessage(err) };
  }
  if (values.help) return { kind: 'help', topic: 'serve' };
  if (positionals.length > 1) return { kind: 'usage-error', message: `serve takes one folder (got ${positionals.length})` };
  let port: number | undefined;
  if (values.port !== undefined) {
    if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) return { kind: 'usage-error', message: `--port must be 0-65535 (got '${values.port}')` };
    port = Number(values.port);
  }
  return { kind: 'serve', dir: positionals[0], port, host: values.host, token: values.token, trustFolder: values['trust-folder'] === true };
}

/**
 * `isDir` tells whether a lone positional is a folder (`agent-desk DIR`); anything else that is not
 * a command is a usage error.
 */
export function parseCommand(argv: string[], isDir: (p: string) => boolean): Command {
  const [first, ...rest] = argv;
  if (first === undefined) return { kind: 'open-hint', dir: null };
  if (first === '--version' || first === '-v' || first === '-V') return argv.length === 1 ? { kind: 'version' } : { kind: 'usage-error', message: `${first} takes no other arguments` };
  if (first === '--help' || first === '-h' || first === 'help') return { kind: 'help' };
  if (first === 'run') return parseRun(rest, false);
  if (first === 'serve') return parseServe(rest);
  if (first === 'permissions') return parsePermissionsCommand(rest);
  if (first === 'task') return parseTaskCommand(rest);
  if (first.startsWith('-')) return parseRun(argv, true);
  if (argv.length === 1 && isDir(first)) return { kind: 'open-hint', dir: first };
  return { kind: 'usage-error', message: `unknown command '${first}'` };
}
