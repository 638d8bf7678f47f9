// The SendMessage tool (AG7 teammate mode): a message from the conversation to one of its named
// background agents, between them, or from one of them back to the conversation — through the
// conversation's team (tasks/team.ts). It only reaches this conversation's own agents, so it never asks.
import { makeSendMessageInputSchema, SEND_MESSAGE_TOOL_NAME, type SendMessageData, type SendMessageInput } from '../../../shared/tools/send-message';
import { isMainName, type Team, type TeammateMessage } from '../../tasks/team';
import { buildTool } from '../core/build-tool';
import { lazySchema } from '../core/lazy-schema';
import type { Tool, ToolUseContext } from '../core/tool';
import { SEND_MESSAGE_DESCRIPTION, SEND_MESSAGE_PROMPT } from './prompt';

type Route = { ok: true; team: Team; from: string; recipients: string[] } | { ok: false; message: string };

/** Who the sender is and who gets it; a sentence the model can act on when it cannot be sent. */
function route(input: SendMessageInput, ctx: ToolUseContext): Route {
  const team = ctx.team;
  if (!team) return { ok: false, message: 'Messages cannot be sent from here.' };
  const from = ctx.teammateName ?? ctx.agentLabel ?? 'main';
  const isMain = from === 'main';
  const others = team.members().filter((m) => m !== from.toLowerCase());
  if (isMainName(input.to)) {
    if (isMain) return { ok: false, message: 'You are the main conversation: send to a teammate by its name.' };
    return { ok: true, team, from, recipients: ['main'] };
  }
  if (input.to === '*') {
    if (others.length === 0) return { ok: false, message: 'There are no teammates to send to. Start one with Agent (name, run_in_background: true).' };
    return { ok: true, team, from, recipients: others };
  }
  if (input.to.toLowerCase() === from.toLowerCase()) return { ok: false, message: 'That is you: send to a teammate, or to "main".' };
  if (!team.mailboxOf(input.to)) {
    const known = others.length > 0 ? ` Teammates running now: ${others.join(', ')}.` : ' Start one with Agent (name, run_in_background: true).';
    return { ok: false, message: `No teammate named "${input.to}" is running.${known}` };
  }
  return { ok: true, team, from, recipients: [input.to] };
}

export function createSendMessageTool(): Tool<SendMessageInput, SendMessageData> {
  return buildTool<SendMessageInput, SendMessageData>({
    name: SEND_MESSAGE_TOOL_NAME,
    searchHint: 'send a message to a teammate agent',
    maxResultSizeChars: 10_000,
    inputSchema: lazySchema(makeSendMessageInputSchema),
    description: () => SEND_MESSAGE_DESCRIPTION,
    prompt: () => SEND_MESSAGE_PROMPT,
    userFacingName: () => 'Message',
    summarize: (input) => (input.to ? `to ${input.to}${input.summary ? `: ${input.summary}` : ''}` : ''),
    // It changes no file and runs nothing: a word to the conversation's own agents (plan mode too).
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    toAutoClassifierInput: (input) => `to ${input.to}: ${input.message}`,
    validateInput: (input, ctx) => {
      const r = route(input, ctx);
      return r.ok ? { result: true } : { result: false, message: r.message, errorCode: 1 };
    },
    async call(input, ctx) {
      const r = route(input, ctx);
      if (!r.ok) throw new Error(r.message);
      const message: TeammateMessage = { from: r.from, text: input.message, ...(input.summary ? { summary: input.summary } : {}) };
      for (const to of r.recipients) {
        if (to === 'main') r.team.toMain(message);
        else if (!r.team.mailboxOf(to)?.post(message)) throw new Error(`${to}'s inbox is full: wait for it to read what it has.`);
      }
      return { data: { from: r.from, recipients: r.recipients, to: input.to, ...(input.summary ? { summary: input.summary } : {}), message: input.message } };
    },
    mapResult: (d) => ({
      content: d.to === '*' ? `Message broadcast to ${d.recipients.length} teammate(s): ${d.recipients.join(', ')}` : `Message sent to ${d.recipients[0]}'s inbox`,
    }),
  });
}

export const SendMessageTool = createSendMessageTool();
