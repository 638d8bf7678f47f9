// An MCP server asking the person for information (elicitation, issue 17 item 6): its message and a form
// made from the schema it sent — text, numbers, yes/no and choices — and the person's answer: accept
// with the values, decline, or cancel (dismissed without choosing).
import { z } from 'zod';

const value = z.union([z.string(), z.number(), z.boolean()]);

export const ElicitField = z.object({
  /** The property name the server asked for. */
  name: z.string(),
  kind: z.enum(['text', 'number', 'integer', 'boolean', 'choice']),
  /** The server's title for it, else its name. */
  label: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  /** A choice's options: the value sent back and what the person reads. */
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  default: value.optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().nonnegative().optional(),
  /** email, uri, date or date-time. */
  format: z.string().optional(),
});
export type ElicitField = z.infer<typeof ElicitField>;

export const McpElicitation = z.object({
  id: z.string(),
  server: z.string(),
  message: z.string(),
  fields: z.array(ElicitField),
});
export type McpElicitation = z.infer<typeof McpElicitation>;

export const ElicitAnswer = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('accept'), content: z.record(z.string().max(200), value) }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
]);
export type ElicitAnswer = z.infer<typeof ElicitAnswer>;
