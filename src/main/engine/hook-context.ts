// Context hooks add for the model (SessionStart, UserPromptSubmit `additionalContext`): kept beside the
// transcript, not in it, and placed into each request at the same spot so the request prefix is stable.
// Not persisted: a resumed session runs its SessionStart hooks again; old prompts' context is gone.
import type { Message } from '../../shared/transcript';

export function systemReminder(label: string, text: string): string {
  return `<system-reminder>\n${label}:\n${text}\n</system-reminder>`;
}

/** The transcript with the hook context inserted as user text (request building merges it into the prompt). */
export function withHookContext(messages: readonly Message[], startContext: string | null, promptContext: ReadonlyMap<string, string>): Message[] {
  if (!startContext && promptContext.size === 0) return [...messages];
  const note = (id: string, text: string, createdAt: number): Message => ({ id, role: 'user', content: [{ type: 'text', text }], createdAt });
  const out: Message[] = [];
  if (startContext) out.push(note('hook-context-start', systemReminder('SessionStart hook additional context', startContext), 0));
  for (const m of messages) {
    out.push(m);
    const extra = promptContext.get(m.id);
    if (extra) out.push(note(`hook-context-${m.id}`, systemReminder('UserPromptSubmit hook additional context', extra), m.createdAt));
  }
  return out;
}
