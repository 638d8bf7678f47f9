// A session's turn-level hooks: SessionStart once before its first model call (context for the model),
// UserPromptSubmit before a prompt joins the conversation (may block it, may add context), and Stop
// when the model ends its turn (may send it back to work), PreCompact before a summary is written.
// Tool hooks run in the pipeline instead.
import type { Message } from '../../shared/transcript';
import type { HookRunner, PreCompactResult } from '../hooks/types';
import type { CompactTrigger } from './compact/compactor';
import { systemReminder, withHookContext } from './hook-context';

export interface SessionHooksOptions {
  sessionId: string;
  projectDir: string;
  hooks: HookRunner | undefined;
  /** Hook output for the user (systemMessages, failures): never sent to the model. */
  notify: (messages: readonly string[]) => void;
  /** The session came from disk: SessionStart runs with source 'resume'. */
  resumed: boolean;
}

export class SessionHooks {
  private start: 'startup' | 'resume' | null;
  private startContext: string | null = null;
  /** UserPromptSubmit context per user message id: sent with that prompt in every request. */
  private readonly promptContext = new Map<string, string>();
  /** The engine's own reminders for the model, each after the message with that id. */
  private readonly notes = new Map<string, string>();

  constructor(private readonly opts: SessionHooksOptions) {
    this.start = opts.resumed ? 'resume' : 'startup';
  }

  /** Whether a UserPromptSubmit hook must see a prompt before it joins the conversation. */
  gatesPrompts(): boolean {
    return this.opts.hooks?.has('UserPromptSubmit') ?? false;
  }

  /** SessionStart, once per session object. */
  async sessionStart(signal: AbortSignal): Promise<void> {
    const source = this.start;
    this.start = null;
    const hooks = this.opts.hooks;
    if (!source || !hooks?.has('SessionStart', source)) return;
    const r = await hooks.sessionStart({ sessionId: this.opts.sessionId, cwd: this.opts.projectDir, source }, signal);
    this.opts.notify(r.messages);
    if (r.additionalContext) this.startContext = r.additionalContext;
  }

  /** UserPromptSubmit: `blocked` is the reason for the user; otherwise the prompt may go on. */
  async submit(user: Message, signal: AbortSignal): Promise<{ blocked?: string }> {
    const hooks = this.opts.hooks;
    if (!hooks) return {};
    const prompt = user.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    const r = await hooks.userPromptSubmit({ sessionId: this.opts.sessionId, prompt, cwd: this.opts.projectDir }, signal);
    this.opts.notify(r.messages);
    if (r.blocked) return { blocked: r.blocked.message };
    if (r.additionalContext) this.promptContext.set(user.id, r.additionalContext);
    return {};
  }

  /** Stop: the text to send the model back to work with, or null to let the turn end. */
  async stop(active: boolean, signal: AbortSignal): Promise<string | null> {
    const hooks = this.opts.hooks;
    if (!hooks?.has('Stop')) return null;
    const r = await hooks.stop({ sessionId: this.opts.sessionId, cwd: this.opts.projectDir, stopHookActive: active }, signal);
    this.opts.notify(r.messages);
    return r.blocked ? `Stop hook feedback:\n${r.blocked.message}` : null;
  }

  /** PreCompact, when the runner has it (absent: the summary goes on without asking a hook). */
  preCompactHook(): ((trigger: CompactTrigger, customInstructions: string, signal: AbortSignal) => Promise<PreCompactResult>) | undefined {
    const hooks = this.opts.hooks;
    if (!hooks?.preCompact) return undefined;
    return (trigger, customInstructions, signal) =>
      hooks.has('PreCompact', trigger) ? hooks.preCompact!({ sessionId: this.opts.sessionId, cwd: this.opts.projectDir, trigger, customInstructions }, signal) : Promise.resolve({ messages: [] });
  }

  /** Tells the model something that changed outside the conversation, from the message after `afterId` on. */
  noteAfter(afterId: string, label: string, text: string): void {
    this.notes.set(afterId, systemReminder(label, text));
  }

  /** The transcript as the model sees it: with the hooks' context and the engine's notes in place. */
  forRequest(messages: readonly Message[]): Message[] {
    return withHookContext(messages, this.startContext, this.promptContext, this.notes);
  }
}
