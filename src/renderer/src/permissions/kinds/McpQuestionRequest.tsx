// A connected tool's question (MCP elicitation, issue 17 item 6) as a request kind: it asks in its own
// words and is answered with its form — in the approval panel of its conversation, or from the inbox
// ("Answer…" opens the form; "Say no" refuses); Esc twice closes it unanswered, as MCP's cancel means.
// Not a tool's: no rule ever answers it.
import { InfoIcon } from '../../components/icons';
import { McpQuestionForm, questionOf } from '../../mcp/McpQuestion';
import type { RequestKind } from '../types';
import { genericRuleWords } from './GenericRequest';

export const mcpQuestionRequest: RequestKind = {
  question: (r) => `The connected tool “${questionOf(r)?.server ?? 'unknown'}” asks you`,
  summary: (r) => questionOf(r)?.message ?? r.message,
  purpose: () => null,
  why: () => 'Only you can answer it.',
  Details: () => null,
  Form: McpQuestionForm,
  // The summary is the question; the input has no field worth showing as code.
  inboxDetail: () => '',
  inboxAnswers: { allow: null, deny: 'Say no', review: 'Answer…' },
  dismiss: { updatedInput: { answer: { action: 'cancel' } } },
  ruleWords: genericRuleWords,
  Icon: InfoIcon,
};
