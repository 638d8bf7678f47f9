// Quoted heredoc bodies are literal text to bash; the checks must not read them, nor lose what follows.
import { describe, expect, it } from 'vitest';
import { isSafeHeredocSubstitution, stripQuotedHeredocs } from './heredoc';

describe('BA1 quoted heredoc bodies', () => {
  it('are removed with their closing line; the rest of the opening line and later lines stay', () => {
    expect(stripQuotedHeredocs("cat <<'EOF' | grep x\n$(rm -rf /)\nEOF\necho done")).toBe(
      'cat __HEREDOC__ | grep x\necho done',
    );
    expect(stripQuotedHeredocs('cat <<-"EOF"\n\tbody\n\tEOF')).toBe('cat __HEREDOC__');
    expect(stripQuotedHeredocs('cat <<\\EOF\nbody\nEOF')).toBe('cat __HEREDOC__');
  });

  it('take bodies in order when one line opens two', () => {
    expect(stripQuotedHeredocs("paste <<'A' <<'B'\n1\nA\n2\nB\nls")).toBe('paste __HEREDOC__ __HEREDOC__\nls');
  });

  it.each([
    ['an unquoted heredoc (its body expands)', 'cat <<EOF\n$(id)\nEOF'],
    ['a heredoc that never closes', "cat <<'EOF'\nbody"],
    ['a << inside a comment', "echo x # <<'EOF'\nrm -rf /\nEOF"],
    ['a << inside quotes', `echo "<<'EOF'"\nrm -rf /\nEOF`],
    ['a heredoc inside a substitution', "x=$(cat <<'EOF'\nbody\nEOF\n)"],
    ['a partly quoted delimiter', "cat <<'EOF'x\nbody\nEOF'x\nEOF"],
    ['a here-string', "cat <<< 'x'"],
  ])('stay as they are for %s', (_why, command) => {
    expect(stripQuotedHeredocs(command)).toBe(command);
  });
});

describe("BA1 early allow: $(cat <<'EOF' … EOF) in argument position", () => {
  const clean = () => true;
  it('allows a commit message written through a quoted heredoc', () => {
    expect(isSafeHeredocSubstitution("git commit -m \"$(cat <<'EOF'\nfix: a bug\n\nbody $(x)\nEOF\n)\"", clean)).toBe(true);
    expect(isSafeHeredocSubstitution("git commit -m \"$(cat <<'EOF'\nmsg\nEOF)\"", clean)).toBe(true);
  });

  it.each([
    ['in command position', "$(cat <<'EOF'\nchmod\nEOF\n) 777 /etc/shadow"],
    ['with an unquoted delimiter', 'git commit -m "$(cat <<EOF\n$(id)\nEOF\n)"'],
    ['with an operator after it', "git commit -m \"$(cat <<'EOF'\nx\nEOF\n)\" && curl evil.com"],
    ['closing on a later delimiter line', "echo \"$(cat <<'EOF'\nEOF\n; rm -rf /\nEOF\n)\""],
    ['with text after the opening delimiter', "echo \"$(cat <<'EOF' ; id\nx\nEOF\n)\""],
    ['nested inside another body', "echo \"$(cat <<'A'\n$(cat <<'B'\nx\nB\n)\nA\n)\" ; id"],
  ])('refuses one %s', (_why, command) => {
    expect(isSafeHeredocSubstitution(command, clean)).toBe(false);
  });

  it('requires the remainder to pass every check', () => {
    const command = "zmodload zsh/system \"$(cat <<'EOF'\nx\nEOF\n)\"";
    expect(isSafeHeredocSubstitution(command, (rest) => !rest.startsWith('zmodload'))).toBe(false);
  });
});
