// Change sentences (DK4: plain-language summaries before a write).
import { describe, expect, it } from 'vitest';
import { changedWords, changeSentence } from './change-words';

describe('changeSentence / changedWords', () => {
  it('edits by what they do to lines', () => {
    expect(changeSentence('edit', 'src/app.ts', { added: 2, removed: 2 })).toBe('Change 2 lines in src/app.ts');
    expect(changeSentence('edit', 'src/app.ts', { added: 3, removed: 1 })).toBe('Change 3 lines in src/app.ts');
    expect(changeSentence('edit', 'a.md', { added: 1, removed: 0 })).toBe('Add 1 line to a.md');
    expect(changeSentence('edit', 'a.md', { added: 0, removed: 4 })).toBe('Remove 4 lines from a.md');
    expect(changeSentence('edit', 'a.md', { added: 0, removed: 0 })).toBe('Leave a.md as it is (no lines change)');
    expect(changedWords('edit', { added: 2, removed: 1 })).toBe('Changed 2 lines');
    expect(changedWords('edit', { added: 0, removed: 1 })).toBe('Removed 1 line');
  });
  it('creates, overwrites, deletes', () => {
    expect(changeSentence('create', 'src/new.ts', { added: 40, removed: 0 })).toBe('Create src/new.ts (40 lines)');
    expect(changeSentence('overwrite', 'config.json', { added: 3, removed: 2 })).toBe('Overwrite config.json');
    expect(changeSentence('delete', 'old.txt', { added: 0, removed: 9 })).toBe('Delete old.txt');
    expect(changedWords('create', { added: 1, removed: 0 })).toBe('New file, 1 line');
  });
});
