// A connected tool's question (MCP elicitation, issue 17 item 6) as a request of the approval inbox:
// the request's name and input, the person's values checked against the form (by the form before it
// sends, by main before the server gets them), and a reply read as the answer the server is told.
import { z } from 'zod';
import { ElicitAnswer, ElicitField } from './mcp-elicitation';

/** The request name of a connected tool's question: no tool has it, the renderer gives it its form. */
export const MCP_QUESTION_REQUEST_NAME = 'McpQuestion';

/** What the question's request carries for its form. */
export const McpQuestionInput = z.object({
  server: z.string(),
  message: z.string(),
  fields: z.array(ElicitField),
});
export type McpQuestionInput = z.infer<typeof McpQuestionInput>;

type Value = string | number | boolean;

/**
 * The answer a reply gives: allow_once carries the form's answer (`updatedInput.answer`: send, say no,
 * or not now); a plain deny (the inbox's "Say no") is a refusal. Null when the reply is no answer.
 */
export function questionAnswerOf(reply: { decision: string; updatedInput?: Record<string, unknown> | undefined }): ElicitAnswer | null {
  if (reply.decision === 'deny') return { action: 'decline' };
  if (reply.decision !== 'allow_once') return null;
  const parsed = ElicitAnswer.safeParse(reply.updatedInput?.answer);
  return parsed.success ? parsed.data : null;
}

/** The values to send, or what is wrong with them (the person corrects and sends again). */
export function checkAnswer(fields: readonly ElicitField[], content: Record<string, Value>): Record<string, Value> | string {
  const out: Record<string, Value> = {};
  for (const f of fields) {
    const v = content[f.name];
    if (v === undefined || v === '') {
      if (f.required) return `“${f.label}” is needed.`;
      continue;
    }
    if (f.kind === 'boolean') {
      if (typeof v !== 'boolean') return `“${f.label}” must be yes or no.`;
    } else if (f.kind === 'number' || f.kind === 'integer') {
      if (typeof v !== 'number' || !Number.isFinite(v) || (f.kind === 'integer' && !Number.isInteger(v))) return `“${f.label}” must be ${f.kind === 'integer' ? 'a whole number' : 'a number'}.`;
      if (f.minimum !== undefined && v < f.minimum) return `“${f.label}” must be at least ${f.minimum}.`;
      if (f.maximum !== undefined && v > f.maximum) return `“${f.label}” must be at most ${f.maximum}.`;
    } else if (typeof v !== 'string') {
      return `“${f.label}” must be text.`;
    } else if (f.kind === 'choice') {
      if (!f.options?.some((o) => o.value === v)) return `“${f.label}” must be one of the choices.`;
    } else {
      if (f.minLength !== undefined && v.length < f.minLength) return `“${f.label}” must be at least ${f.minLength} characters.`;
      if (f.maxLength !== undefined && v.length > f.maxLength) return `“${f.label}” must be at most ${f.maxLength} characters.`;
    }
    out[f.name] = v;
  }
  const unknown = Object.keys(content).find((k) => !fields.some((f) => f.name === k));
  if (unknown) return `The form has no field “${unknown}”.`;
  return out;
}
