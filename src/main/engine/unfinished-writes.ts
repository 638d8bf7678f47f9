// An atomic write a crash cut short leaves its temp file next to the file it was writing: when a
// session is restored, those temp files of its file-changing calls that never finished go (the file
// itself kept its old bytes).
import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { targetOf } from '../../shared/tools/traits';
import type { Logger } from '../base/log';
import { TEMP_FILE_PATTERN, tempPathFor } from '../fs/atomic-write';
import { CLAUDE_CODE_CATALOG } from '../permissions/tool-catalog';
import type { InterruptedTurn } from '../sessions/recover';

export async function removeUnfinishedWrites(turns: readonly InterruptedTurn[], projectDir: string, log: Logger): Promise<void> {
  for (const use of turns.flatMap((t) => t.unfinished)) {
    const traits = CLAUDE_CODE_CATALOG.traits(use.name);
    const target = traits?.kind === 'edit' ? targetOf(traits.target, use.input) : undefined;
    if (!target || target.isDir || target.path.startsWith('~')) continue;
    const file = path.resolve(projectDir, target.path);
    for (const temp of await tempFilesOf(file)) {
      await unlink(temp).then(
        () => log.info(`removed ${temp}, left by a write that did not finish`),
        () => undefined,
      );
    }
  }
}

/** The temp files an atomic write of `file` may have left (its name up to the random part, and ours). */
async function tempFilesOf(file: string): Promise<string[]> {
  const sample = path.basename(tempPathFor(file));
  const prefix = sample.slice(0, sample.lastIndexOf('-') + 1);
  const dir = path.dirname(file);
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(prefix) && TEMP_FILE_PATTERN.test(n)).map((n) => path.join(dir, n));
}
