// SendMessage's input schema (Claude Code's fields: to, message, summary) and its output (AG7 teammate
// mode), shared by the tool in main and its card.
import { z } from 'zod';

export const SEND_MESSAGE_TOOL_NAME = 'SendMessage';

export function makeSendMessageInputSchema() {
  return z.strictObject({
    to: z
      .string()
      .trim()
      .min(1, 'Say who the message is for')
      .describe('Recipient: a teammate\'s name, "main" for the main conversation (from a background agent), or "*" for every teammate'),
    summary: z.string().optional().describe('A 5-10 word summary shown as a preview in the UI'),
    message: z.string().min(1, 'The message cannot be empty').describe('The message'),
  });
}
export type SendMessageInput = z.output<ReturnType<typeof makeSendMessageInputSchema>>;

export const SendMessageData = z.object({
  from: z.string(),
  /** Who got it: one name, "main", or every teammate of a broadcast. */
  recipients: z.array(z.string()),
  to: z.string(),
  summary: z.string().optional(),
  message: z.string(),
});
export type SendMessageData = z.infer<typeof SendMessageData>;
