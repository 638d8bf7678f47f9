// An "Always allow" answer in plain words for the conversation's notice: what Agent Desk now allows
// without asking, and where that was saved (who else it applies to).
import type { RuleDestination, SavedAlwaysRule } from '../../../shared/permissions/rule-store';
import { asClause, ruleMeaning } from '../rules/rule-words';

const WHERE: Record<RuleDestination, string> = {
  session: 'for this conversation only',
  localSettings: 'saved for this project, just you',
  projectSettings: 'saved for this project, for everyone who works on it',
  userSettings: 'saved for all your projects',
};

/** What the rule allows, after a colon: "commands starting with “npm run”"; the rule itself when it has no words. */
export function allowedWords(rule: string): string {
  const meaning = ruleMeaning(rule);
  return meaning.ok ? asClause(meaning.words) : rule;
}

export function whereWords(destination: RuleDestination): string {
  return WHERE[destination];
}

/** "Agent Desk will now always allow: any command that starts with “touch” — saved for this project, just you." */
export function alwaysSentence(saved: SavedAlwaysRule): string {
  return `Agent Desk will now always allow: ${allowedWords(saved.rule)} — ${whereWords(saved.destination)}.`;
}

export const UNDONE_WORDS = 'Undone: Agent Desk will ask again next time.';
export const GONE_WORDS = 'Nothing to undo: the rule had already been removed.';
