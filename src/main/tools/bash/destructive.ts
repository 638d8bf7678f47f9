// A first, deliberately small destructive-command check (BA9 replaces it with the full warning
// list). Information only: it marks the call for the permission prompt, it never allows or denies.

const PATTERNS: ReadonlyArray<{ pattern: RegExp; warning: string }> = [
  // rm with both -r/-R/--recursive and -f/--force, in any flag order or grouping.
  {
    pattern: /(^|[\s;&|(])rm\s+(?=(?:[^;&|\n]*\s)?(?:-[a-zA-Z]*[rR]|--recursive))(?=(?:[^;&|\n]*\s)?(?:-[a-zA-Z]*f|--force))/,
    warning: 'Note: may recursively force-remove files',
  },
  { pattern: /\bgit\s+push\b[^;&|\n]*\s(--force(-with-lease)?|-f)\b/, warning: 'Note: may overwrite remote history' },
  { pattern: /\bgit\s+reset\b[^;&|\n]*\s--hard\b/, warning: 'Note: may discard uncommitted changes' },
];

export function destructiveWarning(command: string): string | undefined {
  return PATTERNS.find((p) => p.pattern.test(command))?.warning;
}

export function isDestructiveCommand(command: string): boolean {
  return destructiveWarning(command) !== undefined;
}
