// Plain words for where a rule lives and what a call touches: a settings file shown relative to the
// project (or with `~`), a source without a file named by how it was given, a call by its subject.
import path from 'node:path';
import type { RuleRef } from '../../shared/permissions/explanation';
import { parsedRule } from './evaluate';
import { ruleDomain } from './domain-match';
import { CLAUDE_CODE_CATALOG, fileTargetOf, type ToolCatalog } from './tool-catalog';

export interface WhereContext {
  projectDir: string;
  home?: string;
  /** What each tool is (default: Claude Code's names alone). */
  catalog?: ToolCatalog;
}

/** `.claude/settings.json` inside the project, `~/.claude/settings.json` in home, else absolute. */
export function displayFile(file: string, ctx: WhereContext): string {
  const inProject = path.relative(ctx.projectDir, file);
  if (inProject === '') return '.';
  if (!inProject.startsWith('..') && !path.isAbsolute(inProject)) return inProject.split(path.sep).join('/');
  if (ctx.home) {
    const inHome = path.relative(ctx.home, file);
    if (inHome && !inHome.startsWith('..') && !path.isAbsolute(inHome)) return `~/${inHome.split(path.sep).join('/')}`;
  }
  return file;
}

/** "in .claude/settings.json", "in the managed policy (/etc/…)", "from --allowedTools", "added in this session". */
export function whereRule(ref: Pick<RuleRef, 'source' | 'file' | 'behavior'>, ctx: WhereContext): string {
  const file = ref.file ? displayFile(ref.file, ctx) : undefined;
  switch (ref.source) {
    case 'session':
      return 'added in this session';
    case 'cliArg':
      return ref.behavior === 'deny' ? 'from --disallowedTools' : 'from --allowedTools';
    case 'policySettings':
      return file ? `in the managed policy (${file})` : 'in the managed policy';
    case 'flagSettings':
      return file ? `in --settings ${file}` : 'in --settings';
    case 'command':
      return file ? `by the skill in use (${file})` : 'by the skill in use';
    default:
      return file ? `in ${file}` : `in ${ref.source}`;
  }
}

/** How a rule reads in a sentence: a content rule of the call's own tool as its content (`npm test`). */
export function ruleWords(rule: string, toolName: string): string {
  const p = parsedRule(rule);
  if (p && p.ruleContent !== undefined && p.toolName === toolName && toolName === 'Bash') return `\`${p.ruleContent}\``;
  if (p && p.ruleContent !== undefined && p.toolName === toolName && ruleDomain(p.ruleContent) !== null) return `\`${p.ruleContent}\``;
  return `\`${rule}\``;
}

function str(input: unknown, key: string): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const v = (input as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : undefined;
}

/** What a call touches, for "no rule allows …": a command, a path, a host, or the tool. */
export function callSubject(toolName: string, input: unknown, ctx: WhereContext & { cwd?: string }): string {
  const catalog = ctx.catalog ?? CLAUDE_CODE_CATALOG;
  const kind = catalog.traits(toolName)?.kind;
  if (kind === 'exec') {
    const c = str(input, 'command');
    return c !== undefined ? c.trim().replace(/[ \t]+/g, ' ') : toolName;
  }
  if (kind === 'fetch') {
    const url = str(input, 'url');
    if (url !== undefined) {
      try {
        return new URL(url).hostname;
      } catch {
        return url;
      }
    }
    return toolName;
  }
  const target = fileTargetOf(toolName, input, catalog);
  if (target) {
    const abs = path.resolve(ctx.cwd ?? ctx.projectDir, target.path.startsWith('~/') && ctx.home ? path.join(ctx.home, target.path.slice(2)) : target.path);
    return displayFile(abs, ctx);
  }
  return toolName;
}

/** "editing src/a.ts", "`npm test`", "fetching from example.com", "searching src", "mcp__x__y on …": by the tool's kind. */
export function callPhrase(toolName: string, subject: string, catalog: ToolCatalog = CLAUDE_CODE_CATALOG): string {
  const traits = catalog.traits(toolName);
  const bare = subject === toolName;
  switch (traits?.kind) {
    case 'exec':
      return `\`${subject}\``;
    case 'edit':
      // Write replaces a whole file: "writing" says so; the others change part of one.
      return `${toolName === 'Write' ? 'writing' : 'editing'} ${subject}`;
    case 'read':
      return `${traits.target?.isDir ? 'searching' : 'reading'} ${subject}`;
    case 'fetch':
      return bare ? toolName : `fetching from ${subject}`;
    default:
      return bare ? toolName : `${toolName} on ${subject}`;
  }
}
