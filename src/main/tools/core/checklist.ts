// Which to-do system a session offers, chosen once when it starts so its tools array stays the same
// for the whole conversation (AS5). Claude Code: interactive sessions get the Task tools, headless runs
// (`-p`) TodoWrite; CLAUDE_CODE_ENABLE_TASKS=1 gives a headless run the Task tools, and =0 keeps
// TodoWrite where the Task tools would be the default.
import type { Checklist } from './tool';

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;

export function checklistFor(opts: { headless: boolean; env: Readonly<Record<string, string | undefined>> }): Checklist {
  const flag = opts.env.CLAUDE_CODE_ENABLE_TASKS?.trim() ?? '';
  if (TRUE.test(flag)) return 'tasks';
  if (FALSE.test(flag)) return 'todos';
  return opts.headless ? 'todos' : 'tasks';
}
