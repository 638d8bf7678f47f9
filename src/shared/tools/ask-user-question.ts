// AskUserQuestion's input (Claude Code's fields: 1–4 questions of 2–4 options; `answers` is filled in
// by the person's reply, never by the model) and its output, shared by the tool and its two views.
import { z } from 'zod';

export const ASK_USER_QUESTION_TOOL_NAME = 'AskUserQuestion';
/** The chip above a question is short (Claude Code's limit). */
export const HEADER_MAX_CHARS = 12;

export function makeAskUserQuestionInputSchema() {
  const option = z.strictObject({
    label: z.string().min(1).describe('The display text for this option that the user will see and select. Should be concise (1-5 words) and clearly describe the choice.'),
    description: z.string().describe('Explanation of what this option means or what will happen if chosen. Useful for providing context about trade-offs or implications.'),
  });
  const question = z.strictObject({
    question: z.string().min(1).describe('The complete question to ask the user. Should be clear, specific, and end with a question mark.'),
    header: z.string().max(HEADER_MAX_CHARS).describe(`Very short label displayed as a chip/tag (max ${HEADER_MAX_CHARS} chars). Examples: "Auth method", "Library", "Approach".`),
    options: z.array(option).min(2).max(4).describe('The available choices for this question. Must have 2-4 options. There should be no "Other" option, that will be provided automatically.'),
    multiSelect: z.boolean().default(false).describe('Set to true to allow the user to select multiple options instead of just one.'),
  });
  return z
    .strictObject({
      questions: z.array(question).min(1).max(4).describe('Questions to ask the user (1-4 questions)'),
      answers: z.record(z.string(), z.string()).optional().describe('User answers collected by the permission component'),
    })
    .superRefine((input, ctx) => {
      const texts = input.questions.map((q) => q.question);
      if (new Set(texts).size !== texts.length) ctx.addIssue({ code: 'custom', message: 'Question texts must be unique', path: ['questions'] });
      input.questions.forEach((q, i) => {
        const labels = q.options.map((o) => o.label);
        if (new Set(labels).size !== labels.length) ctx.addIssue({ code: 'custom', message: 'Option labels must be unique within each question', path: ['questions', i, 'options'] });
      });
    });
}
export type AskUserQuestionInput = z.output<ReturnType<typeof makeAskUserQuestionInputSchema>>;
export type AskQuestion = AskUserQuestionInput['questions'][number];

export const AskUserQuestionData = z.object({
  questions: z.array(
    z.object({
      question: z.string(),
      header: z.string(),
      options: z.array(z.object({ label: z.string(), description: z.string() })),
      multiSelect: z.boolean(),
    }),
  ),
  /** Question text → the person's answer (several choices joined by ", "; "Other" is their own words). */
  answers: z.record(z.string(), z.string()),
});
export type AskUserQuestionData = z.infer<typeof AskUserQuestionData>;

/** The text the model reads (Claude Code's words, so prompts written for it read the same). */
export function answersText(answers: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(answers)
    .map(([q, a]) => `"${q}"="${a}"`)
    .join(', ');
  return `User has answered your questions: ${pairs}. You can now continue with the user's answers in mind.`;
}
