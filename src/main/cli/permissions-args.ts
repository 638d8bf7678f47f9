// Parses `agent-desk permissions check|explain …` into a plain command; mistakes are one-line errors.
import { parseArgs } from 'node:util';
import { PERMISSION_MODES, type PermissionMode } from '../permissions/types';

export type PermissionsCommand =
  | { kind: 'permissions-check'; cwd: string | null; settings: string | null; mode: PermissionMode | null }
  | { kind: 'permissions-explain'; tool: string; input: string; cwd: string | null; settings: string | null; mode: PermissionMode | null; json: boolean }
  | { kind: 'help'; topic: 'permissions' }
  | { kind: 'usage-error'; message: string };

const options = {
  cwd: { type: 'string' },
  settings: { type: 'string' },
  mode: { type: 'string' },
  'permission-mode': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parsePermissionsCommand(argv: string[]): PermissionsCommand {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') return { kind: 'help', topic: 'permissions' };
  if (sub !== 'check' && sub !== 'explain') return { kind: 'usage-error', message: `unknown permissions command '${sub}' (check or explain)` };
  let values: { cwd?: string; settings?: string; mode?: string; 'permission-mode'?: string; json?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options, allowPositionals: true, strict: true }));
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const opt = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']+)'/.exec(e.message ?? '')?.[1] : undefined;
    return { kind: 'usage-error', message: opt ? `unknown option '${opt}'` : (e.message ?? String(err)).split('. ')[0]! };
  }
  if (values.help) return { kind: 'help', topic: 'permissions' };
  const modeArg = values.mode ?? values['permission-mode'];
  if (modeArg !== undefined && !(PERMISSION_MODES as readonly string[]).includes(modeArg)) {
    return { kind: 'usage-error', message: `--mode must be one of ${PERMISSION_MODES.join(', ')} (got '${modeArg}')` };
  }
  const common = { cwd: values.cwd ?? null, settings: values.settings ?? null, mode: (modeArg as PermissionMode | undefined) ?? null };
  if (sub === 'check') {
    if (positionals.length > 0) return { kind: 'usage-error', message: 'permissions check reads its cases on stdin; it takes no arguments' };
    if (values.json) return { kind: 'usage-error', message: 'permissions check always prints JSON lines; --json is for explain' };
    return { kind: 'permissions-check', ...common };
  }
  if (positionals.length !== 2) return { kind: 'usage-error', message: "permissions explain takes TOOL and INPUT (e.g. Bash '{\"command\":\"npm test\"}')" };
  return { kind: 'permissions-explain', tool: positionals[0]!, input: positionals[1]!, ...common, json: values.json === true };
}
