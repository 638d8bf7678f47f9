// The YAML front matter of a Markdown file in Claude Code's shape (skills, agents): the "key: value"
// block between two `---` lines at the top, and the body after it. Pure.
import { createRequire } from 'node:module';

// yaml loads with the first file that has front matter (~20 ms), not at every start.
export const parseYaml = (text: string): unknown => (createRequire(__filename)('yaml') as typeof import('yaml')).parse(text);

export type FrontMatter = { ok: true; meta: Record<string, unknown>; body: string; hadFrontMatter: boolean } | { ok: false; error: string };

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function splitFrontMatter(text: string): FrontMatter {
  const m = FRONT_MATTER.exec(text);
  if (!m) return { ok: true, meta: {}, body: text, hadFrontMatter: false };
  let parsed: unknown;
  try {
    parsed = parseYaml(m[1]!);
  } catch (err) {
    // Claude Code's own examples write `argument-hint: [pr-number] [priority]`, which is not YAML: such
    // a line is read as the text it shows, as Claude Code does.
    try {
      parsed = parseYaml(quoteLooseValues(m[1]!));
    } catch {
      return { ok: false, error: `The front matter (between the --- lines) is not valid YAML: ${(err as Error).message.split('\n')[0]}` };
    }
  }
  if (parsed !== null && parsed !== undefined && (typeof parsed !== 'object' || Array.isArray(parsed))) return { ok: false, error: 'The front matter must be a list of "key: value" lines.' };
  return { ok: true, meta: (parsed ?? {}) as Record<string, unknown>, body: text.slice(m[0].length), hadFrontMatter: true };
}

/** A list field as Claude Code accepts it: a YAML list, or one string split at commas and spaces (not inside a rule's parentheses). */
export function listField(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string').map((s) => s.trim()).filter(Boolean);
  if (typeof v === 'string') return v.split(/[,\s]+(?![^(]*\))/).map((s) => s.trim()).filter(Boolean);
  return [];
}

/** Top-level `key: [a] [b]` lines (bracketed words side by side, not a YAML list), quoted as text. */
function quoteLooseValues(yaml: string): string {
  return yaml.replace(/^([A-Za-z][\w-]*):[ \t]+((?:\[[^\]\n]*\][ \t]*){2,})$/gm, (_all, key: string, value: string) => `${key}: ${JSON.stringify(value.trim())}`);
}
