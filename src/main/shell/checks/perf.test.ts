// BA1: adversarial 100,000-character inputs stay linear — a guard against catastrophic backtracking (a
// quadratic check takes minutes here, a linear one milliseconds; the bound leaves room for a loaded
// machine). How fast realistic commands are decided is measured in bench/bash-decisions.bench.ts.
import { describe, expect, it } from 'vitest';
import { runSecurityChecks } from './index';

describe('BA1 adversarial input', () => {
  const N = 100_000;
  it.each([
    ['blanks', ' '.repeat(N)],
    ['quote pairs', "''".repeat(N / 2)],
    ['ANSI-C openers', "$'".repeat(N / 2)],
    ['dollar-braces', '${'.repeat(N / 2)],
    ['open braces', '{'.repeat(N)],
    ['brace pairs with commas', '{a,'.repeat(N / 3)],
    ['backslashes', '\\'.repeat(N)],
    ['escaped blanks', '\\ '.repeat(N / 2)],
    ['blank-dash', ' -"'.repeat(N / 3)],
    ['quoted dashes', ' "-""-"'.repeat(N / 7)],
    ['proc paths', '/proc/'.repeat(N / 6)],
    ['git -m candidates', `git commit ${'-m '.repeat(N / 3)}`],
    ['heredoc openers', "x $(cat <<'A'\n".repeat(N / 14)],
    ['heredoc operators', "cat <<'A' ".repeat(N / 10)],
    ['lines before one substitution', `${'a\n'.repeat(N / 2)}$(cat <<'A'`],
    ['substitutions without heredocs', '$( '.repeat(N / 3)],
    ['mixed quote chains', ' "-"`'.repeat(N / 5)],
    ['backtick dashes', ' `-"'.repeat(N / 4)],
    ['hashes', 'a#'.repeat(N / 2)],
    ['comment quotes', "# '\n".repeat(N / 4)],
    ['quoted newlines', "'\n".repeat(N / 2)],
    ['newlines', 'a\n'.repeat(N / 2)],
    ['variables', '$a '.repeat(N / 3)],
    ['equals', ' ='.repeat(N / 2)],
    ['closers', '} '.repeat(N / 2)],
    ['separators', 'a; '.repeat(N / 3)],
    ['system calls', 'jq system'.repeat(N / 9)],
  ])('stays linear on %s', (_what, input) => {
    const t0 = performance.now();
    runSecurityChecks(input);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
