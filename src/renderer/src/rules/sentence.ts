// What the rule box makes of what was typed (issue 12 item 8): a rule, a rule with a mistake in it, or
// a sentence such as "never delete my files" — which gets the ready-made rule or the one rule it most
// likely means instead of a parser's complaint. Pure: words in, suggestions out.
import type { RuleBehaviorName } from '../../../shared/permissions/explanation';
import { formatRule, mcpInfoFromName, parseRule } from '../../../shared/permissions/rule';
import type { RegisteredTool } from '../../../shared/permissions/rule-store';
import { CLAUDE_CODE_TOOLS } from '../../../shared/tools/claude-code-tools';
import type { ToolKind } from '../../../shared/tools/traits';
import type { RulePreset } from './presets';
import { ruleMeaning } from './rule-words';

export interface SuggestedRule {
  rule: string;
  behavior: RuleBehaviorName;
}

export type RuleReading =
  | { kind: 'empty' }
  | { kind: 'rule'; words: string; toolName: string; unknownTool: boolean }
  /** Written as a rule (a name and brackets) with a mistake: the grammar's own reason helps most. */
  | { kind: 'invalid'; error: string }
  /** Plain words: the ready-made rules and the rule they probably mean (none: say what a rule is). */
  | { kind: 'sentence'; presets: RulePreset[]; rule: SuggestedRule | null };

/**
 * The tool names a rule may use: the app's registered tools by every name and alias (from the rules
 * listing), Claude Code's vocabulary, and any MCP tool by its prefix. No list of names of its own.
 */
export interface KnownTools {
  names: readonly string[];
  has(name: string): boolean;
  /** The registered tool's kind, for the rule's words. */
  kindOf(name: string): ToolKind | undefined;
}

export function knownTools(registered: readonly RegisteredTool[] = []): KnownTools {
  const kinds = new Map<string, ToolKind>(registered.map((t) => [t.name, t.kind]));
  const names = [...new Set([...Object.keys(CLAUDE_CODE_TOOLS), ...kinds.keys()])];
  return { names, has: (name) => names.includes(name) || mcpInfoFromName(name) !== null, kindOf: (name) => kinds.get(name) };
}

const CLAUDE_CODE_ONLY = knownTools();

