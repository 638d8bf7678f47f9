// Hook configuration in Claude Code's settings format (`hooks.<Event>[].matcher/hooks[]`): the zod
// schema, a lenient per-entry parser (bad entries become warnings naming their source), and the merge
// of several settings sources into one list per event.
import { z } from 'zod';

export const HOOK_EVENTS = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'UserPromptSubmit', 'Stop', 'SessionStart', 'PreCompact', 'SubagentStart', 'SubagentStop'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Claude Code events this app does not fire yet: accepted with a warning rather than called unknown. */
const LATER_EVENTS = ['Notification', 'SessionEnd', 'PermissionRequest'];

export const CommandHookSchema = z.object({
  type: z.literal('command'),
  command: z.string().trim().min(1, 'command must not be empty'),
  /** Seconds. */
  timeout: z.number().positive().optional(),
});
export type CommandHook = z.infer<typeof CommandHookSchema>;

export const HookMatcherSchema = z.object({
  matcher: z.string().optional(),
  hooks: z.array(CommandHookSchema),
});

/** The whole `hooks` block, strictly (documentation, editors); loading uses the lenient parser. */
export const HooksBlockSchema = z.partialRecord(z.enum(HOOK_EVENTS), z.array(HookMatcherSchema));

/** One matcher group after loading, remembering which settings file it came from. */
export interface HookMatcherGroup {
  matcher?: string;
  hooks: CommandHook[];
  source: string;
}

export type HooksConfig = Record<HookEvent, HookMatcherGroup[]>;

export interface HooksLoadResult {
  config: HooksConfig;
  warnings: string[];
}

export function emptyHooksConfig(): HooksConfig {
  return Object.fromEntries(HOOK_EVENTS.map((e) => [e, []])) as unknown as HooksConfig;
}

const isEvent = (name: string): name is HookEvent => (HOOK_EVENTS as readonly string[]).includes(name);
const describeIssue = (err: z.ZodError) =>
  err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

/** Parses one source's `hooks` block; keeps every valid hook, warns about the rest. */
export function parseHooksBlock(source: string, block: unknown): HooksLoadResult {
  const config = emptyHooksConfig();
  const warnings: string[] = [];
  if (block === undefined || block === null) return { config, warnings };
  if (typeof block !== 'object' || Array.isArray(block)) {
    warnings.push(`${source}: "hooks" must be an object of event names; ignored`);
    return { config, warnings };
  }
  for (const [event, groups] of Object.entries(block as Record<string, unknown>)) {
    const where = `${source}: hooks.${event}`;
    if (!isEvent(event)) {
      warnings.push(
        LATER_EVENTS.includes(event)
          ? `${where}: the ${event} event is not supported yet; ignored`
          : `${where}: unknown hook event (expected one of ${HOOK_EVENTS.join(', ')}); ignored`,
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      warnings.push(`${where}: must be an array of { matcher, hooks }; ignored`);
      continue;
    }
    groups.forEach((group, gi) => {
      const at = `${where}[${gi}]`;
      if (typeof group !== 'object' || group === null || Array.isArray(group)) {
        warnings.push(`${at}: must be an object { matcher, hooks }; ignored`);
        return;
      }
      const g = group as Record<string, unknown>;
      if (g.matcher !== undefined && typeof g.matcher !== 'string') {
        warnings.push(`${at}.matcher: must be a string; group ignored`);
        return;
      }
      if (!Array.isArray(g.hooks)) {
        warnings.push(`${at}.hooks: must be an array; group ignored`);
        return;
      }
      const hooks: CommandHook[] = [];
      g.hooks.forEach((hook, hi) => {
        const type = (hook as { type?: unknown } | null)?.type;
        if (typeof type === 'string' && type !== 'command') {
          warnings.push(`${at}.hooks[${hi}]: hook type "${type}" is not supported yet; ignored`);
          return;
        }
        const parsed = CommandHookSchema.safeParse(hook);
        if (parsed.success) hooks.push(parsed.data);
        else warnings.push(`${at}.hooks[${hi}]: ${describeIssue(parsed.error)}; ignored`);
      });
      if (hooks.length === 0) return;
      config[event].push({ ...(g.matcher !== undefined ? { matcher: g.matcher } : {}), hooks, source });
    });
  }
  return { config, warnings };
}

/** Merges the `hooks` blocks of several settings sources, in the order given (all hooks apply). */
export function mergeHookSources(sources: ReadonlyArray<{ source: string; hooks: unknown }>): HooksLoadResult {
  const config = emptyHooksConfig();
  const warnings: string[] = [];
  for (const { source, hooks } of sources) {
    const one = parseHooksBlock(source, hooks);
    warnings.push(...one.warnings);
    for (const event of HOOK_EVENTS) config[event].push(...one.config[event]);
  }
  return { config, warnings };
}
