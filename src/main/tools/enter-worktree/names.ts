// A worktree's made-up name when the model gives none: adjective-verb-noun ("bright-running-fox"), the
// shape Claude Code uses, so names read the same in both.
import { randomInt } from 'node:crypto';

const ADJECTIVES = ['bright', 'calm', 'clever', 'eager', 'gentle', 'happy', 'keen', 'lively', 'quiet', 'swift', 'tidy', 'brave', 'merry', 'sunny', 'steady', 'nimble'];
const VERBS = ['running', 'jumping', 'singing', 'drifting', 'climbing', 'dancing', 'roaming', 'gliding', 'humming', 'wandering', 'building', 'sailing'];
const NOUNS = ['fox', 'otter', 'falcon', 'maple', 'river', 'comet', 'badger', 'harbor', 'meadow', 'lantern', 'pebble', 'heron', 'willow', 'canyon'];

const pick = (words: readonly string[]): string => words[randomInt(words.length)]!;

export function randomWorktreeName(): string {
  return `${pick(ADJECTIVES)}-${pick(VERBS)}-${pick(NOUNS)}`;
}
