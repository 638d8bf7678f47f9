// A command line explained part by part (BA9, DK4): what each part does, which files and folders it
// touches (inside the project or not, and how much is there), whether it reaches the network, and the
// warnings of what may be lost. Pure apart from `withContents`, which looks at the disk within a budget.
import type { CommandExplanation, CommandPart, TouchedPath } from '../../../shared/permissions/command-explanation';
import { hasGlob, programBase } from '../commands/argv';
import { isReadOnlyCommand } from '../commands/read-only';
import { checkCommandLinePaths, type CheckedPath, type PathContext } from '../commands/paths-inside';
import { effectiveCommand } from '../effective';
import type { CommandAnalysis, Separator } from '../types';
import { describeCommand, usesNetwork } from './describe';
import { measurePaths, type SizeBudget } from './sizes';
import { commandWarnings } from './warnings';

/** Programs whose written paths are removed, not changed. */
const REMOVERS = new Set(['rm', 'rmdir', 'unlink', 'shred']);

const JOINS: Readonly<Record<Separator, string>> = {
  '|': 'each part passes what it prints to the next',
  '|&': 'each part passes what it prints to the next',
  '&&': 'each part runs only if the one before it worked',
  '||': 'a part runs only if the one before it failed',
  ';': 'the parts run one after the other',
  '\n': 'the parts run one after the other',
  '&': 'a part keeps running in the background',
};

function joinedWords(separators: readonly Separator[]): string | undefined {
  const kinds = [...new Set(separators.map((s) => JOINS[s]))];
  if (kinds.length === 0) return undefined;
  const text = kinds.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

function touched(p: CheckedPath, remover: boolean): TouchedPath {
  return {
    path: p.path,
    resolved: p.resolved,
    access: p.access === 'write' && remover ? 'delete' : p.access,
    where: p.resolved === null ? 'unknown' : p.inside ? 'project' : 'outside',
    ...(hasGlob(p.path) ? { pattern: true } : {}),
  };
}

/** Said once per sentence: what running as another user means. */
const ELEVATED = ', with administrator rights (sudo)';

export function explainCommandLine(command: string, analysis: CommandAnalysis, ctx: PathContext): CommandExplanation {
  if (analysis.kind === 'too-complex') {
    return {
      parts: [],
      warnings: commandWarnings(command, null, { home: ctx.home }),
      unreadable: `Agent Desk can't tell in advance what this command does: it uses shell features (${analysis.reason}) whose effect depends on what happens while it runs.`,
    };
  }
  const effective = analysis.commands.map((c) => effectiveCommand(c));
  const runs = effective.map((e) => e.command);
  const lines = checkCommandLinePaths(runs, analysis.separators, ctx);
  const parts: CommandPart[] = analysis.commands.map((c, i) => {
    const e = effective[i]!;
    const run = runs[i]!;
    const remover = REMOVERS.has(programBase(run));
    const paths = (lines.byCommand[i]?.paths ?? []).map((p) => touched(p, remover));
    const says = describeCommand(run) + (e.elevated ? ELEVATED : '') + '.';
    return {
      text: c.text,
      says,
      network: usesNetwork(run),
      readOnly: !e.elevated && !e.runsShellCode && isReadOnlyCommand(run).readOnly,
      paths,
    };
  });
  const joined = joinedWords(analysis.separators);
  return {
    parts,
    warnings: commandWarnings(command, { runs, separators: analysis.separators, elevated: effective.map((e) => e.elevated) }, { home: ctx.home }),
    ...(joined ? { joined } : {}),
  };
}

/** Reads written or removed (and a few read) paths' contents from disk, within one budget. */
export async function withContents(explanation: CommandExplanation, budget?: SizeBudget): Promise<CommandExplanation> {
  const targets: TouchedPath[] = [];
  for (const part of explanation.parts) for (const p of part.paths) if (p.resolved && !p.pattern) targets.push(p);
  // What would be deleted or changed matters most; the budget goes there first.
  const order = { delete: 0, write: 1, read: 2 } as const;
  const chosen = [...new Set(targets.sort((a, b) => order[a.access] - order[b.access]).map((p) => p.resolved!))].slice(0, 8);
  if (chosen.length === 0) return explanation;
  const found = await measurePaths(chosen, budget);
  const byPath = new Map(chosen.map((p, i) => [p, found[i]]));
  return {
    ...explanation,
    parts: explanation.parts.map((part) => ({
      ...part,
      paths: part.paths.map((p) => {
        if (!p.resolved || !byPath.has(p.resolved)) return p;
        const contents = byPath.get(p.resolved);
        return contents === undefined ? { ...p, exists: false } : { ...p, exists: true, contents };
      }),
    })),
  };
}
