// BA1 #20: zsh built-ins that get around the usual checks (zmodload, emulate, sys*, zpty, ztcp, zf_*), and fc -e.
import { hit, type CheckContext, type Hit } from './types';
import { commandOf } from './words';

const DANGEROUS = new Set([
  // The door to zsh/system, zsh/zpty, zsh/net/tcp, zsh/files, zsh/mapfile…
  'zmodload',
  // `emulate -c` evaluates its argument like eval.
  'emulate',
  // Module built-ins, asked about even if zmodload was somehow skipped or preloaded.
  'sysopen',
  'sysread',
  'syswrite',
  'sysseek',
  'zpty',
  'ztcp',
  'zsocket',
  'mapfile',
]);

/** zsh/files' zf_rm, zf_mv, zf_ln, zf_chmod, zf_chown, zf_chgrp, zf_mkdir, zf_rmdir, zf_sync: any zf_ name. */
function isDangerous(name: string): boolean {
  return DANGEROUS.has(name) || name.startsWith('zf_');
}

const PRECOMMANDS = new Set(['command', 'builtin', 'noglob', 'nocorrect']);

/** Claude Code's base word: the first blank-separated word past assignments and zsh precommands. */
function leadingWord(text: string): string {
  for (const w of text.trim().split(/\s+/)) {
    if (/^[A-Za-z_]\w*=/.test(w) || PRECOMMANDS.has(w)) continue;
    return w;
  }
  return '';
}

function fcWithEditor(args: readonly string[]): boolean {
  return args.some((a) => a.startsWith('-') && a.slice(1).includes('e'));
}

export function checkZshDangerous(ctx: CheckContext): Hit | null {
  const first = leadingWord(ctx.original);
  // Every simple command counts, not only the first: `true && zmodload zsh/system` too.
  const commands = [first, ...ctx.segments.map((s) => commandOf(s.words)?.name ?? '')];
  const bad = commands.find(isDangerous);
  if (bad !== undefined) {
    return hit('ZSH_DANGEROUS_COMMANDS', `Command uses Zsh-specific '${bad}' which can bypass security checks`, 1);
  }
  const fcRuns = ctx.segments.filter((s) => commandOf(s.words)?.name === 'fc');
  if ((first === 'fc' && /\s-\S*e/.test(ctx.original.trim())) || fcRuns.some((s) => fcWithEditor(s.words))) {
    return hit('ZSH_DANGEROUS_COMMANDS', "Command uses 'fc -e' which can execute arbitrary commands via editor", 2);
  }
  return null;
}
