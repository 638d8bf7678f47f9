// Context for the model beside the transcript (SessionStart and UserPromptSubmit hooks' `additionalContext`,
// the engine's own notes such as a worktree found gone on reopening): not in the transcript, placed into
// each request at the same spot so the request prefix is stable. Not persisted: a resumed session runs
// its SessionStart hooks again; old prompts' context is gone.
import type { Message } from '../../shared/transcript';

export function systemReminder(label: string, text: string): string {
  return `<system-reminder>\n${label}:\n${text}\n</system-reminder>`;
}

/**
 * The transcript with the context inserted as user text (request building merges it into the prompt):
 * `promptContext` after the prompt with that id, `notes` (whole reminders) after the message with that id.
 */
export function withHookContext(messages: readonly Message[], startContext: string | null, promptContext: ReadonlyMap<string, string>, notes: ReadonlyMap<string, string> = new Map()): Message[] {
  if (!startContext && promptContext.size === 0 && notes.size === 0) return [...messages];
  const note = (id: string, text: string, createdAt: number): Message => ({ id, role: 'user', content: [{ type: 'text', text }], createdAt });
  const out: Message[] = [];
  if (startContext) out.push(note('hook-context-start', systemReminder('SessionStart hook additional context', startContext), 0));
  for (const m of messages) {
    out.push(m);
    const extra = promptContext.get(m.id);
    if (extra) out.push(note(`hook-context-${m.id}`, systemReminder('UserPromptSubmit hook additional context', extra), m.createdAt));
    const engineNote = notes.get(m.id);
    if (engineNote) out.push(note(`engine-note-${m.id}`, engineNote, m.createdAt));
  }
  return out;
}
