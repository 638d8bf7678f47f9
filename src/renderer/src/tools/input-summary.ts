// Plain-data input → words for the generic view: a one-line subject, a short list of fields named in
// words ("File", not `file_path`, PX2) and the raw fields for the "exact input" disclosure. Works for
// any tool (unknown, MCP) because it only looks at the shape of the input.

/** Fields that usually say what a call is about, in the order they are tried. */
const SUBJECT_KEYS = ['command', 'file_path', 'notebook_path', 'path', 'pattern', 'url', 'query', 'description', 'prompt', 'name'];

const MAX_SUBJECT = 80;

export function oneLine(text: string, max = MAX_SUBJECT): string {
  const first = text.trim().split('\n')[0] ?? '';
  const more = first.length < text.trim().length;
  if (first.length > max) return `${first.slice(0, max - 1)}…`;
  return more ? `${first} …` : first;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "npm test", "src/app.ts", or '' when nothing short describes the input. */
export function inputSubject(input: unknown): string {
  if (typeof input === 'string') return oneLine(input);
  if (!isRecord(input)) return '';
  for (const key of SUBJECT_KEYS) {
    const v = input[key];
    if (typeof v === 'string' && v.trim()) return oneLine(v);
  }
  for (const v of Object.values(input)) if (typeof v === 'string' && v.trim()) return oneLine(v);
  return '';
}

/** A value as display text: strings as they are, the rest as compact JSON. */
export function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The input's fields for a key/value list; a non-object input is one unnamed entry. */
export function inputEntries(input: unknown): { key: string; value: string }[] {
  if (input === undefined || input === null) return [];
  if (!isRecord(input)) return [{ key: '', value: displayValue(input) }];
  return Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => ({ key, value: displayValue(v) }));
}

/** Claude Code's field names, and those common in other tools, in words. */
const FIELD_WORDS: Record<string, string> = {
  file_path: 'File',
  notebook_path: 'Notebook',
  path: 'Location',
  url: 'Address',
  uri: 'Address',
  command: 'Command',
  description: 'Description',
  prompt: 'Instructions',
  query: 'Search words',
  pattern: 'Looking for',
  content: 'Content',
  old_string: 'Text to replace',
  new_string: 'New text',
  new_source: 'New content',
  replace_all: 'Every place',
  cell_id: 'Cell',
  cell_type: 'Kind of cell',
  edit_mode: 'Change',
  offset: 'From line',
  limit: 'At most',
  pages: 'Pages',
  timeout: 'Time limit (ms)',
  glob: 'Only files',
  type: 'Kind of file',
  output_mode: 'Show',
  head_limit: 'At most',
  multiline: 'Across lines',
  '-i': 'Ignore upper/lower case',
  '-n': 'Line numbers',
  '-A': 'Lines after',
  '-B': 'Lines before',
  '-C': 'Lines around',
};

/** Short words read out as letters. */
const ACRONYMS = new Set(['id', 'sql', 'api', 'html', 'json', 'csv', 'pr', 'ui', 'ip']);

/** A field's name in words: `file_path` → "File", `issueTitle` → "Issue title", `repo_id` → "Repo ID". */
export function fieldLabel(key: string): string {
  if (Object.hasOwn(FIELD_WORDS, key)) return FIELD_WORDS[key]!;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return key;
  const first = words[0]!;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

/** The input's fields with their names in words and yes/no for flags, for what a person reads first. */
export function plainEntries(input: unknown): { key: string; label: string; value: string }[] {
  const raw = isRecord(input) ? input : null;
  return inputEntries(input).map(({ key, value }) => {
    const v = raw?.[key];
    return { key, label: key ? fieldLabel(key) : '', value: v === true ? 'yes' : v === false ? 'no' : value };
  });
}

/** "a, b, c" or "a, b, c, …" past three. */
export function listOf(items: readonly string[], max = 3): string {
  return items.length > max ? `${items.slice(0, max).join(', ')}, …` : items.join(', ');
}
