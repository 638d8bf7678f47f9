// Whether a `Read(...)` / `Edit(...)` rule's path pattern covers a file tool's call. The call's path is
// resolved against the session's directory and, through symlinks, to where it really leads: an allow
// rule must cover both, a deny or ask rule either (a link never slips past a deny, nor into an allow).
import path from 'node:path';
import { parsePathPattern, pathPatternCovers, type PathAnchor, type PathPattern } from './path-pattern';
import { CLAUDE_CODE_CATALOG, fileTargetOf, type ToolCatalog } from './tool-catalog';
import type { RuleBehavior } from './types';

export interface PathContext {
  /** The session's current directory (relative paths and `./` patterns start here). */
  cwd: string;
  /** The project root (`/x` patterns start here). */
  projectDir: string;
  /** `~`; unknown home = `~` patterns and paths never allow. */
  home?: string;
  /** Where a path really leads (symlinks resolved); identity when absent. */
  realpath?: (abs: string) => string;
  /** Deny/ask rules ignore case (macOS, Windows). */
  caseInsensitive?: boolean;
  /**
   * Where this rule's settings source anchors `/x` when that is not the project root (user settings:
   * `~/.claude`; a `--settings` file: its folder). Deny and ask rules match there as well as at the
   * project root; allow rules keep the project root (docs/permissions.md says why).
   */
  sourceDir?: string;
}

const cache = new Map<string, PathPattern | null>();
/** Plain ASCII needs no Unicode normalisation (most paths: skip the work). */
const ASCII = /^[\x00-\x7f]*$/;

function compiled(content: string): PathPattern | null {
  let p = cache.get(content);
  if (p === undefined) {
    const r = parsePathPattern(content);
    p = r.ok ? r.pattern : null;
    if (cache.size > 5_000) cache.clear();
    cache.set(content, p);
  }
  return p;
}

/** The call's path made absolute: `~` is home, relative is below the session's directory. */
export function resolveCallPath(p: string, ctx: PathContext): string | null {
  const t = p.trim();
  if (t === '~' || t.startsWith('~/')) return ctx.home ? path.resolve(ctx.home, t.slice(2)) : null;
  return path.resolve(ctx.cwd, t);
}

function anchorDirs(anchor: PathAnchor, behavior: RuleBehavior, ctx: PathContext): string[] {
  switch (anchor) {
    case 'root':
      return [path.parse(ctx.cwd).root || '/'];
    case 'home':
      return ctx.home ? [ctx.home] : [];
    case 'project':
      return behavior === 'allow' || !ctx.sourceDir || ctx.sourceDir === ctx.projectDir ? [ctx.projectDir] : [ctx.projectDir, ctx.sourceDir];
    case 'cwd':
      // A `cd` elsewhere must not lift a deny or ask rule written for the project.
      return behavior === 'allow' || ctx.cwd === ctx.projectDir ? [ctx.cwd] : [ctx.cwd, ctx.projectDir];
  }
}

/** Whether the path pattern `content` covers this file tool call, for a rule of this behaviour. */
export function pathRuleMatches(
  content: string,
  toolName: string,
  input: unknown,
  behavior: RuleBehavior,
  ctx: PathContext,
  catalog: ToolCatalog = CLAUDE_CODE_CATALOG,
): boolean {
  // Deny and ask rules compare names in Unicode's composed form (NFC): `café` typed decomposed is
  // the same file on macOS, and at worst another name on Linux — a deny may only widen.
  const nfc = behavior !== 'allow';
  const pattern = compiled(nfc ? content.normalize('NFC') : content);
  // A malformed pattern matches nothing; settings loading reports it.
  if (!pattern) return false;
  const target = fileTargetOf(toolName, input, catalog);
  if (!target) return false;
  const abs = resolveCallPath(target.path, ctx);
  if (abs === null) return behavior !== 'allow';
  const anchors = anchorDirs(pattern.anchor, behavior, ctx);
  if (anchors.length === 0) return false;
  const real = ctx.realpath ?? ((p: string) => p);
  const forms: Array<{ abs: string; anchors: string[] }> = [{ abs, anchors }];
  const realAbs = real(abs);
  const realAnchors = anchors.map(real);
  if (realAbs !== abs || realAnchors.some((a, i) => a !== anchors[i])) forms.push({ abs: realAbs, anchors: realAnchors });
  const ci = behavior !== 'allow' && ctx.caseInsensitive === true;
  const form = (p: string) => (nfc && !ASCII.test(p) ? p.normalize('NFC') : p);
  const covers = (f: { abs: string; anchors: string[] }) => f.anchors.some((a) => pathPatternCovers(pattern, form(a), { abs: form(f.abs), isDir: target.isDir }, ci, behavior));
  return behavior === 'allow' ? forms.every(covers) : forms.some(covers);
}
