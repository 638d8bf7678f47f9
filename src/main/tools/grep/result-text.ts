// GrepOutput → the model's text, worded as Claude Code words it ("Found 3 files", "No matches found",
// "[Showing results with pagination = limit: 250]"), plus any notes (unreadable paths, early stop).
import type { GrepOutput } from '../../../shared/tools/grep';

function limitInfo(o: GrepOutput): string {
  const parts: string[] = [];
  if (o.appliedLimit !== undefined) parts.push(`limit: ${o.appliedLimit}`);
  if (o.appliedOffset) parts.push(`offset: ${o.appliedOffset}`);
  return parts.join(', ');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function body(o: GrepOutput): string {
  const info = limitInfo(o);
  if (o.mode === 'content') {
    const text = o.content || 'No matches found';
    return info ? `${text}\n\n[Showing results with pagination = ${info}]` : text;
  }
  if (o.mode === 'count') {
    const text = o.content || 'No matches found';
    const matches = o.numMatches ?? 0;
    return `${text}\n\nFound ${matches} total ${matches === 1 ? 'occurrence' : 'occurrences'} across ${plural(o.numFiles, 'file')}.${info ? ` with pagination = ${info}` : ''}`;
  }
  if (o.numFiles === 0) return 'No files found';
  return `Found ${plural(o.numFiles, 'file')}${info ? ` ${info}` : ''}\n${o.filenames.join('\n')}`;
}

export function formatGrepResult(o: GrepOutput): string {
  const text = body(o);
  return o.notes && o.notes.length > 0 ? `${text}\n\n${o.notes.map((n) => `(${n})`).join('\n')}` : text;
}
