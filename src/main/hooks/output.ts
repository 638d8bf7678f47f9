// What a hook may print on stdout (exit 0), Claude Code's JSON output fields, parsed leniently:
// stdout that is not a JSON object is plain text; a JSON object with bad fields gives a warning.
import { z } from 'zod';

export const HookJsonOutput = z.looseObject({
  /** false = stop: block the action / the prompt (with stopReason). */
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  /** Shown to the user. */
  systemMessage: z.string().optional(),
  /** Legacy decision fields. */
  decision: z.enum(['approve', 'block']).optional(),
  reason: z.string().optional(),
  additionalContext: z.string().optional(),
  hookSpecificOutput: z
    .looseObject({
      hookEventName: z.string().optional(),
      permissionDecision: z.enum(['allow', 'deny', 'ask']).optional(),
      permissionDecisionReason: z.string().optional(),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      additionalContext: z.string().optional(),
    })
    .optional(),
});
export type HookJsonOutput = z.infer<typeof HookJsonOutput>;

export type ParsedHookStdout =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'json'; output: HookJsonOutput }
  | { kind: 'invalid'; text: string; warning: string };

export function parseHookStdout(stdout: string): ParsedHookStdout {
  const text = stdout.trim();
  if (text === '') return { kind: 'empty' };
  if (!text.startsWith('{')) return { kind: 'text', text };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Looks like JSON but is not: Claude Code treats it as plain text.
    return { kind: 'text', text };
  }
  const parsed = HookJsonOutput.safeParse(value);
  if (parsed.success) return { kind: 'json', output: parsed.data };
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  return { kind: 'invalid', text, warning: `hook JSON output ignored (${issues})` };
}
