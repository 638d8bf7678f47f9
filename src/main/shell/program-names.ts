// Which programs a line runs, read off the syntax tree even where the walk gives up (a substitution, a
// loop, a here-doc): every command's text with its name as Bash reads it, for deny and ask rules, and
// whether some program is only known when the line runs (`$X x`, `r* x`, `rm$IFS-rf`, `eval "$X"`).
import { loadedBashParser, type SyntaxNode } from './parser';

export interface ProgramNames {
  /** Every simple command in the line, nested ones included: its program's name unquoted, then its words as written. */
  commands: string[];
  /** Some program's name is not a fixed word, or code run from a string is not fixed, or the line does not parse. */
  hidden: boolean;
}

/** Programs that run code given as words: with an expansion among them, what runs is not written here. */
const CODE_RUNNERS = new Set(['eval', 'source', '.', 'exec', 'sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'su', 'sudo', 'doas', 'env', 'xargs', 'command', 'builtin']);
const PLAIN = /^[A-Za-z0-9_./+@%:,=-]+$/;

/** The name as Bash reads it when it is fixed text (`\rm`, `"rm"`, `'r'm`), else null. */
function fixedName(node: SyntaxNode): string | null {
  switch (node.type) {
    case 'word':
      return node.text.replace(/\\(.)/gs, '$1');
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string':
      return node.namedChildren.every((c) => c?.type === 'string_content') ? node.text.slice(1, -1) : null;
    case 'concatenation': {
      let out = '';
      for (const c of node.namedChildren) {
        const part = c ? fixedName(c) : null;
        if (part === null) return null;
        out += part;
      }
      return out;
    }
    default:
      return null;
  }
}

/** null when the grammar is not loaded (the caller decides without it). */
export function programNames(line: string): ProgramNames | null {
  const parser = loadedBashParser();
  if (!parser) return null;
  return parser.withTree(line, (root) => {
    const commands: string[] = [];
    let hidden = root.hasError;
    const stack: SyntaxNode[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      // In the order written: outer commands before what they contain.
      for (let k = node.namedChildren.length - 1; k >= 0; k--) {
        const c = node.namedChildren[k];
        if (c) stack.push(c);
      }
      if (node.type !== 'command') continue;
      const nameNode = node.childForFieldName('name')?.namedChildren[0] ?? null;
      if (!nameNode) continue;
      const name = fixedName(nameNode);
      // A pattern or brace list in the name is expanded against the disk or into several words.
      if (name === null || !PLAIN.test(name)) {
        hidden = true;
        continue;
      }
      const words = line.slice(nameNode.endIndex, node.endIndex);
      if (CODE_RUNNERS.has(name) && /[$`]/.test(words)) hidden = true;
      commands.push(name + words);
    }
    return { commands, hidden };
  }) ?? { commands: [], hidden: true };
}