// Words that say which list: checked in this order, so "don't ask" is an allow and "ask before" an ask.
const NO_ASKING = /\b(without asking|don'?t ask|do not ask|never ask|no need to ask)\b/;
const ASK_PHRASES = /\b(ask|asks|confirm|check with me|before|prompt)\b/;
const DENY_PHRASES = /\b(never|don'?t|do not|no|not|block|deny|forbid|prevent|stop|disallow|cannot|can'?t|mustn'?t|refuse|ban)\b/;
const ALLOW_PHRASES = /\b(allow|allowed|always|let|permit|trust|may|can|okay|ok|automatically)\b/;

const plain = (s: string): string => s.toLowerCase().replace(/[’‘]/g, "'");

/** The list a sentence asks for, or null when it does not say. */
export function behaviorOf(sentence: string): RuleBehaviorName | null {
  const s = plain(sentence);
  if (NO_ASKING.test(s)) return 'allow';
  if (ASK_PHRASES.test(s)) return 'ask';
  if (DENY_PHRASES.test(s)) return 'deny';
  if (ALLOW_PHRASES.test(s)) return 'allow';
  return null;
}

interface Topic {
  words: RegExp;
  preset: string;
  /** The one rule meant when the sentence asks for another list than the preset's. */
  rule: string;
}

// What a sentence is about, by its words. Order matters only for which suggestion comes first.
const TOPICS: readonly Topic[] = [
  { words: /\b(delet\w*|remov\w*|eras\w*|wipe\w*|destroy\w*|trash\w*|rm|rmdir)\b/, preset: 'never-delete', rule: 'Bash(rm:*)' },
  { words: /(\.env\b|\b(secret\w*|password\w*|credential\w*|keys?|tokens?|private)\b)/, preset: 'never-secrets', rule: 'Read(./.env)' },
  { words: /\b(network|internet|online|web|websites?|sites?|urls?|https?|download\w*|upload\w*|fetch\w*|curl|wget|browse\w*)\b/, preset: 'ask-network', rule: 'WebFetch' },
  { words: /\b(push\w*|publish\w*|releas\w*|deploy\w*)\b/, preset: 'never-publish', rule: 'Bash(git push:*)' },
  { words: /\b(tests?|testing|specs?|pytest|jest|vitest)\b/, preset: 'allow-tests', rule: 'Bash(npm test:*)' },
  { words: /\b(edit\w*|chang\w*|modif\w*|writ\w*|creat\w*)\b/, preset: 'allow-edits', rule: 'Edit' },
];

/** Programs a sentence may name as the command it is about ("allow npm test"). */
const PROGRAMS = new Set(
  (
    'npm npx yarn pnpm bun node deno git gh python python3 pip pip3 pytest uv poetry cargo rustc go make cmake ' +
    'docker kubectl terraform helm ls cat head tail rm rmdir mv cp mkdir touch chmod chown grep rg find sed awk ' +
    'curl wget ssh scp rsync sudo bash sh zsh tsc eslint prettier jest vitest playwright ruby bundle rails php ' +
    'composer mvn gradle dotnet java swift brew apt apt-get'
  ).split(' '),
);

/** Words around the thing a sentence is about: "allow the assistant to run npm test" → "npm test". */
const FILLER = new Set(
  (
    'allow allowed always let permit trust may can okay ok automatically never dont don\'t do not no block deny forbid ' +
    'prevent stop disallow cannot can\'t mustn\'t refuse ban ask asks confirm before without asking check with me prompt ' +
    'the a an my our your any all every you it assistant agent claude to run running runs use using execute command commands ' +
    'please me i want would like of for on in'
  ).split(' '),
);

/** Words after a command that are no longer part of it ("npm test without asking"); `run` is (`npm run build`). */
const COMMAND_ENDS = new Set('the a an my our your any all every to for on in me you it without before ever please command commands again'.split(' '));

const READ_VERBS = /\b(read\w*|open\w*|see|look\w*|view\w*|show\w*|access\w*)\b/;
const EDIT_VERBS = /\b(edit\w*|chang\w*|modif\w*|writ\w*|creat\w*|overwrit\w*|sav\w*)\b/;
const FILE_EXT = /\.(json|jsonc|ya?ml|toml|ini|env|txt|md|ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|c|h|cpp|css|html|lock|sh|pem|key|csv|xml|sql|local)$/i;
const DOMAIN = /^(?:https?:\/\/)?((?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|ai|co|uk|de|fr|nl|edu|gov|info|me|sh|so|xyz))(?:[/:?#].*)?$/i;

/**
 * A path typed in a sentence as a Read/Edit pattern: `src/` → `./src/**`, `/etc/hosts` → `//etc/hosts`.
 * Without a trailing slash it may be a file or a folder; a pattern naming a folder covers what is in it.
 */
function pathPattern(token: string): string {
  const folder = token.endsWith('/');
  const t = token.replace(/\/+$/, '');
  const anchored = t.startsWith('~/') || t.startsWith('./') ? t : t.startsWith('/') ? `/${t}` : `./${t}`;
  return folder ? `${anchored}/**` : anchored;
}

const INNER_RULE = /([A-Za-z][\w-]*)\((?:[^()\\]|\\.)*\)/;

/** A rule written inside a sentence ("please deny Bash(git push:*)"), taken as it is. */
function innerRule(sentence: string, tools: KnownTools): string | null {
  const inner = INNER_RULE.exec(sentence);
  return inner && tools.has(inner[1]!) && parseRule(inner[0]).ok ? inner[0] : null;
}

/** The single rule a sentence names: a command, a file or folder, a website or a tool. */
function namedRule(sentence: string, behavior: RuleBehaviorName, tools: KnownTools): SuggestedRule | null {
  const lower = plain(sentence);
  // Quotes and a sentence's own punctuation are not part of what it names ("allow npm test.").
  const tokens = sentence
    .trim()
    .split(/\s+/)
    .map((t) => t.replace(/^["'“‘(]+/, '').replace(/(?<=[^./])["'”’),;:!?.]+$/, ''));
  // A tool's name typed without its capital letter: "read" → Read.
  if (tokens.length === 1) {
    const tool = tools.names.find((n) => n.toLowerCase() === tokens[0]!.toLowerCase());
    if (tool) return { rule: tool, behavior };
  }
  for (const t of tokens) {
    const domain = DOMAIN.exec(t);
    if (domain && !FILE_EXT.test(t)) return { rule: formatRule({ toolName: 'WebFetch', ruleContent: `domain:${domain[1]!.toLowerCase()}` }), behavior };
  }
  for (const t of tokens) {
    const looksLikePath = t.startsWith('.') || t.startsWith('~/') || (t.includes('/') && !t.includes('://')) || FILE_EXT.test(t);
    if (!looksLikePath || t.length < 2) continue;
    // A deny on reading also keeps the file from being changed, so reading is the safer default.
    const tool = EDIT_VERBS.test(lower) && !READ_VERBS.test(lower) ? 'Edit' : 'Read';
    return { rule: formatRule({ toolName: tool, ruleContent: pathPattern(t) }), behavior };
  }
  const words = tokens.map(plain);
  const start = words.findIndex((w) => PROGRAMS.has(w));
  if (start === -1 || words.slice(0, start).some((w) => !FILLER.has(w) && !/^\W*$/.test(w) && !READ_VERBS.test(w))) return null;
  const command: string[] = [];
  for (const t of tokens.slice(start)) {
    if (command.length > 0 && COMMAND_ENDS.has(t.toLowerCase())) break;
    command.push(t);
    if (command.length === 4) break;
  }
  return { rule: formatRule({ toolName: 'Bash', ruleContent: `${command.join(' ')}:*` }), behavior };
}

/**
 * The ready-made rules a sentence is about (only those in the list it asks for, when it says), and
 * the one rule it names or means. `fallback` is the list chosen in the form, for sentences that do
 * not say one.
 */
export function suggestForSentence(sentence: string, presets: readonly RulePreset[], fallback: RuleBehaviorName, tools: KnownTools = CLAUDE_CODE_ONLY): { presets: RulePreset[]; rule: SuggestedRule | null } {
  const lower = plain(sentence);
  const asked = behaviorOf(sentence);
  const behavior = asked ?? fallback;
  const written = innerRule(sentence, tools);
  if (written) return { presets: [], rule: { rule: written, behavior } };
  const found: RulePreset[] = [];
  let topicRule: SuggestedRule | null = null;
  for (const topic of TOPICS) {
    if (!topic.words.test(lower)) continue;
    const preset = presets.find((p) => p.id === topic.preset);
    if (preset && (asked === null || asked === preset.behavior)) {
      if (!found.includes(preset)) found.push(preset);
    } else if (asked !== null) topicRule ??= { rule: topic.rule, behavior: asked };
  }
  const named = namedRule(sentence, behavior, tools);
  // "allow npm test" names its rule; "never change files" only has its topic's rule to offer.
  const rule = named ?? (found.length === 0 ? topicRule : null);
  // A rule that is one of a suggested preset's adds nothing new.
  if (rule && found.some((p) => p.behavior === rule.behavior && p.rules.includes(rule.rule))) return { presets: found, rule: null };
  return { presets: found, rule };
}

/** Lower-case single words and sentences are what people type; tool names start with a capital. */
const looksLikeWords = (text: string): boolean => /\s/.test(text) || /^[a-z]/.test(text);

/**
 * Reads the rule box: a rule (in words), a rule with a mistake, or a sentence with suggestions. `tools`:
 * the tools a rule may name (knownTools over the rules listing's registered tools).
 */
export function readRuleText(text: string, presets: readonly RulePreset[], fallback: RuleBehaviorName, tools: KnownTools = CLAUDE_CODE_ONLY): RuleReading {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  const meaning = ruleMeaning(t, tools.kindOf);
  const parsed = parseRule(t);
  if (meaning.ok && parsed.ok) {
    const known = tools.has(parsed.value.toolName) || parsed.value.toolName.includes('*');
    if (known) return { kind: 'rule', words: meaning.words, toolName: meaning.toolName, unknownTool: false };
    // "delete" or "tests" is a word, not a tool someone has; a capitalised name may be a tool we do not know.
    if (parsed.value.ruleContent === undefined && looksLikeWords(t)) return { kind: 'sentence', ...suggestForSentence(t, presets, fallback, tools) };
    return { kind: 'rule', words: meaning.words, toolName: meaning.toolName, unknownTool: true };
  }
  // `Bash(npm test` is a rule with a typo; "allow npm test" or "never delete my files" is a sentence.
  const ruleShaped = /^[A-Za-z][\w-]*[()]/.test(t);
  if (ruleShaped) return { kind: 'invalid', error: meaning.ok ? '' : meaning.error };
  return { kind: 'sentence', ...suggestForSentence(t, presets, fallback, tools) };
}

/** Says what a rule is, for a sentence nothing could be made of. Two examples, in words. */
export const RULE_SHAPE_HELP = {
  lead: 'A rule names a tool (Bash runs commands, Read opens files, Edit changes them) and, in brackets, what it may do.',
  examples: [
    { rule: 'Bash(npm test:*)', words: 'running the tests: any command that starts with “npm test”' },
    { rule: 'Read(./docs/**)', words: 'reading any file in the docs folder' },
  ],
} as const;
