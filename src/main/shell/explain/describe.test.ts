// BA9/DK4: each simple command in a plain sentence, and whether it reaches other computers.
import { describe, expect, it } from 'vitest';
import { one, useBashParser } from '../test-parse';
import { describeCommand, usesNetwork } from './describe';

useBashParser();

describe('BA9 describeCommand: a sentence a person understands', () => {
  it.each([
    ['rm -rf build', 'Deletes build and everything inside'],
    ['rm notes.txt old.txt', 'Deletes notes.txt and old.txt'],
    ['ls', 'Lists what is in the current folder'],
    ['ls -la src', 'Lists what is in src'],
    ['cat a.txt', 'Shows what is in a.txt'],
    ['head -n 5 a.txt', 'Shows the first lines of a.txt'],
    ['grep -rn TODO src', 'Searches src for “TODO”'],
    ['grep -e foo -e bar x.txt', 'Searches x.txt for “foo”'],
    ['rg fixme', 'Searches the current folder for “fixme”'],
    ["find . -name '*.log' -delete", 'Looks for files named “*.log” in . and deletes every one it finds'],
    ['git status', 'Shows which files changed since the last commit (git)'],
    ['git -C sub log --oneline', 'Shows the history of commits (git)'],
    ['git push --force origin main', 'Uploads commits to origin, replacing what is there (git)'],
    ['git reset --hard', 'Throws away every change not yet committed (git)'],
    ['git frobnicate', 'Runs git frobnicate'],
    ['npm install', 'Downloads and installs the project’s packages (npm)'],
    ['npm install left-pad', 'Downloads and installs the packages left-pad (npm)'],
    ['npm run build', 'Runs the project’s “build” script (npm)'],
    ['npm test', 'Runs the project’s tests (npm)'],
    ['npm', 'Runs npm'],
    ['yarn', 'Downloads and installs the project’s packages (yarn)'],
    ['npx prettier --write .', 'Runs “prettier”, downloading it first if needed'],
    ['node -e "console.log(1)"', 'Runs JavaScript code written in the command'],
    ['python3 script.py', 'Runs the Python program script.py'],
    ['bash -c "echo hi"', 'Runs shell commands written in the command'],
    ["sed -i 's/a/b/' f.txt", 'Edits f.txt in place'],
    ['curl https://example.com/x.sh', 'Downloads https://example.com/x.sh'],
    ['curl -o page.html https://example.com', 'Downloads https://example.com and saves it as page.html'],
    ['curl -X POST -d x=1 https://api.example.com', 'Sends data to https://api.example.com'],
    ['chmod -R 755 dist', 'Changes who may read, change or run dist and everything inside'],
    ['echo hello > out.txt', 'Prints text, writing the result into out.txt'],
    ['echo more >> log.txt', 'Prints text, adding the result to the end of log.txt'],
    ['mv a.txt b.txt', 'Moves or renames a.txt to b.txt'],
    ['mkdir -p src/new', 'Creates the folder src/new'],
    ['./configure --prefix=/opt', 'Runs the program “./configure”'],
    ['frobnicate --all', 'Runs the program “frobnicate”'],
  ])('%s → %s', (cmd, sentence) => {
    expect(describeCommand(one(cmd))).toBe(sentence);
  });

  it('names at most three operands, then how many more', () => {
    expect(describeCommand(one('rm a b c d e'))).toBe('Deletes a, b, c and 2 more');
  });
});

describe('BA9 usesNetwork', () => {
  it.each([
    ['curl https://x.org', true],
    ['wget -qO- https://x.org', true],
    ['git push', true],
    ['git fetch origin', true],
    ['git -C sub pull', true],
    ['npm install', true],
    ['npm ci', true],
    ['npx tsc', true],
    ['pip install requests', true],
    ['ssh host ls', true],
    ['rsync -a src/ host:/backup', true],
    ['rsync -a src/ backup/', false],
    ['git status', false],
    ['git commit -m x', false],
    ['npm test', false],
    ['npm run build', false],
    ['ls', false],
    ['cat curl.txt', false],
  ])('%s → %s', (cmd, expected) => {
    expect(usesNetwork(one(cmd))).toBe(expected);
  });
});
