// BA1 speed: realistic commands well under 0.1 ms; adversarial 100,000-character inputs stay linear.
import { describe, expect, it } from 'vitest';
import { runSecurityChecks } from './index';

const REALISTIC = [
  'ls -la',
  'git status',
  'npm test 2>&1 | tail -20',
  `grep -rn 'TODO' src --include='*.ts'`,
  `find . -name '*.ts' -not -path './node_modules/*' | xargs wc -l`,
  'git commit -m "fix: handle empty input in the parser"',
  "git commit -m \"$(cat <<'EOF'\nfix: a bug\n\nLonger body text here.\nEOF\n)\"",
  'cd src && npx tsc --noEmit -p tsconfig.json && npx vitest run src/main/shell',
  `jq -r '.dependencies | keys[]' package.json`,
  'echo "$(date) done" >> build.log',
  `sed -n '1,80p' src/main/shell/checks/index.ts`,
  `python3 -c 'import sys; print(sys.version)'`,
];

describe('BA1 speed', () => {
  it('takes well under 0.1 ms for a realistic command (all checks)', () => {
    for (let i = 0; i < 300; i++) for (const c of REALISTIC) runSecurityChecks(c);
    // The best of a few batches: a busy machine slows some batches, never speeds one up.
    let perCommand = Infinity;
    for (let batch = 0; batch < 5; batch++) {
      const t0 = performance.now();
      for (let i = 0; i < 200; i++) for (const c of REALISTIC) runSecurityChecks(c);
      perCommand = Math.min(perCommand, (performance.now() - t0) / (200 * REALISTIC.length));
    }
    expect(perCommand).toBeLessThan(0.1);
  });

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
    expect(performance.now() - t0).toBeLessThan(1_000);
  });
});
