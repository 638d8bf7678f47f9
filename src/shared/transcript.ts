// Transcript data: the messages of one conversation as plain data, shaped like the Messages API.
import { z } from 'zod';

export const TextBlock = z.object({ type: z.literal('text'), text: z.string() });
export const ToolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
export const ImageBlock = z.object({
  type: z.literal('image'),
  source: z.object({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
});
export const ToolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  /** Text, or text and image blocks (Read returns pictures as images). */
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [TextBlock, ImageBlock]))]),
  is_error: z.boolean().optional(),
});
export const ContentBlock = z.discriminatedUnion('type', [TextBlock, ToolUseBlock, ToolResultBlock]);
export type ContentBlock = z.infer<typeof ContentBlock>;

export const Usage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative().default(0),
  cacheWriteTokens: z.number().int().nonnegative().default(0),
});
export type Usage = z.infer<typeof Usage>;

export const Message = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.array(ContentBlock),
  createdAt: z.number(),
  model: z.string().optional(),
  stopReason: z.string().nullable().optional(),
  usage: Usage.optional(),
});
export type Message = z.infer<typeof Message>;

export const SessionStatus = z.enum(['idle', 'running', 'stopping']);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const SessionSummary = z.object({
  id: z.string(),
  projectDir: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number().int().nonnegative(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

/** The plain text of a message, tool blocks left out. */
export function messageText(message: Pick<Message, 'content'>): string {
  return message.content
    .filter((b): b is z.infer<typeof TextBlock> => b.type === 'text')
    .map((b) => b.text)
    .join('');
}
