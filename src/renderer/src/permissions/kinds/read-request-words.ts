// The read request kind's words, pure (PX2): what a Read, Grep or Glob request looks at, in labelled
// plain words ("File", "Looking for: JavaScript files" — never `file_path` or `**/*.js`), and what
// of it would be sent to the AI model if allowed ("the contents of notes.txt").
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import { globInput } from '../../tools/Glob/glob-facts';
import { grepInput, grepOptionWords } from '../../tools/Grep/grep-facts';
import { plainEntries } from '../../tools/input-summary';
import { readInput, requestedRange } from '../../tools/Read/read-facts';
import { baseName, displayPath } from '../../tools/shared/paths';
import { globWords, searchTextWords } from '../../tools/shared/pattern-words';
import { requestTarget } from '../request-target';
import type { FieldRow } from './GenericRequest';

type ReadShape = 'file' | 'text-search' | 'file-search' | 'other';

/** Claude Code's Read, Grep and Glob have their own words; another tool of the kind gets its fields named in words. */
function shapeOf(request: PermissionRequestView): ReadShape {
  if (request.toolName === 'Grep') return 'text-search';
  if (request.toolName === 'Glob') return 'file-search';
  return request.toolName === 'Read' ? 'file' : 'other';
}

/** Where a search looks: the folder as the person reads it, or the folder the conversation works in. */
function folderWords(request: PermissionRequestView, projectDir: string | null): string {
  const target = requestTarget(request);
  if (!target || target === '.') return 'the current folder';
  return displayPath(target, projectDir) === '.' ? 'the project folder' : displayPath(target, projectDir);
}

/** The rows the dialog shows, in words. */
export function readRequestRows(request: PermissionRequestView, projectDir: string | null): FieldRow[] {
  switch (shapeOf(request)) {
    case 'file': {
      const input = readInput(request.input);
      const range = requestedRange(input);
      const file = displayPath(requestTarget(request) || input.filePath, projectDir) || '(no file given)';
      return [{ label: 'File', value: file }, ...(range ? [{ label: 'Which part', value: range }] : [])];
    }
    case 'text-search': {
      const input = grepInput(request.input);
      // Where it looks has its own row; the other narrowing options follow in words.
      const options = grepOptionWords({ ...input, path: null }, projectDir);
      return [
        { label: 'Looking for', value: searchTextWords(input.pattern) ?? 'text matching a pattern' },
        { label: 'Where', value: folderWords(request, projectDir) },
        ...(options.length > 0 ? [{ label: 'How', value: options.join(' · ') }] : []),
      ];
    }
    case 'file-search':
      return [
        { label: 'Looking for', value: globWords(globInput(request.input).pattern) ?? 'files matching a pattern' },
        { label: 'Where', value: folderWords(request, projectDir) },
      ];
    case 'other':
      return plainEntries(request.input);
  }
}

/** What of it goes to the AI model if allowed: "the contents of notes.txt", "the matching lines". */
export function sentToModel(request: PermissionRequestView): string {
  switch (shapeOf(request)) {
    case 'file': {
      const name = baseName(requestTarget(request) || readInput(request.input).filePath);
      return name ? `the contents of ${name}` : 'the contents of the file';
    }
    case 'text-search':
      return grepInput(request.input).mode === 'content' ? 'the matching lines' : 'the names of the matching files';
    case 'file-search':
      return 'the names of the files found';
    case 'other':
      return 'what it finds';
  }
}

/** The dialog's sentence: "If you allow it, the contents of notes.txt will be sent to the AI model." */
export function sentToModelSentence(request: PermissionRequestView): string {
  return `If you allow it, ${sentToModel(request)} will be sent to the AI model.`;
}
