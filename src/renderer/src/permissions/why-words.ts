// "Why am I asked?" and "where will Always allow save?" in plain words for the approval dialog:
// the engine's explanation split into text and `code` parts, the deciding rule with its file, and the
// three settings files a rule can be saved to (Claude Code's own files, so other tools read them too).
import type { RuleSourceName } from '../../../shared/permissions/explanation';
import type { PermissionRequestView } from '../../../shared/permissions/request';
import type { RuleDestination } from '../../../shared/permissions/rule-store';
import { displayPath } from '../tools/shared/paths';

/** A piece of an explanation: plain text, or a rule / command / path to show as code. */
export interface WhyPart {
  text: string;
  code: boolean;
}

/** The rule that decided, and where it lives, in words ("in .claude/settings.json"). */
export interface WhyRule {
  rule: string;
  where: string;
}

export interface WhyWords {
  parts: WhyPart[];
  rule: WhyRule | null;
}

/** Where a source without a file of its own comes from. */
const SOURCE_WORDS: Record<RuleSourceName, string> = {
  session: 'added in this conversation',
  cliArg: 'given on the command line',
  localSettings: 'in your own settings for this project',
  projectSettings: "in this project's shared settings",
  userSettings: 'in your settings for all projects',
  policySettings: "in your organisation's managed policy",
  flagSettings: 'in the settings given on the command line',
  command: 'allowed by a skill while it is in use',
};

/** "`Bash(rm:*)` in x" → text / code parts (an unpaired backtick stays text). */
export function splitCode(text: string): WhyPart[] {
  const parts: WhyPart[] = [];
  const re = /`([^`]+)`/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index), code: false });
    parts.push({ text: m[1]!, code: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), code: false });
  return parts;
}

/** The engine's explanation when there is one; else the request's message and reason, as before. */
export function whyWords(request: PermissionRequestView, projectDir: string | null): WhyWords {
  const explanation = request.explanation;
  if (!explanation || !explanation.text.trim()) {
    const reason = request.reason && request.reason !== request.message ? ` ${request.reason}` : '';
    return { parts: splitCode(`${request.message}${reason}`), rule: null };
  }
  const r = explanation.reason;
  const rule = r.kind === 'rule' ? { rule: r.rule, where: r.file ? `in ${displayPath(r.file, projectDir)}` : SOURCE_WORDS[r.source] } : null;
  return { parts: splitCode(explanation.text), rule };
}

export type SavedDestination = Exclude<RuleDestination, 'session'>;

export interface DestinationChoice {
  value: SavedDestination;
  /** Who and where, in plain words. */
  label: string;
  /** The file, as Claude Code names it. */
  file: string;
  /** What saving there means, shown under the choices. */
  note: string;
}

/** The choices in the dialog's order; the default is the narrowest file (only me, this project). */
export const DESTINATIONS: readonly DestinationChoice[] = [
  {
    value: 'projectSettings',
    label: 'This project, for everyone',
    file: '.claude/settings.json',
    note: 'Saved in the project’s shared settings: everyone who works on this project (and commits the file) gets the rule.',
  },
  {
    value: 'localSettings',
    label: 'Only me, in this project',
    file: '.claude/settings.local.json',
    note: 'Saved in your own settings for this project (usually not committed). Agent Desk will not ask you again here for anything this rule allows.',
  },
  {
    value: 'userSettings',
    label: 'All my projects',
    file: '~/.claude/settings.json',
    note: 'Saved in your settings for every project on this computer. Agent Desk will not ask you again anywhere for anything this rule allows.',
  },
];

export const DEFAULT_DESTINATION: SavedDestination = 'localSettings';
