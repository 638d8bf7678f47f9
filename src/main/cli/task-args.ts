// Parses `agent-desk task start|list|stop …` (and the hidden `task _worker ID`) into a plain command;
// mistakes are one-line usage errors.
import { parseArgs } from 'node:util';
import { TASK_BUDGET_MAX_USD, TASK_NAME_MAX, TaskMode } from '../../shared/background-tasks';

export type TaskCommand =
  /** `stdin`: the prompt is read from piped stdin (`-`, or no prompt and no --saved). */
  | { kind: 'task-start'; cwd: string | null; mode: TaskMode | null; name: string | null; budgetUsd: number | null; saved: string | null; prompt: string | null; stdin: boolean; json: boolean }
  | { kind: 'task-list'; cwd: string | null; json: boolean }
  | { kind: 'task-stop'; id: string; json: boolean }
  | { kind: 'task-worker'; id: string }
  | { kind: 'help'; topic: 'task' }
  | { kind: 'usage-error'; message: string };

const options = {
  cwd: { type: 'string' },
  mode: { type: 'string' },
  'permission-mode': { type: 'string' },
  name: { type: 'string' },
  budget: { type: 'string' },
  saved: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = { cwd?: string; mode?: string; 'permission-mode'?: string; name?: string; budget?: string; saved?: string; json?: boolean; help?: boolean };

function usageOf(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const opt = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']+)'/.exec(e.message ?? '')?.[1] : undefined;
  return opt ? `unknown option '${opt}'` : (e.message ?? String(err)).split(/\.\s/)[0]!.replace(/\.$/, '');
}

function only(values: Values, sub: string, allowed: (keyof Values)[]): string | null {
  const extra = (Object.keys(values) as (keyof Values)[]).filter((k) => values[k] !== undefined && !allowed.includes(k) && k !== 'help');
  return extra.length ? `task ${sub} takes no --${extra[0]}` : null;
}

export function parseTaskCommand(argv: string[]): TaskCommand {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') return { kind: 'help', topic: 'task' };
  if (sub === '_worker') return rest.length === 1 ? { kind: 'task-worker', id: rest[0]! } : { kind: 'usage-error', message: 'task _worker takes one task id' };
  if (sub !== 'start' && sub !== 'list' && sub !== 'stop') return { kind: 'usage-error', message: `unknown task command '${sub}' (start, list or stop)` };
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options, allowPositionals: true, strict: true }));
  } catch (err) {
    return { kind: 'usage-error', message: usageOf(err) };
  }
  if (values.help) return { kind: 'help', topic: 'task' };
  const json = values.json === true;
  if (sub === 'list') {
    const bad = only(values, 'list', ['cwd', 'json']);
    if (bad) return { kind: 'usage-error', message: bad };
    if (positionals.length) return { kind: 'usage-error', message: 'task list takes no arguments (use --cwd DIR for one folder)' };
    return { kind: 'task-list', cwd: values.cwd ?? null, json };
  }
  if (sub === 'stop') {
    const bad = only(values, 'stop', ['json']);
    if (bad) return { kind: 'usage-error', message: bad };
    if (positionals.length !== 1) return { kind: 'usage-error', message: 'task stop takes one task id (see agent-desk task list)' };
    return { kind: 'task-stop', id: positionals[0]!, json };
  }
  const modeArg = values.mode ?? values['permission-mode'];
  const mode = modeArg === undefined ? null : TaskMode.safeParse(modeArg);
  if (mode && !mode.success) return { kind: 'usage-error', message: `--mode must be one of ${TaskMode.options.join(', ')} (got '${modeArg}')` };
  const name = values.name?.trim();
  if (values.name !== undefined && (!name || name.length > TASK_NAME_MAX)) return { kind: 'usage-error', message: `--name needs a name of 1 to ${TASK_NAME_MAX} characters` };
  let budgetUsd: number | null = null;
  if (values.budget !== undefined) {
    budgetUsd = /^\d+(\.\d+)?$/.test(values.budget.trim()) ? Number(values.budget) : NaN;
    if (!(budgetUsd > 0 && budgetUsd <= TASK_BUDGET_MAX_USD)) return { kind: 'usage-error', message: `--budget must be an amount in USD above 0 and at most ${TASK_BUDGET_MAX_USD} (got '${values.budget}')` };
  }
  const saved = values.saved?.trim() || null;
  if (values.saved !== undefined && !saved) return { kind: 'usage-error', message: '--saved needs the name of a saved task' };
  // `-` alone (like -p's piped prompt) reads the prompt from stdin; so does nothing at all but piped input.
  const dash = positionals.length === 1 && positionals[0] === '-';
  const prompt = dash ? null : positionals.join(' ').trim() || null;
  const stdin = dash || (!prompt && !saved);
  return { kind: 'task-start', cwd: values.cwd ?? null, mode: mode?.data ?? null, name: name ?? null, budgetUsd, saved, prompt, stdin, json };
}
