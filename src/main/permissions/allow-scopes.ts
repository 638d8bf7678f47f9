// What "Always allow" may cover for one request, as choices a person understands (issue 13 item 3):
// for an edit the folder, every edit of this conversation, or only the file; for a command its stable
// prefix or only the exact command; for a read or search outside the project its folder; for a fetch
// the site; for an MCP tool the tool or its whole server. Each says in words what it covers, carries
// the exact rule (none for the conversation-wide edit choice, which is a permission mode), a warning
// when it is broad or risky, and whether it is the recommended one: the broadest safe choice.
import path from 'node:path';
import type { AllowScope } from '../../shared/permissions/request';
import { formatRule, mcpInfoFromName } from '../../shared/permissions/rule';
import { allowRuleRisk, commandRisk } from '../../shared/permissions/rule-risks';
import { relativeInside } from './path-pattern';
import { commandPrefix, literal, pathPatternFor, type SuggestContext } from './suggest';
import { CLAUDE_CODE_CATALOG, fileTargetOf } from './tool-catalog';

function str(input: unknown, key: string): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const v = (input as Record<string, unknown>)[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** The first scope that carries no warning is recommended; when all do, none is. */
function recommend(scopes: AllowScope[]): AllowScope[] {
  const pick = scopes.findIndex((s) => !s.warning);
  return scopes.map((s, i) => (i === pick ? { ...s, recommended: true } : s));
}

function commandScopes(command: string): AllowScope[] {
  const exact: AllowScope = { kind: 'rule', label: 'Only this exact command', rule: formatRule({ toolName: 'Bash', ruleContent: command }) };
  const prefix = commandPrefix(command);
  if (!prefix) return recommend([exact]);
  // The shared table of risky commands (the rule workbench warns with the same one).
  const risky = commandRisk(prefix);
  const byPrefix: AllowScope = {
    kind: 'rule',
    label: `Commands starting with “${prefix}”`,
    rule: formatRule({ toolName: 'Bash', ruleContent: `${prefix}:*` }),
    ...(risky ? { warning: `Commands starting with “${prefix}” can ${risky.does}. Allow them only if you are sure.` } : {}),
  };
  return recommend([byPrefix, exact]);
}

/** "docs/", "the whole project", "/tmp/notes/ (outside the project)". */
function folderWords(absDir: string, ctx: SuggestContext): { words: string; inProject: boolean; root: boolean } {
  const rel = relativeInside(ctx.projectDir, absDir);
  if (rel === '') return { words: 'the whole project', inProject: true, root: true };
  if (rel !== null) return { words: `${rel}/`, inProject: true, root: false };
  return { words: `${absDir.endsWith(path.sep) ? absDir : absDir + path.sep} (outside the project)`, inProject: false, root: false };
}

function fileScopes(toolName: string, input: unknown, ctx: SuggestContext): AllowScope[] | null {
  const catalog = ctx.catalog ?? CLAUDE_CODE_CATALOG;
  const kind = catalog.traits(toolName)?.kind;
  const target = fileTargetOf(toolName, input, catalog);
  if (!target || target.path.trim().startsWith('~')) return null;
  const abs = path.resolve(ctx.cwd, target.path.trim());
  const dirAbs = target.isDir ? abs : path.dirname(abs);
  const folder = folderWords(dirAbs, ctx);
  const dirPattern = literal(pathPatternFor(dirAbs, ctx));
  const folderContent = dirPattern.endsWith('/') ? `${dirPattern}**` : `${dirPattern}/**`;
  const shown = relativeInside(ctx.projectDir, abs) ?? abs;
  if (kind === 'edit') {
    const inFolder: AllowScope = {
      kind: 'rule',
      label: folder.root ? 'Edits anywhere in this project' : `Edits in ${folder.words}`,
      rule: formatRule({ toolName: 'Edit', ruleContent: folderContent }),
      ...(folder.root ? { warning: 'This lets the assistant change any file of the project from now on.' } : {}),
      ...(!folder.inProject ? { warning: 'This folder is outside the project.' } : {}),
    };
    const file: AllowScope = { kind: 'rule', label: `Only this file (${shown})`, rule: formatRule({ toolName: 'Edit', ruleContent: literal(pathPatternFor(abs, ctx)) }) };
    const session: AllowScope = { kind: 'session-edits', label: 'Every edit in this project, until this conversation ends' };
    return recommend(folder.inProject ? [inFolder, session, file] : [file, inFolder]);
  }
  // Reading or searching (outside the project, or where a rule asks): that folder, or that file.
  const reads: AllowScope = {
    kind: 'rule',
    label: target.isDir ? `Searching in ${folder.words}` : `Reading files in ${folder.words}`,
    rule: formatRule({ toolName, ruleContent: folderContent }),
    ...(folder.root && !folder.inProject ? { warning: 'This folder holds much more than the project.' } : {}),
  };
  if (target.isDir) return recommend([reads]);
  const file: AllowScope = { kind: 'rule', label: `Only this file (${shown})`, rule: formatRule({ toolName, ruleContent: literal(pathPatternFor(abs, ctx)) }) };
  return recommend([reads, file]);
}

function fetchScopes(input: unknown): AllowScope[] {
  const any: AllowScope = { kind: 'rule', label: 'Any web page', rule: 'WebFetch', warning: allowRuleRisk('WebFetch')! };
  try {
    const host = new URL(str(input, 'url') ?? '').hostname;
    if (host) return recommend([{ kind: 'rule', label: `Pages from ${host}`, rule: formatRule({ toolName: 'WebFetch', ruleContent: `domain:${host}` }) }, any]);
  } catch {
    // Not a URL: only the whole tool can be offered.
  }
  return recommend([any]);
}

function mcpScopes(toolName: string): AllowScope[] {
  const info = mcpInfoFromName(toolName);
  if (!info) return recommend([{ kind: 'rule', label: `Every use of ${toolName}`, rule: toolName }]);
  const tool: AllowScope = { kind: 'rule', label: `The tool “${info.toolName ?? toolName}” of ${info.serverName}`, rule: toolName };
  const server: AllowScope = {
    kind: 'rule',
    label: `Every tool of ${info.serverName}`,
    rule: `mcp__${info.serverName}`,
    warning: allowRuleRisk(`mcp__${info.serverName}`)!,
  };
  return recommend([tool, server]);
}

export function allowScopes(toolName: string, input: unknown, ctx: SuggestContext): AllowScope[] {
  const kind = (ctx.catalog ?? CLAUDE_CODE_CATALOG).traits(toolName)?.kind;
  if (kind === 'exec') {
    const command = str(input, 'command');
    return command ? commandScopes(command.replace(/[ \t]+/g, ' ')) : recommend([{ kind: 'rule', label: 'Every command', rule: toolName, warning: allowRuleRisk('Bash')! }]);
  }
  if (kind === 'fetch') return fetchScopes(input);
  if (kind === 'read' || kind === 'edit') {
    const files = fileScopes(toolName, input, ctx);
    if (files) return files;
  }
  if (mcpInfoFromName(toolName)) return mcpScopes(toolName);
  return recommend([{ kind: 'rule', label: `Every use of ${toolName}`, rule: toolName }]);
}
