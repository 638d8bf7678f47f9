// The Brief tool (issue 19, TL): Claude Code's SendUserMessage — alias Brief — a message the person
// reads, in Markdown, with files attached (checked before it is sent). It changes nothing and never
// asks; the model is told "Message delivered to user." Deferred to ToolSearch, so the tools array the
// model is sent stays the same (AS5).
import { BRIEF_TOOL_NAME, LEGACY_BRIEF_TOOL_NAME, makeBriefInputSchema, type BriefData, type BriefInput } from '../../../shared/tools/brief';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ValidationResult } from '../core/tool';
import { attachmentProblem, describeAttachments } from './attachments';
import { BRIEF_DESCRIPTION, BRIEF_PROMPT } from './prompt';

export function createBriefTool(now: () => Date = () => new Date()): Tool<BriefInput, BriefData> {
  return buildTool<BriefInput, BriefData>({
    name: BRIEF_TOOL_NAME,
    aliases: [LEGACY_BRIEF_TOOL_NAME],
    searchHint: 'send a message to the user — your primary visible output channel',
    maxResultSizeChars: 100_000,
    shouldDefer: true,
    inputSchema: lazySchema(makeBriefInputSchema),
    description: () => BRIEF_DESCRIPTION,
    prompt: () => BRIEF_PROMPT,
    userFacingName: () => 'Message',
    summarize: (input) => input.message?.split('\n').find((l) => l.trim())?.slice(0, 80) ?? '',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    toAutoClassifierInput: (input) => input.message,
    checkPermissions: (input) => ({ behavior: 'allow', updatedInput: input, reason: { type: 'tool', reason: 'a message to you changes nothing' } }),
    async validateInput(input, ctx): Promise<ValidationResult> {
      if (!input.attachments?.length) return { result: true };
      const problem = await attachmentProblem(input.attachments, ctx.state.cwd);
      return problem ? { result: false, message: problem, errorCode: 1 } : { result: true };
    },
    async call(input, ctx) {
      const sentAt = now().toISOString();
      const proactive = input.status === 'proactive' ? { proactive: true } : {};
      if (!input.attachments?.length) return { data: { message: input.message, sentAt, ...proactive } };
      return { data: { message: input.message, attachments: await describeAttachments(input.attachments, ctx.state.cwd), sentAt, ...proactive } };
    },
    mapResult: (data) => {
      const n = data.attachments?.length ?? 0;
      return { content: `Message delivered to user.${n === 0 ? '' : ` (${n} ${n === 1 ? 'attachment' : 'attachments'} included)`}` };
    },
  });
}

export const BriefTool = createBriefTool();
