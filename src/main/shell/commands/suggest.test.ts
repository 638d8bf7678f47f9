// Table-driven cases for BA5: rule suggestions per command and per line, and compound aggregation.
import { describe, expect, it } from 'vitest';
import { aggregate, commandPrefix, MAX_SUGGESTED_RULES_FOR_COMPOUND, suggestRule, suggestRules } from './suggest';
import { cmd, withEnv } from './test-cmd';

describe('BA5 suggestRule: a stable two-word prefix, else the exact command', () => {
  it.each([
    [['git', 'commit', '-m', 'x'], 'Bash(git commit:*)'],
    // A package runner's script is part of the prefix: `npm run:*` would allow every script (issue 13 item 3).
    [['npm', 'run', 'test'], 'Bash(npm run test:*)'],
    [['pnpm', 'run', 'lint:fix'], 'Bash(pnpm run lint:fix:*)'],
    [['npm', 'run'], 'Bash(npm run:*)'],
    [['npm', 'test'], 'Bash(npm test:*)'],
    [['docker', 'compose', 'up', '-d'], 'Bash(docker compose:*)'],
    [['cargo', 'dry-run'], 'Bash(cargo dry-run:*)'],
    [['ls', '-la'], 'Bash(ls -la)'],
    [['ls'], 'Bash(ls)'],
    [['cat', 'README.md'], 'Bash(cat README.md)'],
    [['chmod', '755', 'x'], 'Bash(chmod 755 x)'],
    [['curl', 'https://x.dev'], 'Bash(curl https://x.dev)'],
    [['git', 'Commit'], 'Bash(git Commit)'],
    // Shells and wrappers: never a prefix (it would allow anything), only the exact command.
    [['bash', '-c', 'rm -rf /'], "Bash(bash -c 'rm -rf /')"],
    [['sh', 'script'], 'Bash(sh script)'],
    [['sudo', 'apt', 'install', 'x'], 'Bash(sudo apt install x)'],
    [['env', 'node', 'x'], 'Bash(env node x)'],
    [['xargs', 'rm'], 'Bash(xargs rm)'],
    [['eval', 'echo'], 'Bash(eval echo)'],
    [['timeout', '5', 'make'], 'Bash(timeout 5 make)'],
    [['/bin/bash', 'run'], 'Bash(/bin/bash run)'],
    [['f(x)', '-y'], "Bash('f\\(x\\)' -y)"],
  ])('%j → %s', (argv, rule) => {
    expect(suggestRule(cmd(...argv))).toBe(rule);
  });

  it('an environment prefix left by the parser gives the exact command only', () => {
    expect(commandPrefix(withEnv(cmd('git', 'push'), 'GIT_SSH_COMMAND', 'x'))).toBeNull();
    expect(suggestRule(withEnv(cmd('git', 'push'), 'GIT_SSH_COMMAND', 'x'))).toBe('Bash(GIT_SSH_COMMAND=x git push)');
  });

  it('nothing for a bare assignment or a multi-line command without a prefix', () => {
    expect(suggestRule({ text: 'X=1', env: [{ name: 'X', value: '1' }], argv: [], redirects: [] })).toBeNull();
    expect(suggestRule({ text: 'cat <<EOF\nhi\nEOF', env: [], argv: ['cat'], redirects: [{ op: '<<', target: 'hi\n' }] })).toBeNull();
    expect(suggestRule({ text: 'git commit -F - <<EOF\nmsg\nEOF', env: [], argv: ['git', 'commit', '-F', '-'], redirects: [] })).toBe('Bash(git commit:*)');
  });
});

describe('BA5 suggestRules: one per distinct part, at most five', () => {
  it('dedupes and describes what is covered', () => {
    const r = suggestRules([cmd('git', 'add', 'a'), cmd('git', 'add', 'b'), cmd('npm', 'run', 'build')]);
    expect(r).toEqual({ rules: ['Bash(git add:*)', 'Bash(npm run build:*)'], description: 'git add and npm run build commands' });
    expect(suggestRules([cmd('ls', '-la')])).toEqual({ rules: ['Bash(ls -la)'], description: 'ls -la command' });
    expect(suggestRules([])).toEqual({ rules: [], description: '' });
  });

  it(`beyond ${MAX_SUGGESTED_RULES_FOR_COMPOUND} distinct parts: the first five and "similar commands"`, () => {
    const parts = ['a', 'b', 'c', 'd', 'e', 'f'].map((s) => cmd('tool', `sub${s}`));
    const r = suggestRules(parts);
    expect(r.rules).toHaveLength(5);
    expect(r.rules[0]).toBe('Bash(tool suba:*)');
    expect(r.description).toBe('tool suba, tool subb and similar commands');
  });
});

describe('BA5 aggregate: any deny denies, any ask asks, else allow', () => {
  it.each([
    [['allow', 'allow'], 'allow', null],
    [['allow', 'ask', 'deny', 'ask'], 'deny', 2],
    [['allow', 'ask', 'allow'], 'ask', 1],
    [['deny', 'deny'], 'deny', 0],
    [[], 'ask', null],
  ] as const)('%j → %s (part %s)', (behaviors, behavior, index) => {
    const parts = behaviors.map((b, i) => ({ behavior: b, id: i }));
    const r = aggregate(parts);
    expect(r.behavior).toBe(behavior);
    expect(r.index).toBe(index);
    expect(r.decision).toBe(index === null ? null : parts[index]);
  });
});
