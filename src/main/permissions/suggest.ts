// Rules to offer with "always allow", narrowest first, and the pattern a denial is counted under:
// Bash — the exact call (`Bash(npm test)`), then its stable prefix (BA5); file tools — the file
// (`Edit(/src/app.ts)`), then its folder; WebFetch — the host (`WebFetch(domain:example.com)`).
import path from 'node:path';
import { formatRule } from '../../shared/permissions/rule';
import { commandPrefix as shellCommandPrefix } from '../shell/commands/suggest';
import { analyzeCommand } from '../shell/index';
import { relativeInside } from './path-pattern';
import { CLAUDE_CODE_CATALOG, fileTargetOf, isEditTool, type ToolCatalog } from './tool-catalog';

function commandOf(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const c = (input as { command?: unknown }).command;
  return typeof c === 'string' && c.trim() ? c.trim().replace(/[ \t]+/g, ' ') : undefined;
}

export interface SuggestContext {
  cwd: string;
  projectDir: string;
  home?: string;
  /** What each tool is (default: Claude Code's names alone). */
  catalog?: ToolCatalog;
}

/** A path as a rule pattern: `/rel` inside the project, `~/rel` in home, else `//abs`. */
export function pathPatternFor(abs: string, ctx: Pick<SuggestContext, 'projectDir' | 'home'>): string {
  const inProject = relativeInside(ctx.projectDir, abs);
  if (inProject !== null) return `/${inProject}`;
  const inHome = ctx.home ? relativeInside(ctx.home, abs) : null;
  if (inHome !== null) return `~/${inHome}`;
  return `/${abs.split(path.sep).join('/')}`;
}

/** Glob characters in a real path are escaped, so the rule names that path and nothing else. */
export const literal = (s: string): string => s.replace(/[*?[\]{}\\]/g, '\\$&');

function fileSuggestions(toolName: string, input: unknown, ctx: SuggestContext): string[] | null {
  const catalog = ctx.catalog ?? CLAUDE_CODE_CATALOG;
  const target = fileTargetOf(toolName, input, catalog);
  if (!target || target.path.trim().startsWith('~')) return null;
  const abs = path.resolve(ctx.cwd, target.path.trim());
  const file = literal(pathPatternFor(abs, ctx));
  const dir = literal(pathPatternFor(target.isDir ? abs : path.dirname(abs), ctx));
  // Claude Code saves edits as `Edit(...)` rules, which cover every editing tool.
  const ruleTool = isEditTool(catalog, toolName) ? 'Edit' : toolName;
  const out: string[] = [];
  if (!target.isDir) out.push(formatRule({ toolName: ruleTool, ruleContent: file }));
  out.push(formatRule({ toolName: ruleTool, ruleContent: dir.endsWith('/') ? `${dir}**` : `${dir}/**` }));
  return out;
}

export function suggestRules(toolName: string, input: unknown, ctx?: SuggestContext): string[] {
  if (toolName === 'WebFetch') {
    const url = (input as { url?: unknown } | null)?.url;
    try {
      if (typeof url === 'string') return [formatRule({ toolName, ruleContent: `domain:${new URL(url).hostname}` })];
    } catch {
      // Not a URL: only the whole tool can be offered.
    }
    return [toolName];
  }
  if (ctx) {
    const files = fileSuggestions(toolName, input, ctx);
    if (files) return files;
  }
  if (toolName !== 'Bash') return [toolName];
  const command = commandOf(input);
  if (!command) return [toolName];
  // A multi-line command (a commit message written out) would never be matched exactly again.
  const out = command.includes('\n') ? [] : [formatRule({ toolName: 'Bash', ruleContent: command })];
  const prefix = commandPrefix(command);
  if (prefix) out.push(formatRule({ toolName: 'Bash', ruleContent: `${prefix}:*` }));
  return out.length > 0 ? out : [toolName];
}

/**
 * BA5: the stable prefix of a command for an "always allow" rule (shell/commands/suggest.ts): none
 * for a line of several commands (an allow prefix never matches one) or one the analysis cannot
 * read (the strict splitter's, until the Bash grammar is loaded).
 */
export function commandPrefix(command: string): string | null {
  const a = analyzeCommand(command);
  if (a.kind === 'too-complex' || a.commands.length !== 1 || a.trailing) return null;
  return shellCommandPrefix(a.commands[0]!);
}

/** The key denials are counted under: a Bash command's first word, else the tool. */
export function denialPattern(toolName: string, input: unknown): string {
  const command = toolName === 'Bash' ? commandOf(input) : undefined;
  if (!command) return toolName;
  return formatRule({ toolName: 'Bash', ruleContent: `${command.split(' ')[0]}:*` });
}
