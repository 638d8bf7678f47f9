// Plain-data input → words for the generic view: a one-line subject and a short list of fields.
// Works for any tool (unknown, MCP) because it only looks at the shape of the input.

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

/** "a, b, c" or "a, b, c, …" past three. */
export function listOf(items: readonly string[], max = 3): string {
  return items.length > max ? `${items.slice(0, max).join(', ')}, …` : items.join(', ');
}
