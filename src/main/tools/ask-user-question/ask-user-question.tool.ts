// The AskUserQuestion tool (issue 19): the model asks the person 1–4 multiple-choice questions. Its
// permission check always asks — the approval window shows the questions as a form, and the person's
// reply carries the answers back as the call's input (`answers`), re-checked by this tool's schema.
// Headless there is nobody to ask: the denial tells the model so.
import {
  answersText,
  ASK_USER_QUESTION_TOOL_NAME,
  makeAskUserQuestionInputSchema,
  type AskUserQuestionData,
  type AskUserQuestionInput,
} from '../../../shared/tools/ask-user-question';
import { NEEDS_A_PERSON_CHECK } from '../../permissions/headless-prompter';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool } from '../core/tool';
import { ASK_USER_QUESTION_DESCRIPTION, ASK_USER_QUESTION_PROMPT } from './prompt';

/** Every question answered with something: a call without the person's answers does not run. */
function missing(input: AskUserQuestionInput): string[] {
  const answers = input.answers ?? {};
  return input.questions.map((q) => q.question).filter((q) => !answers[q]?.trim());
}

export function createAskUserQuestionTool(): Tool<AskUserQuestionInput, AskUserQuestionData> {
  return buildTool<AskUserQuestionInput, AskUserQuestionData>({
    name: ASK_USER_QUESTION_TOOL_NAME,
    searchHint: 'ask the user multiple choice questions',
    maxResultSizeChars: 100_000,
    requiresUserInteraction: true,
    inputSchema: lazySchema(makeAskUserQuestionInputSchema),
    description: () => ASK_USER_QUESTION_DESCRIPTION,
    prompt: () => ASK_USER_QUESTION_PROMPT,
    userFacingName: () => 'Questions',
    summarize: (input) => input.questions?.[0]?.question ?? '',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    // The answers are the person's: a model that writes its own is told to leave them out.
    validateInput: (input) =>
      input.answers === undefined ? { result: true } : { result: false, message: 'answers are filled in by the user; call AskUserQuestion with questions only.', errorCode: 1 },
    // Only the person answers: no rule, hook allow or mode does it for them (a strict check).
    checkPermissions: (input) => ({
      behavior: 'ask',
      message: input.questions.length === 1 ? 'The assistant has a question for you.' : `The assistant has ${input.questions.length} questions for you.`,
      reason: { type: 'safetyCheck', check: NEEDS_A_PERSON_CHECK, strict: true, reason: 'only you can answer these questions' },
    }),
    async call(input) {
      const unanswered = missing(input);
      if (unanswered.length > 0) throw new Error(`No answer was given to: ${unanswered.map((q) => `"${q}"`).join(', ')}`);
      const answers: Record<string, string> = {};
      for (const q of input.questions) answers[q.question] = input.answers![q.question]!.trim();
      return { data: { questions: input.questions, answers } };
    },
    mapResult: (data) => ({ content: answersText(data.answers) }),
  });
}

export const AskUserQuestionTool = createAskUserQuestionTool();
