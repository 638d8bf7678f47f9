// What one kind of permission request (exec, edit, fetch, mcp, …) provides to the approval dialog.
import type { ComponentType } from 'react';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { PermissionRuleValue } from '../../../shared/permissions/rule';
import type { ReplyExtra } from '../stores/tools-store';
import type { ViewEnv } from '../tools/view-env';

export interface RequestKind {
  /** The dialog's question and accessible name: "Allow Agent Desk to run a command?" */
  question(request: PermissionRequestView): string;
  /** The plain-language summary that comes first: "Run a command in your project" (`env`: paths relative to the project). */
  summary(request: PermissionRequestView, env?: ViewEnv): string;
  /** The model's own words on why, when it gave some ("Install the dependencies"). */
  purpose(request: PermissionRequestView): string | null;
  /** Why such requests are asked at all, in plain words, after the engine's own reason ('' when that says it all). */
  why(request: PermissionRequestView): string;
  /** The input in full. */
  Details: ComponentType<{ request: PermissionRequestView }>;
  /** What an "always allow" rule of this tool covers, in words. */
  ruleWords(rule: PermissionRuleValue): string;
  /** The icon beside the question. */
  Icon: ComponentType<{ size?: number }>;
  /**
   * A request the person answers with more than yes or no (a question form, a plan to approve): it
   * takes the place of the details, "Why am I asked?" and the Allow / Deny buttons.
   */
  Form?: ComponentType<RequestFormProps>;
  /** What the inbox line shows as code under the summary, when not the input's subject ('' for nothing: the budget's summary says it all). */
  inboxDetail?(request: PermissionRequestView): string;
  /**
   * The inbox's words for allow_once and deny when they mean something else here (the budget: continue,
   * stop). `allow: null`: only its form answers it (no "Allow" in the inbox; `review` names the way there).
   */
  inboxAnswers?: { allow: string | null; deny: string; review?: string };
  /** What a denial does to it, as the inbox's deadline says it ("Stopped automatically in 8 min"); 'Denied' when absent. */
  denialOutcome?: string;
  /** Esc pressed twice on its form answers allow_once with this (a question closed unanswered), not deny. */
  dismiss?: ReplyExtra;
}

export interface RequestFormProps {
  request: PermissionRequestView;
  /** Answers wait (just appeared, or an answer is on its way). */
  disabled: boolean;
  onAnswer: (decision: 'allow_once' | 'allow_always' | 'deny', extra?: ReplyExtra) => void;
}
