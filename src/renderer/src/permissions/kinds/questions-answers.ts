// A question form's choices → the answers AskUserQuestion sends back (question text → answer): one
// label, several joined by ", ", or the person's own words for "Other". Pure, so it is tested alone.
import type { AskQuestion } from '../../../../shared/tools/ask-user-question';

export interface QuestionChoice {
  /** Chosen option labels (at most one unless the question is multi-select). */
  labels: readonly string[];
  /** "Other" is chosen, with these words. */
  other: boolean;
  otherText: string;
}

export const NO_CHOICE: QuestionChoice = { labels: [], other: false, otherText: '' };

/** The answer to one question, or '' while it has none. */
export function answerOf(q: AskQuestion, c: QuestionChoice): string {
  const picked = q.options.map((o) => o.label).filter((l) => c.labels.includes(l));
  const own = c.other ? c.otherText.trim() : '';
  const parts = q.multiSelect ? [...picked, ...(own ? [own] : [])] : own ? [own] : picked.slice(0, 1);
  return parts.join(', ');
}

/** Every question's answer, or null while one has none. */
export function answersOf(questions: readonly AskQuestion[], choices: readonly QuestionChoice[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [i, q] of questions.entries()) {
    const a = answerOf(q, choices[i] ?? NO_CHOICE);
    if (!a) return null;
    out[q.question] = a;
  }
  return out;
}

/** Picking an option: a single-choice question drops the others (and "Other"); multi-select toggles it. */
export function pick(q: AskQuestion, c: QuestionChoice, label: string): QuestionChoice {
  if (!q.multiSelect) return { ...c, labels: [label], other: false };
  return { ...c, labels: c.labels.includes(label) ? c.labels.filter((l) => l !== label) : [...c.labels, label] };
}

/** "Other" chosen, un-chosen (multi-select) or typed into (which chooses it). */
export function pickOther(q: AskQuestion, c: QuestionChoice, on: boolean, text = c.otherText): QuestionChoice {
  return { labels: q.multiSelect ? c.labels : on ? [] : c.labels, other: on, otherText: text };
}
