// BA1 #2 and #3: jq asked to run a program (system()) or to load code or data from files.
import { hit, type CheckContext, type Hit } from './types';
import { commandOf } from './words';

/** Claude Code's /\bsystem\s*\(/ as a scan. */
function callsSystem(text: string): boolean {
  for (let at = text.indexOf('system'); at !== -1; at = text.indexOf('system', at + 1)) {
    if (at > 0 && /\w/.test(text[at - 1] as string)) continue;
    let i = at + 6;
    while (/\s/.test(text[i] ?? '')) i++;
    if (text[i] === '(') return true;
  }
  return false;
}

const FILE_OPTIONS = ['--from-file', '--rawfile', '--slurpfile', '--library-path'];

/**
 * -f/--from-file load the filter from a file, --rawfile/--slurpfile read any file into a variable,
 * -L/--library-path choose where modules load from. Read after quote removal, so `"-f"` counts too;
 * jq also takes short options bundled (`-nf prog.jq`), which Claude Code's regex misses.
 */
function isFileOption(word: string): boolean {
  if (FILE_OPTIONS.some((o) => word === o || word.startsWith(`${o}=`))) return true;
  if (word.startsWith('-L')) return true;
  return /^-[A-Za-z]+$/.test(word) && /[fL]/.test(word);
}

/** `import "x" as $d;` reads a JSON file, `include "x";` loads code: both reach the disk. */
function loadsModules(words: readonly string[]): boolean {
  return words.some((w) => /\b(?:import|include)\s*"/.test(w));
}

function jqArguments(ctx: CheckContext): string[][] {
  const out: string[][] = [];
  if (ctx.baseCommand === 'jq') out.push(ctx.segments[0]?.words.slice(1) ?? []);
  for (const s of ctx.segments) {
    const cmd = commandOf(s.words);
    if (cmd && cmd.name === 'jq') out.push(s.words.slice(cmd.args));
  }
  return out;
}

export function checkJq(ctx: CheckContext): Hit[] {
  const runs = jqArguments(ctx);
  if (runs.length === 0) return [];
  const hits: Hit[] = [];
  if (callsSystem(ctx.original)) {
    hits.push(hit('JQ_SYSTEM_FUNCTION', 'jq command contains system() function which executes arbitrary commands', 1));
  }
  if (runs.some((args) => args.some(isFileOption))) {
    hits.push(
      hit('JQ_FILE_ARGUMENTS', 'jq command contains dangerous flags that could execute code or read arbitrary files', 1),
    );
  } else if (runs.some(loadsModules)) {
    hits.push(hit('JQ_FILE_ARGUMENTS', 'jq program imports or includes a module, which reads files from disk', 2));
  }
  return hits;
}
