// BA3: why the walk gives up on a command line, in words a person can read (the permission layer then asks).
import type { SyntaxNode } from './parser';

/** Why a kind outside the allow-list is refused, for the ones people write. */
const REFUSED: Record<string, string> = {
  command_substitution: 'command substitution ($(…) or backticks)',
  simple_expansion: 'variable expansion ($name)',
  expansion: 'parameter expansion (${…})',
  process_substitution: 'process substitution (<(…) or >(…))',
  arithmetic_expansion: 'arithmetic expansion ($((…)))',
  subshell: 'a subshell ( … )',
  compound_statement: 'a command group { …; }',
  if_statement: 'an if statement',
  for_statement: 'a for loop',
  c_style_for_statement: 'a for loop',
  while_statement: 'a while/until loop',
  case_statement: 'a case statement',
  function_definition: 'a function definition',
  test_command: 'a test expression ([[ … ]] or [ … ])',
  negated_command: 'a negated command (! …)',
  heredoc_redirect: 'a here-document',
  ansi_c_string: "an ANSI-C quoted string ($'…')",
  translated_string: 'a locale string ($"…")',
  brace_expression: 'brace expansion ({a..b})',
  declaration_command: 'a declaration (export, declare, local, readonly, typeset)',
  unset_command: 'unset',
  variable_assignments: 'a standalone assignment (it changes what later commands see)',
  variable_assignment: 'a standalone assignment (it changes what later commands see)',
  array: 'an array',
  subscript: 'an array subscript',
  extglob_pattern: 'an extended glob',
  arithmetic_expression: 'arithmetic',
  '$': 'a lone $ or $"…"',
};

export class TooComplex extends Error {
  constructor(
    readonly reason: string,
    readonly nodeType?: string,
  ) {
    super(reason);
  }
}

export function refuse(node: SyntaxNode, where?: string): never {
  const type = node.type;
  const what = REFUSED[type] ?? (node.isNamed ? `a ${type} node` : `the token ${JSON.stringify(type)}`);
  throw new TooComplex(`contains ${what}${where ? ` ${where}` : ''}`, type);
}
