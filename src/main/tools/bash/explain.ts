// Bash's explanation for the approval window and `permissions explain` (BA9, DK4): the line part by
// part from src/main/shell/explain, with the parts that ask whatever the rules say marked, and how
// much is at the paths it would delete or change.
import type { CommandExplanation } from '../../../shared/permissions/command-explanation';
import { explainCommandLine, withContents } from '../../shell/explain/explain';
import type { SizeBudget } from '../../shell/explain/sizes';
import { loadBashParser } from '../../shell/parser';
import { analyzeBashLine, bashFacts, needsBashParser, partConcerns, type BashPermissionContext } from './permission';
import os from 'node:os';

export async function explainBash(command: string, ctx: BashPermissionContext, budget?: SizeBudget): Promise<CommandExplanation> {
  if (needsBashParser(command)) await loadBashParser();
  const home = ctx.home ?? os.homedir();
  const explanation = explainCommandLine(command, analyzeBashLine(command), { cwd: ctx.cwd, workingDirs: ctx.workingDirectories, home });
  const facts = bashFacts(command);
  if (!facts.safety && facts.parts) {
    for (const c of partConcerns(facts, { ...ctx, home }).concerns) {
      const part = explanation.parts[c.index];
      if (part && !part.asks) part.asks = c.message;
    }
  }
  return withContents(explanation, budget);
}
