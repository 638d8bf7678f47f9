// Every rule by source, strongest first, with its file and whether the workbench may edit it: the
// managed policy and the --settings file are read-only, command-line rules have no file.
import type { RuleListing, RuleSourceListing } from '../../shared/permissions/rule-store';
import type { ClaudeSettings, SettingsSourceState } from '../settings/claude-settings';
import type { RuleSet, RuleSource } from '../permissions/types';

export const SOURCE_LABELS: Record<RuleSource, string> = {
  policySettings: 'Managed policy',
  flagSettings: '--settings file',
  cliArg: 'Command line (--allowedTools / --disallowedTools)',
  localSettings: 'Only me, in this project',
  projectSettings: 'This project (shared with the team)',
  userSettings: 'All my projects',
  session: 'This session',
  command: 'A skill in use',
};

const ORDER: readonly RuleSource[] = ['policySettings', 'flagSettings', 'cliArg', 'localSettings', 'projectSettings', 'userSettings'];
const WRITABLE: ReadonlySet<RuleSource> = new Set(['localSettings', 'projectSettings', 'userSettings']);

function fromFile(s: SettingsSourceState): RuleSourceListing {
  return {
    source: s.source,
    label: SOURCE_LABELS[s.source],
    file: s.file,
    exists: s.exists,
    writable: WRITABLE.has(s.source),
    allow: s.rules.allow,
    deny: s.rules.deny,
    ask: s.rules.ask,
    warnings: s.warnings,
  };
}

export function buildRuleListing(settings: ClaudeSettings, cli: RuleSet): RuleListing {
  const files = settings.sources ?? [];
  const sources: RuleSourceListing[] = [];
  for (const source of ORDER) {
    if (source === 'cliArg') {
      const rules = (b: keyof RuleSet) => cli[b].map((e) => e.rule);
      if (cli.allow.length + cli.deny.length + cli.ask.length === 0) continue;
      sources.push({ source, label: SOURCE_LABELS[source], file: null, exists: true, writable: false, allow: rules('allow'), deny: rules('deny'), ask: rules('ask'), warnings: [] });
      continue;
    }
    const s = files.find((f) => f.source === source);
    if (s) sources.push(fromFile(s));
  }
  return {
    sources,
    defaultMode: settings.defaultMode ?? null,
    bypassDisabled: settings.bypassDisabled === true,
    additionalDirectories: settings.additionalDirectories,
  };
}
