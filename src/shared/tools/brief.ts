// The Brief tool's input and output — Claude Code's SendUserMessage (its earlier name, Brief, is an
// alias): a message the person reads, in Markdown, with files attached and whether it was asked for.
import { z } from 'zod';

export const BRIEF_TOOL_NAME = 'SendUserMessage';
export const LEGACY_BRIEF_TOOL_NAME = 'Brief';

export function makeBriefInputSchema() {
  return z.strictObject({
    message: z.string().describe('The message for the user. Markdown is supported.'),
    attachments: z
      .array(z.string())
      .optional()
      .describe('Optional paths of files to show with the message (absolute, or relative to the working directory): screenshots, diffs, logs, anything the user should see alongside it.'),
    status: z
      .enum(['normal', 'proactive'])
      .describe("'normal' when replying to what the user just said; 'proactive' when you bring up something they did not ask for and should see now (a task finished while they were away, a blocker, a status update)."),
  });
}
export type BriefInput = z.output<ReturnType<typeof makeBriefInputSchema>>;

export const BriefAttachment = z.object({ path: z.string(), size: z.number().int().nonnegative(), isImage: z.boolean() });
export type BriefAttachment = z.infer<typeof BriefAttachment>;

export const BriefData = z.object({
  message: z.string(),
  attachments: z.array(BriefAttachment).optional(),
  /** When it was sent (ISO time). */
  sentAt: z.string().optional(),
  /** Brought up unasked ('proactive'). */
  proactive: z.boolean().optional(),
});
export type BriefData = z.infer<typeof BriefData>;
