// The one wildcard the rule grammar has outside path patterns: `*` is any run of characters, every
// other character is itself. Used for tool-name globs, `param:value` rules and URL/input content.

const ESCAPE = /[.+?^${}()|[\]\\]/g;

/** Regex source for the text between stars (each run of stars is one `.*`). */
export function escapeGlobPart(part: string): string {
  return part.replace(ESCAPE, '\\$&');
}

/** `glob` as a whole-string regular expression (dot matches newlines, so `*` really is "anything"). */
export function starRegex(glob: string, caseInsensitive = false): RegExp {
  return new RegExp(`^${glob.split(/\*+/).map(escapeGlobPart).join('.*')}$`, caseInsensitive ? 'si' : 's');
}
