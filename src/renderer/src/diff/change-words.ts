// A file change in one plain sentence, for approvals, cards and the Changes pane:
// "Change 2 lines in src/app.ts", "Add 3 lines to notes.md", "Create src/new.ts (40 lines)",
// "Overwrite config.json".
import { plural } from '../tools/shared/paths';
import type { ChangeCount } from './compute';

export type ChangeAction = 'create' | 'edit' | 'overwrite' | 'delete';

export function changeSentence(action: ChangeAction, name: string, count: ChangeCount, newLineCount = count.added): string {
  switch (action) {
    case 'create':
      return `Create ${name} (${plural(newLineCount, 'line')})`;
    case 'overwrite':
      return `Overwrite ${name}`;
    case 'delete':
      return `Delete ${name}`;
    case 'edit': {
      const { added, removed } = count;
      if (added === 0 && removed === 0) return `Leave ${name} as it is (no lines change)`;
      if (removed === 0) return `Add ${plural(added, 'line')} to ${name}`;
      if (added === 0) return `Remove ${plural(removed, 'line')} from ${name}`;
      return `Change ${plural(Math.max(added, removed), 'line')} in ${name}`;
    }
  }
}

/** The same in the past tense, for what already happened: "Changed 2 lines", "Created (40 lines)". */
export function changedWords(action: ChangeAction, count: ChangeCount, newLineCount = count.added): string {
  switch (action) {
    case 'create':
      return `New file, ${plural(newLineCount, 'line')}`;
    case 'overwrite':
      return 'Replaced the whole file';
    case 'delete':
      return 'Deleted the file';
    case 'edit': {
      const { added, removed } = count;
      if (added === 0 && removed === 0) return 'No lines changed';
      if (removed === 0) return `Added ${plural(added, 'line')}`;
      if (added === 0) return `Removed ${plural(removed, 'line')}`;
      return `Changed ${plural(Math.max(added, removed), 'line')}`;
    }
  }
}
